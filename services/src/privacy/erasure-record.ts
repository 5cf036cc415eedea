import type { ContactEvent, ContactNumberEvent } from '@zelo/contracts/contacts/events';
import { DomainError } from '@zelo/contracts/errors';
import {
  type ContactState,
  contactNumberStreamId,
  decideContact,
  decideContactNumber,
  type NumberState,
} from '../contacts/domain/contact.ts';
import { contactAggregate, contactStreamId, numberAggregate } from '../contacts/handlers.ts';
import { type Actor, type Deps, handleAll, type Step, step } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { deleteSchedule } from '../schedules/handlers.ts';

/**
 * ContactErased on the contact's stream and the release of its number's claim, in one write: the
 * number's next message (or a new contact typed in) then makes a new contact, and every process's
 * remembered conversation with the old one fails its check on the number's stream and is forgotten.
 * The number is read from the contacts read model, which keeps it until it applies ContactErased (the
 * events' copy reads '' once the key is gone). Erasing twice records once; answers the write's position.
 */
export async function recordContactErased(
  deps: Deps,
  pool: Pool,
  companyId: string,
  contactId: string,
  userId: string | null,
): Promise<string | null> {
  const who: Actor = { companyId, actor: userId ?? 'system:erasure' };
  const at = deps.clock.now().toISOString();
  const row = await getContactRow(pool, companyId, contactId);
  if (row?.number) await forgetPhoneBookEntry(pool, companyId, row.number);
  const steps: Step[] = [
    step<ContactState, ContactEvent>({
      streamId: contactStreamId(contactId),
      aggregate: contactAggregate,
      decide: (s) => decideContact({ type: 'EraseContact', userId, at }, s),
    }),
  ];
  if (row?.number)
    steps.push(
      step<NumberState, ContactNumberEvent>({
        streamId: contactNumberStreamId(companyId, row.number),
        aggregate: numberAggregate,
        decide: (s) =>
          decideContactNumber({ type: 'ReleaseContactNumber', companyId, number: row.number, contactId }, s),
      }),
    );
  const { position } = await handleAll(deps, steps, who);
  await cancelPendingSchedules(deps, pool, companyId, contactId, who);
  return position;
}

/**
 * A message scheduled to the person would go out to nobody: the schedules still pending are deleted
 * (their timers go with ScheduleDeleted). One the read model still shows but that was deleted, sent or
 * failed meanwhile answers a domain error: it needs nothing more, and a retried step must not stop on it.
 */
async function cancelPendingSchedules(
  deps: Deps,
  pool: Pool,
  companyId: string,
  contactId: string,
  who: Actor,
) {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM schedules WHERE company_id = $1 AND contact_id = $2 AND status = 'PENDENTE'`,
    [companyId, contactId],
  );
  for (const { id } of rows)
    await deleteSchedule(deps, id, { ...who, companyId }).catch((err) => {
      if (!(err instanceof DomainError)) throw err;
    });
}

/**
 * The business phone's address book, as WhatsApp synced it to the channel (a name the phone's owner
 * gave the number): it names the person too. The lid map (WhatsApp's routing of its private ids to the
 * number) stays: it is the channel's, holds no name, and a later message needs it to find the number.
 */
async function forgetPhoneBookEntry(pool: Pool, companyId: string, number: string) {
  await pool.query(
    `DELETE FROM baileys_contacts
      WHERE number = $1 AND whatsapp_id IN (SELECT id FROM whatsapps WHERE company_id = $2)`,
    [number, companyId],
  );
}

/** The contact's row as the read model holds it, erased or not (the lists' queries leave erased ones out). */
async function getContactRow(pool: Pool, companyId: string, contactId: string) {
  const { rows } = await pool.query<{ number: string }>(
    'SELECT number FROM contacts WHERE company_id = $1 AND id = $2',
    [companyId, contactId],
  );
  return rows[0] ?? null;
}
