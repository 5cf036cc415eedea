import type { ContactEvent, ContactNumberEvent } from '@zelo/contracts/contacts/events';
import { DomainError } from '@zelo/contracts/errors';
import { type Actor, type Deps, handleAll, load, step } from '../platform/command-handler.ts';
import { newId } from '../platform/ids.ts';
import {
  type ContactData,
  type ContactState,
  contactNumberStreamId,
  decideContact,
  decideContactNumber,
  evolveContact,
  evolveNumber,
  initialContactState,
  initialNumberState,
  type NumberState,
} from './domain/contact.ts';

export const contactStreamId = (contactId: string) => `contact-${contactId}`;
export const contactAggregate = { initialState: initialContactState, evolve: evolveContact };
export const numberAggregate = { initialState: initialNumberState, evolve: evolveNumber };

/** The number's claim as one step of a contact command: taken over when its contact never appeared. */
const claimNumberStep = (companyId: string, number: string, contactId: string) =>
  step<NumberState, ContactNumberEvent>({
    streamId: contactNumberStreamId(companyId, number),
    aggregate: numberAggregate,
    decide: (s) => decideContactNumber({ type: 'ClaimContactNumber', companyId, number, contactId }, s),
    ownerStream: (s) => (s.owner ? contactStreamId(s.owner) : null),
  });

const releaseNumberStep = (companyId: string, number: string, contactId: string) =>
  step<NumberState, ContactNumberEvent>({
    streamId: contactNumberStreamId(companyId, number),
    aggregate: numberAggregate,
    decide: (s) => decideContactNumber({ type: 'ReleaseContactNumber', companyId, number, contactId }, s),
  });

const contactStep = (contactId: string, decide: (s: ContactState) => ContactEvent[]) =>
  step<ContactState, ContactEvent>({
    streamId: contactStreamId(contactId),
    aggregate: contactAggregate,
    decide,
  });

/** Creates a contact; ERR_DUPLICATED_CONTACT when the number belongs to another one. */
export async function createContact(deps: Deps, companyId: string, data: ContactData, who: Actor) {
  const contactId = newId();
  // The number's claim and the contact are written together: a failure leaves the number free.
  const { position } = await handleAll(
    deps,
    [
      claimNumberStep(companyId, data.number, contactId),
      contactStep(contactId, (s) => decideContact({ type: 'CreateContact', contactId, companyId, data }, s)),
    ],
    who,
  );
  return { contactId, position };
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
  const create = (contactId: string) =>
    contactStep(contactId, (s) =>
      decideContact({ type: 'CreateContact', contactId, companyId, data: full }, s),
    );
  const numberStream = contactNumberStreamId(companyId, data.number);
  const owner = (await load(deps.store, numberStream, numberAggregate)).state.owner;
  if (!owner) {
    const contactId = newId();
    try {
      // The claim and the contact together, so the number never names a contact that is missing.
      const { position } = await handleAll(
        deps,
        [claimNumberStep(companyId, data.number, contactId), create(contactId)],
        who,
      );
      return { contactId, position };
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== 'ERR_DUPLICATED_CONTACT') throw err;
      return completeContact((err.details as { contactId: string }).contactId);
    }
  }
  return completeContact(owner);

  /** The claim's contact, created if it is missing (a claim written apart from it by an older version). */
  async function completeContact(contactId: string) {
    const { position } = await handleAll(deps, [create(contactId)], who);
    return { contactId, position };
  }
}

/**
 * A first contact's number claim and contact, decided against empty streams: for a writer that creates
 * them beside other new streams in one write (`createStreams`, a campaign's message to a new number).
 */
export function newContactEvents(
  companyId: string,
  data: Pick<ContactData, 'name' | 'number' | 'isGroup'>,
  contactId: string,
) {
  const full: ContactData = { email: '', profilePicUrl: '', extraInfo: [], ...data };
  return [
    {
      streamId: contactNumberStreamId(companyId, data.number),
      events: decideContactNumber(
        { type: 'ClaimContactNumber', companyId, number: data.number, contactId },
        initialNumberState(),
      ),
    },
    {
      streamId: contactStreamId(contactId),
      events: decideContact(
        { type: 'CreateContact', contactId, companyId, data: full },
        initialContactState(),
      ),
    },
  ];
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
  // A new number: its claim, the contact's change and the old number's release, all or none.
  const renumbered = state.number !== data.number;
  const { position } = await handleAll(
    deps,
    [
      ...(renumbered ? [claimNumberStep(companyId, data.number, contactId)] : []),
      contactStep(contactId, (s) => decideContact({ type: 'UpdateContact', data }, s)),
      ...(renumbered ? [releaseNumberStep(companyId, state.number, contactId)] : []),
    ],
    who,
  );
  return { position };
}

export async function deleteContact(deps: Deps, companyId: string, contactId: string, who: Actor) {
  const { state } = await load(deps.store, contactStreamId(contactId), contactAggregate);
  if (state.kind === 'none' || state.deleted || state.companyId !== companyId) {
    throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
  }
  const { position } = await handleAll(
    deps,
    [
      contactStep(contactId, (s) => decideContact({ type: 'DeleteContact' }, s)),
      releaseNumberStep(companyId, state.number, contactId),
    ],
    who,
  );
  return { position };
}

export async function loadContact(deps: Deps, contactId: string) {
  return (await load(deps.store, contactStreamId(contactId), contactAggregate)).state;
}
