import type { Intent, Toaster } from '@blueprintjs/core';
import { t, translateError } from './i18n.ts';
import { appStore, languageAtom } from './store.ts';

/**
 * How long a toast stays: 2 s on doc 1's screens (tickets, contacts, users, connections, dashboard,
 * login), 3 s on doc 2's back-office and automation screens (its §2.1: "toasts close after 3000 ms";
 * doc 1 also gives the flow editor 3 s). Decided here, by the page the toast shows on.
 */
const DOC1_TOAST_MS = 2000;
const DOC2_TOAST_MS = 3000;
const DOC2_AREA = [
  '/queues',
  '/sla-policies',
  '/tags',
  '/kanban',
  '/contact-lists',
  '/quick-messages',
  '/schedules',
  '/campaign',
  '/announcements',
  '/files',
  '/prompts',
  '/queue-integration',
  '/phrase-lists',
  '/flowbuilder',
  '/chats',
  '/messages-api',
  '/helps',
  '/settings',
  '/financeiro',
  '/subscription',
  '/signup',
  '/forgetpsw',
  '/todolist',
];

export function toastMs(pathname: string): number {
  return DOC2_AREA.some((p) => pathname === p || pathname.startsWith(p)) ? DOC2_TOAST_MS : DOC1_TOAST_MS;
}

let toaster: Promise<Toaster> | null = null;

// Created on the first toast, so importing this module in unit tests or before the DOM exists is
// harmless, and the toaster's code stays out of the first load. Every toast waits on the one promise,
// so toasts shown in quick succession keep their order.
const getToaster = () => {
  if (!toaster) {
    toaster = import('./overlay-toaster.ts').then((m) => m.createToaster());
    // A failed fetch (the network) may be tried again by the next toast.
    toaster.catch(() => {
      toaster = null;
    });
  }
  return toaster;
};

export function showToast(
  message: string,
  intent: Intent = 'none',
  timeout = toastMs(typeof window === 'undefined' ? '/' : window.location.pathname),
) {
  void getToaster().then((tst) => tst.show({ message, intent, timeout }));
}

/**
 * A toast with a button (an SLA alert's "open the ticket"); it stays 10 s so there is time to press it,
 * and while the pointer is over it (Blueprint pauses the timer on hover).
 */
export function showActionToast(
  message: string,
  intent: Intent,
  action: { text: string; onClick: () => void },
  timeout = 10_000,
) {
  void getToaster().then((tst) => tst.show({ message, intent, timeout, action }));
}

export const toastSuccess = (message: string) => showToast(message, 'success');
export const toastWarning = (message: string) => showToast(message, 'warning');

/** The common error toast of section 8: translated ERR_ code, else the raw text. */
export function toastError(error: unknown) {
  const code = errorCode(error);
  if (!code) {
    console.error(error);
    showToast(t('errors.generic'), 'danger');
    return;
  }
  showToast(withLimit(translateError(appStore.get(languageAtom), code), code, error), 'danger');
}

/**
 * A plan-limit refusal names the limit ("the plan allows 3."): from the answer's details.limit, else the
 * number in the server's message ("the plan allows 3 users").
 */
export function withLimit(text: string, code: string, error: unknown): string {
  if (!/^ERR_(USER|CONNECTION|QUEUE)_LIMIT_REACHED$/.test(code)) return text;
  const e = error as { message?: unknown; body?: { details?: { limit?: unknown } } };
  const detail = e.body?.details?.limit;
  const limit =
    typeof detail === 'number'
      ? detail
      : typeof e.message === 'string'
        ? e.message.match(/\d+/)?.[0]
        : undefined;
  return limit === undefined ? text : `${text} ${t('usage.limitNamed', { limit })}`;
}

function errorCode(error: unknown): string | null {
  if (typeof error === 'string') {
    console.error(error);
    return error;
  }
  if (error && typeof error === 'object') {
    const e = error as { code?: unknown; message?: unknown };
    if (typeof e.code === 'string') return e.code;
  }
  return null;
}
