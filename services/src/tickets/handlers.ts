import { DomainError } from '@zelo/contracts/errors';
import type { ConversationTicketClaimed, TicketEvent } from '@zelo/contracts/tickets/events';
import {
  type Actor,
  commandHandler,
  type Deps,
  expectedAfter,
  type Handled,
  latestPosition,
  load,
  recordable,
  retryOnConflict,
} from '../platform/command-handler.ts';
import { newId } from '../platform/ids.ts';
import {
  type ConversationState,
  conversationStreamId,
  decideConversation,
  evolveConversation,
  initialConversationState,
} from './domain/conversation.ts';
import { decideTicket, type TicketCommand } from './domain/decide-ticket.ts';
import { evolveTicket, initialTicketState, isActiveOn, type TicketState } from './domain/ticket.ts';

export const ticketStreamId = (ticketId: string) => `ticket-${ticketId}`;
export const ticketAggregate = { initialState: initialTicketState, evolve: evolveTicket };
export const conversationAggregate = { initialState: initialConversationState, evolve: evolveConversation };

type Claim = ConversationTicketClaimed['data'];

/** Runs a command against one ticket. */
export const runTicketCommand = commandHandler(ticketAggregate, ticketStreamId, decideTicket);

/** Accept: the agent takes a pending ticket (PUT /tickets/{id}, or POST /tickets reusing it). */
export const acceptTicket = (
  deps: Deps,
  ticketId: string,
  accept: { userId: string; queueId: string | null },
  who: Actor,
) => runTicketCommand(deps, ticketId, { type: 'AcceptTicket', ...accept }, who);

/** Return: the agent hands an open ticket back to the pending tab of its queue. */
export const returnTicket = (deps: Deps, ticketId: string, who: Actor) =>
  runTicketCommand(deps, ticketId, { type: 'ReturnTicket' }, who);

/** Close (resolve); with `rating`, the customer is asked to rate first. */
export const closeTicket = (
  deps: Deps,
  ticketId: string,
  close: { userId: string; rating?: { message: string } },
  who: Actor,
) => runTicketCommand(deps, ticketId, { type: 'CloseTicket', ...close }, who);

/** Makes sure the conversation's latest claim is applied to its ticket, then returns the ticket. */
async function settle(
  deps: Deps,
  conversationId: string,
  current: NonNullable<ConversationState['current']>,
  who: Actor,
) {
  const r = await runTicketCommand(
    deps,
    current.claim.ticketId,
    { type: 'ApplyClaim', conversationId, revision: current.revision, claim: current.claim },
    who,
  );
  return r;
}

/**
 * Claims the conversation of `claim` for `claim.ticketId`, unless another ticket holds it.
 * Returns the holder instead when `reuseActive` is set (inbound messages join the open ticket).
 */
async function claimConversation(
  deps: Deps,
  claim: Claim,
  who: Actor,
  reuseActive: boolean,
): Promise<{ ticket: Handled<TicketState>; claimed: boolean; position: string | null }> {
  const conversationId = conversationStreamId(claim.whatsappId, claim.contactId);
  // A busy conversation (a burst of inbound messages) gets more attempts than a single stream.
  return retryOnConflict(20, async () => {
    const conv = await load(deps.store, conversationId, conversationAggregate);
    let currentIsActive = false;
    let holder: Handled<TicketState> | null = null;
    if (conv.state.current) {
      holder = await settle(deps, conversationId, conv.state.current, who);
      currentIsActive = isActiveOn(holder.state, claim.whatsappId);
      if (currentIsActive && reuseActive && conv.state.current.claim.ticketId !== claim.ticketId) {
        return { ticket: holder, claimed: false, position: holder.position };
      }
    }
    const events = decideConversation(
      { type: 'ClaimTicket', claim, currentIsActive, currentTicket: holder?.state },
      conv.state,
    );
    const appended = await deps.store.appendToStream(
      conversationId,
      recordable(deps, events, { ...who, companyId: claim.companyId }),
      expectedAfter(conv.revision),
    );
    const ticket = await settle(deps, conversationId, { claim, revision: appended.nextRevision }, who);
    return {
      ticket,
      claimed: true,
      position: latestPosition(deps.store, appended.position, ticket.position),
    };
  });
}

export interface ConversationKey {
  companyId: string;
  whatsappId: string;
  contactId: string;
  isGroup: boolean;
}

/**
 * Inbound path: the contact's active ticket on this connection, or a new pending one. `status` open
 * starts it open with no agent instead (the external API's sends: nobody waits, no bot runs).
 */
export async function ticketForInbound(
  deps: Deps,
  key: ConversationKey,
  who: Actor,
  status: 'pending' | 'open' = 'pending',
) {
  const claim: Claim = {
    ...key,
    ticketId: newId(),
    reason: 'created',
    status,
    userId: null,
    queueId: null,
  };
  const r = await claimConversation(deps, claim, who, true);
  return { ticketId: ticketIdOf(r.ticket.state), created: r.claimed, position: r.position };
}

/**
 * A new conversation claimed by a new ticket, then `then` decided on that ticket, against empty
 * streams: for a writer that creates them beside other new streams in one write (`createStreams`).
 * With the ticket's state after them.
 */
export function newConversationEvents(claim: Claim, then: TicketCommand[] = []) {
  const conversationId = conversationStreamId(claim.whatsappId, claim.contactId);
  const claimed = decideConversation(
    { type: 'ClaimTicket', claim, currentIsActive: false },
    initialConversationState(),
  );
  const ticketEvents: TicketEvent[] = [];
  let ticket = initialTicketState();
  for (const command of [{ type: 'ApplyClaim', conversationId, revision: 0, claim } as const, ...then]) {
    const events = decideTicket(command, ticket);
    ticket = events.reduce(evolveTicket, ticket);
    ticketEvents.push(...events);
  }
  return {
    streams: [
      { streamId: conversationId, events: claimed },
      { streamId: ticketStreamId(claim.ticketId), events: ticketEvents },
    ],
    ticket,
  };
}

/** An agent opens a ticket for a contact (POST /tickets). */
export async function openTicket(
  deps: Deps,
  key: ConversationKey & { userId: string; queueId: string | null; status: 'open' | 'pending' },
  who: Actor,
) {
  const { userId, queueId, status, ...conversation } = key;
  const claim: Claim = {
    ...conversation,
    ticketId: newId(),
    reason: 'created',
    status,
    userId: status === 'open' ? userId : null,
    queueId,
  };
  const r = await claimConversation(deps, claim, who, false);
  return { ticketId: ticketIdOf(r.ticket.state), position: r.position };
}

/** Reopen a closed ticket for an agent: it claims its conversation again. */
export async function reopenTicket(
  deps: Deps,
  ticketId: string,
  userId: string,
  queueId: string | null,
  who: Actor,
) {
  const { state } = await load(deps.store, ticketStreamId(ticketId), ticketAggregate);
  const t = existingTicket(state);
  if (t.status !== 'closed') {
    throw new DomainError('ERR_INVALID_TICKET_TRANSITION', `a ${t.status} ticket cannot be reopened`);
  }
  const claim: Claim = {
    companyId: t.companyId,
    whatsappId: t.whatsappId,
    contactId: t.contactId,
    isGroup: t.isGroup,
    ticketId,
    reason: 'reopened',
    status: 'open',
    userId,
    queueId: queueId ?? t.queueId,
  };
  const r = await claimConversation(deps, claim, who, false);
  return { position: r.position };
}

/** Transfer to a user and/or queue, possibly onto another connection (which claims that conversation). */
export async function transferTicket(
  deps: Deps,
  ticketId: string,
  target: { userId: string | null; queueId: string | null; whatsappId?: string | null },
  who: Actor,
) {
  const { state } = await load(deps.store, ticketStreamId(ticketId), ticketAggregate);
  const t = existingTicket(state);
  if (!target.whatsappId || target.whatsappId === t.whatsappId) {
    const transfer = { type: 'TransferTicket' as const, userId: target.userId, queueId: target.queueId };
    const r = await runTicketCommand(deps, ticketId, transfer, who);
    return { position: r.position };
  }
  if (t.status === 'closed')
    throw new DomainError('ERR_INVALID_TICKET_TRANSITION', 'a closed ticket cannot transfer');
  const claim: Claim = {
    companyId: t.companyId,
    whatsappId: target.whatsappId,
    contactId: t.contactId,
    isGroup: t.isGroup,
    ticketId,
    reason: 'moved',
    status: target.userId ? 'open' : 'pending',
    userId: target.userId,
    queueId: target.queueId,
  };
  const r = await claimConversation(deps, claim, who, false);
  return { position: r.position };
}

export async function loadTicket(deps: Deps, ticketId: string) {
  return (await load(deps.store, ticketStreamId(ticketId), ticketAggregate)).state;
}

/** A ticket's state and the revision it was folded at. */
export async function loadTicketAt(deps: Deps, ticketId: string) {
  const { state, revision } = await load(deps.store, ticketStreamId(ticketId), ticketAggregate);
  return { state, revision };
}

/** A ticket and when it was opened (its first event), in one read of its stream. */
export async function loadTicketWithOpening(deps: Deps, ticketId: string) {
  const { state, events } = await load(deps.store, ticketStreamId(ticketId), ticketAggregate);
  return { state, openedAt: events[0] ? new Date(events[0].metadata.at) : null };
}

function existingTicket(state: TicketState) {
  if (state.kind === 'none' || state.deleted)
    throw new DomainError('ERR_NO_TICKET_FOUND', 'ticket not found');
  return state;
}

function ticketIdOf(state: TicketState): string {
  if (state.kind === 'none') throw new DomainError('ERR_CREATING_TICKET', 'ticket could not be created');
  return state.ticketId;
}
