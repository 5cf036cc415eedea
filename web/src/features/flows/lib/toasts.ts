import { type TKey, t, translateError } from '../../../lib/i18n.ts';
import { appStore, languageAtom } from '../../../lib/store.ts';
import { showToast } from '../../../lib/toaster.ts';

/** Doc 2 §9: toasts of the flow area stay 3000 ms (the rest of the app uses 2000). */
export const FLOW_TOAST_MS = 3000;

export const flowSuccess = (message: string) => showToast(message, 'success', FLOW_TOAST_MS);

/** The common error toast (translated ERR_ code, else the generic text), for 3000 ms. */
export function flowError(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') {
    console.error(error);
    return showToast(t('errors.generic'), 'danger', FLOW_TOAST_MS);
  }
  // The flow area's own codes are worded in its section (until the shared catalogue has them).
  const own = `flows.error${code}` as TKey;
  const text = t(own);
  showToast(text !== own ? text : translateError(appStore.get(languageAtom), code), 'danger', FLOW_TOAST_MS);
}
