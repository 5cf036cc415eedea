import type { ScheduleRequest } from '@zelo/contracts/schedules/api';
import type { ScheduleView } from '@zelo/contracts/schedules/read-models';
import * as v from 'valibot';
import { apiRequest } from '../../../lib/api.ts';
import { localInputToIso } from '../../../lib/datetime-local.ts';
import type { ContactOption } from '../types.ts';

const required = 'validation.required';

/** Doc 1 §5 schedule rules; messages are i18n keys translated by the form adapter. */
export const ScheduleForm = v.object({
  body: v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.minLength(5, 'schedules.bodyTooShort'),
    v.maxLength(4096, 'validation.tooLong'),
  ),
  contact: v.object({ id: v.string(), name: v.string(), number: v.string() }, required),
  sendAt: v.pipe(
    v.string(required),
    v.nonEmpty(required),
    v.check((s) => localInputToIso(s) !== null, 'schedules.invalidDate'),
  ),
});
export interface ScheduleFormValues {
  body: string;
  contact: ContactOption | null;
  /** The datetime-local box's value. */
  sendAt: string;
}

/**
 * The request for valid form values. An edit keeps the schedule's connection; it keeps its ticket only
 * for the same contact, as a ticket's connection would otherwise send to the old contact.
 */
export function toScheduleRequest(
  values: ScheduleFormValues,
  existing: ScheduleView | null,
): ScheduleRequest {
  const form = v.parse(ScheduleForm, values);
  const sameContact = existing?.contactId === form.contact.id;
  return {
    body: form.body,
    contactId: form.contact.id,
    sendAt: localInputToIso(form.sendAt)!,
    ticketId: sameContact ? (existing?.ticketId ?? null) : null,
    whatsappId: existing?.whatsappId ?? null,
  };
}

export const saveSchedule = (values: ScheduleFormValues, existing: ScheduleView | null) =>
  apiRequest<ScheduleView>(existing ? `/schedules/${encodeURIComponent(existing.id)}` : '/schedules', {
    method: existing ? 'PUT' : 'POST',
    body: toScheduleRequest(values, existing),
  });
