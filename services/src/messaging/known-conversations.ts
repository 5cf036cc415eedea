import { contactNumberStreamId } from '../contacts/domain/contact.ts';
import { contactAggregate, contactStreamId, numberAggregate } from '../contacts/handlers.ts';
import type { StreamCheck } from '../event-store/port.ts';
import { type Deps, fold } from '../platform/command-handler.ts';
import { RecentlyUsed } from '../platform/recently-used.ts';
import { conversationStreamId } from '../tickets/domain/conversation.ts';
import { decideTicket } from '../tickets/domain/decide-ticket.ts';
import { isActiveOn } from '../tickets/domain/ticket.ts';
import { conversationAggregate, ticketAggregate, ticketStreamId } from '../tickets/handlers.ts';

/** A conversation whose next inbound message needs no reads: its contact, its active ticket. */
export interface KnownConversation {
  contactId: string;
  ticketId: string;
  /**
   * The four streams the inbound path decides from (the number's claim, the contact, the conversation,
   * the ticket) at the revisions this knowledge was folded at. The message's append checks them, so
   * knowledge gone stale (another process appended) costs one refused append, never a wrong write.
   */
  checks: StreamCheck[];
}

/** How many conversations a process remembers; the least recently used are forgotten first. */
const CAPACITY = 50_000;

/**
 * The inbound path's memory, one per process: for each (company, connection, number) whose last message
 * joined an active ticket without writing anything but the message, the streams that decided it.
 * The next message from that number is then one append: the message's events, checked against them.
 */
export class KnownConversations {
  private readonly known: RecentlyUsed<string, KnownConversation>;

  constructor(capacity = CAPACITY) {
    this.known = new RecentlyUsed(capacity);
  }

  static key(companyId: string, whatsappId: string, number: string): string {
    return `${companyId}|${whatsappId}|${number}`;
  }

  get(key: string): KnownConversation | undefined {
    return this.known.get(key);
  }

  forget(key: string): void {
    this.known.delete(key);
  }

  get size(): number {
    return this.known.size;
  }

  /**
   * The same conversation read again after a check failed: known again if its streams still name the
   * same contact and active ticket (with their new revisions), forgotten otherwise.
   */
  async refresh(
    deps: Deps,
    key: string,
    stale: KnownConversation,
    at: { companyId: string; whatsappId: string; number: string },
  ): Promise<KnownConversation | undefined> {
    await this.learn(deps, key, { ...at, contactId: stale.contactId, ticketId: stale.ticketId });
    return this.known.get(key);
  }

  /**
   * Reads the four streams in one query and remembers them if they say what the full inbound path just
   * decided: the number names this contact, the contact exists, the conversation's current claim is this
   * ticket, and the ticket holds it (applied, active on this connection). Anything else is not kept.
   */
  async learn(
    deps: Deps,
    key: string,
    c: { companyId: string; whatsappId: string; number: string; contactId: string; ticketId: string },
  ): Promise<void> {
    const ids = [
      contactNumberStreamId(c.companyId, c.number),
      contactStreamId(c.contactId),
      conversationStreamId(c.whatsappId, c.contactId),
      ticketStreamId(c.ticketId),
    ];
    const reads = await deps.store.readStreams(ids);
    const number = fold(reads.get(ids[0])!, numberAggregate);
    const contact = fold(reads.get(ids[1])!, contactAggregate);
    const conversation = fold(reads.get(ids[2])!, conversationAggregate);
    const ticket = fold(reads.get(ids[3])!, ticketAggregate);
    const current = conversation.state.current;
    const holds =
      number.state.owner === c.contactId &&
      contact.state.kind === 'exists' &&
      current?.claim.ticketId === c.ticketId &&
      isActiveOn(ticket.state, c.whatsappId) &&
      decideTicket(
        { type: 'ApplyClaim', conversationId: ids[2], revision: current.revision, claim: current.claim },
        ticket.state,
      ).length === 0;
    if (!holds) {
      this.known.delete(key);
      return;
    }
    const revisions = [number.revision, contact.revision, conversation.revision, ticket.revision];
    this.known.set(key, {
      contactId: c.contactId,
      ticketId: c.ticketId,
      checks: ids.map((streamId, i) => ({ streamId, revision: revisions[i] })),
    });
  }
}
