import { ERASED_TEXT, SHREDDED_TEXT } from '@zelo/contracts/contacts/privacy';
import type pg from 'pg';
import { erasedContact, shredCutoff } from '../tickets/erasure.ts';

// LGPD (issue 25): the audit trail keeps each ticket event's data as the store gave it, so it holds
// the personal fields the store seals. Once their keys are gone a rebuild copies them redacted; these
// rewrite the live rows the same way. The fields and what they read as are the store's inventory
// (services/src/privacy/personal-fields.ts) for the events that name a ticket; erasure.unit.spec.ts
// holds the two together.

/** Per event type, the fields a contact's erasure makes unreadable and what they read as then. */
export const ERASED_FIELDS: Record<string, Record<string, unknown>> = {
  InboundMessageReceived: { body: ERASED_TEXT, mediaUrl: null, senderName: ERASED_TEXT },
  OutboundMessageQueued: { body: ERASED_TEXT, mediaUrl: null },
  PhoneMessageSent: { body: ERASED_TEXT, mediaUrl: null },
  MessageEdited: { body: ERASED_TEXT, previousBody: ERASED_TEXT },
  TicketNoteAdded: { note: ERASED_TEXT },
  ScheduleCreated: { body: ERASED_TEXT },
  ScheduleUpdated: { body: ERASED_TEXT },
  // Under the ticket's key, which the erasure destroys with the contact's tickets.
  TicketBotStepped: { replies: [] },
  TicketAutomationReplied: { replies: [] },
  TicketVariableSet: { value: ERASED_TEXT },
  TicketRatingRequested: { message: ERASED_TEXT },
  TicketRatingReasked: { message: ERASED_TEXT },
  WebhookDeliveryRequested: { payload: '{}' },
  // Under the campaign recipient's key, destroyed for the recipients with the contact's number.
  CampaignMessageQueued: { number: '' },
};

/** Per event type, the message content a retention shred makes unreadable (under the day's key). */
export const SHREDDED_FIELDS: Record<string, Record<string, unknown>> = {
  InboundMessageReceived: { body: SHREDDED_TEXT, mediaUrl: null },
  OutboundMessageQueued: { body: SHREDDED_TEXT, mediaUrl: null },
  PhoneMessageSent: { body: SHREDDED_TEXT, mediaUrl: null },
  MessageEdited: { body: SHREDDED_TEXT, previousBody: SHREDDED_TEXT },
};

/** The row's data with the fields of its type in `fields` replaced, where the event has them. */
const redacted = (fields: string) => `h.data || (
  SELECT coalesce(jsonb_object_agg(r.key, r.value), '{}') FROM jsonb_each(${fields}::jsonb -> h.type) r
   WHERE h.data ? r.key)`;

/**
 * Every row of the contact's tickets (found by their TicketCreated rows, so a deleted ticket's too).
 * Nothing else leaves the row: ids, types, actors and times are what the trail is for.
 */
export async function eraseContactHistory(tx: pg.PoolClient, companyId: string, contactId: string) {
  await tx.query(
    `UPDATE ticket_history h SET data = ${redacted('$3')}
      WHERE h.ticket_id IN (
          SELECT c.ticket_id FROM ticket_history c
           WHERE c.type = 'TicketCreated' AND c.company_id = $1 AND c.data->>'contactId' = $2)
        AND $3::jsonb ? h.type`,
    [companyId, contactId, JSON.stringify(ERASED_FIELDS)],
  );
}

/**
 * The company's message events of the days before `before`, reached ticket by ticket (the trail's
 * index on ticket and time) rather than by reading every company's trail. An erased contact's stay as the erasure
 * left them: its own key is the first a read needs, so its texts read as erased, not as shredded.
 */
export async function shredCompanyHistory(tx: pg.PoolClient, companyId: string, before: string) {
  await tx.query(
    `UPDATE ticket_history h SET data = ${redacted('$3')}
      WHERE h.ticket_id IN (SELECT c.ticket_id FROM ticket_history c WHERE c.type = 'TicketCreated' AND c.company_id = $1)
        AND h.company_id = $1 AND h.type = ANY($4::text[]) AND h.at < ${shredCutoff('$2')}
        AND h.data->>'body' IS DISTINCT FROM $5
        AND NOT ${erasedContact("(h.data->>'contactId')::uuid")}`,
    [companyId, before, JSON.stringify(SHREDDED_FIELDS), Object.keys(SHREDDED_FIELDS), SHREDDED_TEXT],
  );
}
