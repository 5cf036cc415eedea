import type { TicketEventView } from '@zelo/contracts/audit/read-models';
import { formatDate } from '../../../lib/format.ts';

export interface HistoryRow {
  key: string;
  /** dd/MM/yyyy HH:mm:ss in the viewer's local time. */
  when: string;
  /** The user's name, else the raw actor (system:<actor> for the channel, workflows and the seed). */
  who: string;
  what: string;
  type: string;
  /** `data` pretty-printed for the expandable block; the raw text when it is not JSON. */
  json: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function formatWhen(value: string | Date): string {
  const d = new Date(value);
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function toHistoryRow(event: TicketEventView): HistoryRow {
  return {
    key: event.position,
    when: formatWhen(event.at),
    who: event.actorName ?? event.actor,
    what: event.summary,
    type: event.type,
    json: prettyJson(event.data),
  };
}
