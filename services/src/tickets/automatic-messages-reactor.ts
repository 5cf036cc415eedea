import { DomainError } from '@zelo/contracts/errors';
import type { TenancyEvent } from '@zelo/contracts/tenancy/events';
import { nameOf } from '@zelo/projections/names';
import type { EventWith, Projection, ProjectionEventOf } from '@zelo/projections/runner';
import { queueOutboundMessage } from '../messaging/handlers.ts';
import type { Deps } from '../platform/command-handler.ts';
import type { PoolClient } from '../platform/db.ts';
import { idFromName } from '../platform/ids.ts';
import { REACTORS } from '../reactors.ts';
import { companyStreamId } from '../tenancy/handlers.ts';
import { acceptedGreeting, transferNotice } from './domain/automatic-messages.ts';
import { loadTicket } from './handlers.ts';

/** A reaction this old is noise to the customer (a first run over years of history, a long outage). */
const STALE_MS = 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ticket events that may say something to the customer: an agent took it, or it moved. */
type PlacementEvent = ProjectionEventOf<'TicketAccepted' | 'TicketTransferred'>;

/**
 * Posts the greeting on accept and the notice on transfer (BEHAVIOUR.md) as reactions to the ticket's
 * events, never inside the route: a checkpointed subscriber with no tables. The message id is derived
 * from the event id, so a replayed batch queues nothing new and the customer gets each message once.
 */
export function automaticMessagesReactor(deps: Deps): Projection {
  return {
    name: REACTORS.automaticMessages,
    tables: [],
    handles: new Set(['TicketAccepted', 'TicketTransferred']),
    async handle(tx, e) {
      switch (e.type) {
        case 'TicketAccepted':
        case 'TicketTransferred':
          return post(tx, e);
      }
    },
  };

  async function post(tx: PoolClient, e: PlacementEvent): Promise<void> {
    if (deps.clock.now().getTime() - Date.parse(e.metadata.at) > STALE_MS) return;
    const body = e.type === 'TicketAccepted' ? await greeting(tx, e) : await notice(tx, e);
    if (!body) return;
    const { ticketId, companyId } = e.data;
    const actor = e.metadata.actor;
    try {
      await queueOutboundMessage(
        deps,
        {
          companyId,
          ticketId,
          userId: UUID.test(actor) ? actor : null,
          body,
          messageId: idFromName('ticket-automatic-message', e.id),
          automatic: true,
        },
        { companyId, actor, correlationId: e.metadata.correlationId },
      );
    } catch (err) {
      // The ticket was deleted since: there is nobody left to tell.
      if (!(err instanceof DomainError && err.code === 'ERR_NO_TICKET_FOUND')) throw err;
    }
  }

  /** The setting as it stood when the event happened, so a replay decides as the first run did. */
  async function settingEnabled(e: EventWith<{ companyId: string }>, key: string): Promise<boolean> {
    const { events } = await deps.store.readStream(companyStreamId(e.data.companyId));
    let value: string | undefined;
    for (const { type, data, position } of events) {
      if (deps.store.comparePositions(position, e.position) > 0) break;
      // The company's stream holds its contract's events, checked against their schemas when appended.
      const c = { type, data } as TenancyEvent;
      if (c.type === 'CompanySignedUp') value = c.data.settings[key];
      if (c.type === 'CompanySettingChanged' && c.data.key === key) value = String(c.data.value);
    }
    return value === 'enabled';
  }

  async function greeting(tx: PoolClient, e: ProjectionEventOf<'TicketAccepted'>): Promise<string | null> {
    if (!(await settingEnabled(e, 'sendGreetingAccepted'))) return null;
    const ticket = await loadTicket(deps, e.data.ticketId);
    if (ticket.kind === 'none' || ticket.isGroup) return null;
    const agent = await nameOf(tx, 'users', e.data.userId, e.data.companyId);
    const contact = await nameOf(tx, 'contacts', ticket.contactId, e.data.companyId);
    return agent ? acceptedGreeting(contact, agent) : null;
  }

  async function notice(tx: PoolClient, e: ProjectionEventOf<'TicketTransferred'>): Promise<string | null> {
    const d = e.data;
    const queueChanged = d.queueId !== d.from.queueId;
    const userChanged = d.userId !== d.from.userId;
    if (!queueChanged && !userChanged) return null;
    if (!(await settingEnabled(e, 'sendMsgTransfTicket'))) return null;
    const queue = d.queueId ? await nameOf(tx, 'queues', d.queueId, d.companyId) : null;
    const user = d.userId ? await nameOf(tx, 'users', d.userId, d.companyId) : null;
    return transferNotice(queue, user);
  }
}
