import type { HelpView } from '@zelo/contracts/helps/read-models';
import { youtubeId } from '@zelo/contracts/helps/youtube';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';

// The settings Help tab's form: a title, a YouTube video (its id or any link to it), a description.
export const HelpInput = v.object({
  title: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(2, 'validation.tooShort'),
    v.maxLength(100, 'validation.tooLong'),
  ),
  video: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(1, 'validation.required'),
    v.check((s) => youtubeId(s) !== null, 'helps.videoInvalid'),
  ),
  description: v.optional(v.pipe(v.string(), v.maxLength(1000, 'validation.tooLong')), ''),
});
export type HelpInput = v.InferInput<typeof HelpInput>;

export const listHelps = (signal?: AbortSignal) => apiRequest<HelpView[]>('/helps/list', { signal });

export const saveHelp = (id: string | null, input: HelpInput) =>
  apiRequest<HelpView>(id ? `/helps/${encodeURIComponent(id)}` : '/helps', {
    method: id ? 'PUT' : 'POST',
    body: v.parse(HelpInput, input),
  });

export const deleteHelp = (id: string) =>
  apiRequest<{ message: string }>(`/helps/${encodeURIComponent(id)}`, { method: 'DELETE' });
