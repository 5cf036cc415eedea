// Dates are shown in the viewer's local time with the spec's fixed patterns, whatever the language.
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(value: string | Date): string {
  const d = new Date(value);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

export function formatTime(value: string | Date): string {
  const d = new Date(value);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** HH:mm:ss, for the conversation banners. */
export function formatSeconds(value: string | Date): string {
  const d = new Date(value);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function isSameDay(a: string | Date, b: string | Date): boolean {
  return formatDate(a) === formatDate(b);
}

/** Ticket rows: HH:mm for today, dd/MM/yyyy for anything older. */
export function formatTicketTime(value: string | Date, now: Date = new Date()): string {
  return isSameDay(value, now) ? formatTime(value) : formatDate(value);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left until the due date (partial days do not count), negative when past. */
export function daysUntil(due: string | Date, now: Date = new Date()): number {
  const diff = new Date(due).getTime() - now.getTime();
  return Math.trunc(diff / DAY_MS);
}

/** The phone mask of the sign-up form: (99) 99999-9999, at most 11 digits. */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 11);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  // Ten-digit numbers (landlines) split 4+4; eleven-digit mobiles split 5+4.
  const split = rest.length > 8 ? 5 : 4;
  if (rest.length <= split) return `(${area}) ${rest}`;
  return `(${area}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

export const onlyDigits = (value: string) => value.replace(/\D/g, '');

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 });

/** Prices and invoices in BRL, pt-BR, 2 decimals (doc 2 constants), whatever the interface language. */
export const formatBRL = (value: number | string) => brl.format(Number(value));

/** Whole days left, a started day counting as one (doc 2 §9 trial days: rounded up); 0 once past. */
export function daysLeft(due: string | Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((new Date(due).getTime() - now.getTime()) / DAY_MS));
}
