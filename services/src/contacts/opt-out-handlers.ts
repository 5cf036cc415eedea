import { DomainError } from '@zelo/contracts/errors';
import { type Actor, type Deps, handle, load } from '../platform/command-handler.ts';
import { decideContact } from './domain/contact.ts';
import { contactAggregate, contactStreamId } from './handlers.ts';

/** How a contact's campaign opt-out changed: by a word the customer wrote, or by an admin. */
export interface OptOutChange {
  /** true: opt out (campaigns skip them); false: opt back in. */
  optedOut: boolean;
  via: 'word' | 'admin';
  word: string | null;
  userId: string | null;
}

/**
 * Opts the company's contact out of campaigns, or back in (LGPD, issue 25). A contact already in that
 * state records nothing (position null). Another company's, a deleted or an erased contact is not found.
 */
export async function changeContactOptOut(
  deps: Deps,
  companyId: string,
  contactId: string,
  change: OptOutChange,
  who: Actor,
): Promise<{ position: string | null }> {
  const known = await load(deps.store, contactStreamId(contactId), contactAggregate);
  if (known.state.kind === 'none' || known.state.companyId !== companyId)
    throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
  const { via, word, userId } = change;
  const at = deps.clock.now().toISOString();
  const r = await handle(
    deps,
    contactStreamId(contactId),
    contactAggregate,
    (s) =>
      decideContact({ type: change.optedOut ? 'OptOutContact' : 'OptInContact', via, word, userId, at }, s),
    who,
    { known },
  );
  return { position: r.position };
}
