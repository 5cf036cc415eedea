import type { ContactEvent, ContactNumberEvent } from '@zelo/contracts/contacts/events';
import { DomainError } from '@zelo/contracts/errors';
import { type Actor, type Deps, handle, latestPosition, load } from '../platform/command-handler.ts';
import { newId } from '../platform/ids.ts';
import {
  type ContactData,
  type ContactState,
  contactNumberStreamId,
  decideContact,
  decideNumberClaim,
  decideNumberRelease,
  evolveContact,
  evolveNumber,
  initialContactState,
  initialNumberState,
  type NumberState,
} from './domain/contact.ts';

export const contactStreamId = (contactId: string) => `contact-${contactId}`;
const contactAggregate = { initialState: initialContactState, evolve: evolveContact };
const numberAggregate = { initialState: initialNumberState, evolve: evolveNumber };

const claimNumber = (deps: Deps, companyId: string, number: string, contactId: string, who: Actor) =>
  handle<NumberState, ContactNumberEvent>(
    deps,
    contactNumberStreamId(companyId, number),
    numberAggregate,
    (s) => decideNumberClaim({ companyId, number, contactId }, s),
    who,
  );

const releaseNumber = (deps: Deps, companyId: string, number: string, contactId: string, who: Actor) =>
  handle<NumberState, ContactNumberEvent>(
    deps,
    contactNumberStreamId(companyId, number),
    numberAggregate,
    (s) => decideNumberRelease({ companyId, number, contactId }, s),
    who,
  );

const runContact = (deps: Deps, contactId: string, decide: (s: ContactState) => ContactEvent[], who: Actor) =>
  handle<ContactState, ContactEvent>(deps, contactStreamId(contactId), contactAggregate, decide, who);

/** Creates a contact; ERR_DUPLICATED_CONTACT when the number belongs to another one. */
export async function createContact(deps: Deps, companyId: string, data: ContactData, who: Actor) {
  const contactId = newId();
  const claim = await claimNumber(deps, companyId, data.number, contactId, who);
  const created = await runContact(
    deps,
    contactId,
    (s) => decideContact({ type: 'CreateContact', contactId, companyId, data }, s),
    who,
  );
  return { contactId, position: latestPosition(deps.store, claim.position, created.position) };
}

/**
 * Inbound path: the contact of this number, created on first contact. Racing first messages agree on
 * one contact because the number stream accepts only one claim; a claim whose contact stream is
 * missing (its writer crashed) is completed here.
 */
export async function ensureContact(
  deps: Deps,
  companyId: string,
  data: Pick<ContactData, 'name' | 'number' | 'isGroup'>,
  who: Actor,
): Promise<{ contactId: string; position: string | null }> {
  const full: ContactData = { email: '', profilePicUrl: '', extraInfo: [], ...data };
  const numberStream = contactNumberStreamId(companyId, data.number);
  let owner = (await load(deps.store, numberStream, numberAggregate)).state.owner;
  let position: string | null = null;
  if (!owner) {
    const contactId = newId();
    try {
      position = (await claimNumber(deps, companyId, data.number, contactId, who)).position;
      owner = contactId;
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== 'ERR_DUPLICATED_CONTACT') throw err;
      owner = (err.details as { contactId: string }).contactId;
    }
  }
  const contactId = owner;
  const created = await runContact(
    deps,
    contactId,
    (s) => decideContact({ type: 'CreateContact', contactId, companyId, data: full }, s),
    who,
  );
  return { contactId, position: latestPosition(deps.store, position, created.position) };
}

export async function updateContact(
  deps: Deps,
  companyId: string,
  contactId: string,
  data: ContactData,
  who: Actor,
) {
  const { state } = await load(deps.store, contactStreamId(contactId), contactAggregate);
  if (state.kind === 'none' || state.deleted || state.companyId !== companyId) {
    throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
  }
  let claimed: string | null = null;
  if (state.number !== data.number)
    claimed = (await claimNumber(deps, companyId, data.number, contactId, who)).position;
  const updated = await runContact(
    deps,
    contactId,
    (s) => decideContact({ type: 'UpdateContact', data }, s),
    who,
  );
  if (state.number !== data.number) await releaseNumber(deps, companyId, state.number, contactId, who);
  return { position: latestPosition(deps.store, claimed, updated.position) };
}

export async function deleteContact(deps: Deps, companyId: string, contactId: string, who: Actor) {
  const { state } = await load(deps.store, contactStreamId(contactId), contactAggregate);
  if (state.kind === 'none' || state.deleted || state.companyId !== companyId) {
    throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
  }
  const deleted = await runContact(deps, contactId, (s) => decideContact({ type: 'DeleteContact' }, s), who);
  await releaseNumber(deps, companyId, state.number, contactId, who);
  return { position: deleted.position };
}

export async function loadContact(deps: Deps, contactId: string) {
  return (await load(deps.store, contactStreamId(contactId), contactAggregate)).state;
}
