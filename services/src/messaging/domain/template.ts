/**
 * The message variables of doc 1 §3 ("contactFirstName or firstName, contactName or name, greeting,
 * protocolNumber or protocol, date, hour"), replaced in every message Zelo sends from a template:
 * what an agent types, quick answers, queue and connection greetings, out-of-hours, rating,
 * completion and inactivity messages, transfer and accept notices, schedules and the external API
 * (all of them pass `queueOutboundMessage`, which calls this). Pure: the caller passes the clock and
 * the time zone.
 *
 * Written `{{name}}` (spaces inside the braces allowed). A name that is not a variable (a flow's own
 * `{{answer}}`, a typo) is left exactly as written, never blanked.
 */

export interface TemplateContext {
  /** The contact's name as stored (may be empty: a number-only contact). */
  contactName: string;
  ticketId: string;
  /** When the ticket was opened: the protocol number is the ticket's, not the message's. */
  ticketCreatedAt: Date;
  now: Date;
  /** IANA zone the company works in (dates, hours and the greeting follow it). */
  timeZone: string;
}

const PATTERN = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** Quick check before any I/O: does this text name anything to replace? */
export const hasTemplateVariables = (text: string): boolean => {
  for (const m of text.matchAll(PATTERN)) if (Object.hasOwn(NAMES, m[1])) return true;
  return false;
};

/** Which value each spelling reads. */
const NAMES = {
  contactFirstName: 'firstName',
  firstName: 'firstName',
  contactName: 'name',
  name: 'name',
  greeting: 'greeting',
  protocolNumber: 'protocol',
  protocol: 'protocol',
  date: 'date',
  hour: 'hour',
} as const;

/** Calendar fields of `at` in `timeZone`, as zero-padded strings. */
function fieldsIn(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** First word of the contact's name; a nameless contact is greeted without one. */
export function firstNameOf(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}

/** "Bom dia" from 05:00, "Boa tarde" from 12:00, "Boa noite" from 18:00 (company time). */
export function greetingAt(at: Date, timeZone: string): string {
  const hour = Number(fieldsIn(at, timeZone).hour);
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

/**
 * The ticket's protocol number: its opening time (yyyyMMddHHmmss, company time) and four digits of
 * its id, so two tickets opened in the same second still differ; the same on every message of it.
 */
export function protocolOf(ticketId: string, createdAt: Date, timeZone: string): string {
  const f = fieldsIn(createdAt, timeZone);
  const suffix = String(Number.parseInt(ticketId.replace(/-/g, '').slice(0, 8), 16) % 10_000).padStart(
    4,
    '0',
  );
  return `${f.year}${f.month}${f.day}${f.hour}${f.minute}${f.second}${suffix}`;
}

export function templateValues(c: TemplateContext): Record<(typeof NAMES)[keyof typeof NAMES], string> {
  const now = fieldsIn(c.now, c.timeZone);
  return {
    firstName: firstNameOf(c.contactName),
    name: c.contactName.trim(),
    greeting: greetingAt(c.now, c.timeZone),
    protocol: protocolOf(c.ticketId, c.ticketCreatedAt, c.timeZone),
    date: `${now.day}/${now.month}/${now.year}`,
    hour: `${now.hour}:${now.minute}`,
  };
}

/** Replaces the variables in `text`; everything else stays as written. */
export function fillTemplate(text: string, c: TemplateContext): string {
  if (!hasTemplateVariables(text)) return text;
  const values = templateValues(c);
  return text.replace(PATTERN, (whole, key: string) =>
    Object.hasOwn(NAMES, key) ? values[NAMES[key as keyof typeof NAMES]] : whole,
  );
}
