import { DomainError } from '@zelo/contracts/errors';
import { connectionCompany } from '@zelo/projections/connections/queries';
import { companyIgnoresGroups } from '@zelo/projections/tenancy/queries';
import { runConnectionCommand } from '../connections/handlers.ts';
import { receiveInboundMessage, recordChannelAck, recordChannelChange } from '../messaging/handlers.ts';
import { KnownConversations } from '../messaging/known-conversations.ts';
import type { Actor, Deps } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { storableDeep, storableText } from '../platform/text.ts';
import type { ChannelEvents } from './port.ts';

const channelActor: Actor = { companyId: null, actor: 'system:channel' };

/** A connection's company never changes, so it is looked up once per connection. */
export function companyResolver(pool: Pool) {
  const known = new Map<string, string>();
  return async (whatsappId: string): Promise<string | undefined> => {
    if (known.has(whatsappId)) return known.get(whatsappId);
    const companyId = await connectionCompany(pool, whatsappId);
    if (companyId) known.set(whatsappId, companyId);
    return companyId ?? undefined;
  };
}

/** The company setting `CheckMsgIsGroup`: enabled, group messages are not recorded at all. */
export function groupsIgnoredBy(pool: Pool) {
  return (companyId: string): Promise<boolean> => companyIgnoresGroups(pool, companyId);
}

/** Turns what the channel reports into commands; usable from any process (API or channel worker). */
export function channelEventsFor(
  deps: Deps,
  companyOf: (whatsappId: string) => Promise<string | undefined>,
  ignoresGroups: (companyId: string) => Promise<boolean> = async () => false,
): ChannelEvents {
  const who = async (whatsappId: string): Promise<Actor> => ({
    ...channelActor,
    companyId: (await companyOf(whatsappId)) ?? null,
  });
  // One memory per process of the conversations whose next message is a single append.
  const known = new KnownConversations();
  return {
    async inbound(received) {
      // What WhatsApp sends is kept, never refused: text PostgreSQL cannot store (a NUL) is cleaned.
      const m = storableDeep(received);
      const companyId = await companyOf(m.whatsappId);
      if (!companyId) throw new DomainError('ERR_NO_WAPP_FOUND', `unknown connection ${m.whatsappId}`);
      if (m.from.isGroup && (await ignoresGroups(companyId))) return;
      await receiveInboundMessage(
        deps,
        { ...m, companyId, receivedAt: m.timestamp.toISOString() },
        await who(m.whatsappId),
        known,
      );
    },
    async ack(whatsappId, waMessageId, ack) {
      const actor = await who(whatsappId);
      await recordChannelAck(deps, actor.companyId, whatsappId, waMessageId, ack, actor);
    },
    async edited(whatsappId, waMessageId, body, at) {
      const actor = await who(whatsappId);
      if (!actor.companyId) return;
      const edit = { type: 'edit' as const, body: storableText(body), at: at.toISOString() };
      await recordChannelChange(deps, actor.companyId, whatsappId, waMessageId, edit, actor);
    },
    async revoked(whatsappId, waMessageId) {
      const actor = await who(whatsappId);
      if (!actor.companyId) return;
      await recordChannelChange(deps, actor.companyId, whatsappId, waMessageId, { type: 'revoke' }, actor);
    },
    async status(whatsappId, status, qrcode, retries, number) {
      const companyId = await companyOf(whatsappId);
      if (!companyId) return;
      await runConnectionCommand(
        deps,
        {
          type: 'ChangeConnectionStatus',
          companyId,
          whatsappId,
          status,
          qrcode,
          retries,
          number: number === undefined ? undefined : storableText(number),
        },
        await who(whatsappId),
      );
    },
  };
}
