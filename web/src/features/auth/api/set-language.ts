import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';
import { LANGUAGES } from '../../../lib/store.ts';

export const SetLanguageInput = v.picklist(LANGUAGES);

export const setUserLanguage = (lang: v.InferOutput<typeof SetLanguageInput>) =>
  apiRequest<void>(`/users/set-language/${v.parse(SetLanguageInput, lang)}`, { method: 'POST' });

/** Remembers the choice on the server too; a failure there must not undo the local switch. */
export function useSetUserLanguage() {
  return (lang: v.InferOutput<typeof SetLanguageInput>) => void setUserLanguage(lang).catch(() => undefined);
}
