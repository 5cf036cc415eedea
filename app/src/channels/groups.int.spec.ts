import { channelEventsFor, companyResolver, groupsIgnoredBy } from '@zelo/services/channels/channel-events';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// BEHAVIOUR.md "Inbound message to ticket": a group is one contact whose messages carry the sender's
// name, and never hears from the queue bot; with CheckMsgIsGroup enabled, groups are ignored.

describe('group messages', () => {
  let system: TestSystem;
  let token: string;
  let seq = 0;
  const groupMessage = (group: string, body: string) => ({
    whatsappId: DEMO.whatsappId,
    waMessageId: `GROUP${Date.now()}${++seq}`,
    from: { number: group, name: 'Família Souza', isGroup: true },
    senderName: 'Tia Célia',
    body,
    mediaType: 'chat' as const,
    mediaUrl: null,
    timestamp: new Date(),
  });
  const messagesOf = async (group: string) =>
    (
      await system.ctx.pool.query(
        `SELECT m.body, m.sender_name AS "senderName", m.from_me AS "fromMe", t.is_group AS "isGroup"
           FROM messages m JOIN contacts c ON c.id = m.contact_id JOIN tickets t ON t.id = m.ticket_id
          WHERE c.number = $1 ORDER BY m.created_at`,
        [group],
      )
    ).rows;

  beforeAll(async () => {
    system = await startTestSystem();
    token = (await system.login(DEMO.email, DEMO.password)).token;
  });
  afterAll(async () => {
    await system?.close();
  });

  const setGroups = async (value: 'enabled' | 'disabled') => {
    expect((await system.api('PUT', '/settings/CheckMsgIsGroup', { token, body: { value } })).status).toBe(
      200,
    );
    await eventually(
      async () => (await groupsIgnoredBy(system.ctx.pool)(DEMO.companyId)) === (value === 'enabled'),
    );
  };

  it('ignores groups by default (CheckMsgIsGroup starts enabled)', async () => {
    const events = channelEventsFor(
      system.deps,
      companyResolver(system.ctx.pool),
      groupsIgnoredBy(system.ctx.pool),
    );
    await events.inbound(groupMessage('120363040000000001', 'Bom dia grupo'));
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await messagesOf('120363040000000001')).toEqual([]);
  });

  it("records a group's message with its sender's name once allowed, and the queue bot stays silent", async () => {
    await setGroups('disabled');
    const events = channelEventsFor(
      system.deps,
      companyResolver(system.ctx.pool),
      groupsIgnoredBy(system.ctx.pool),
    );
    await events.inbound(groupMessage('120363041234567890', 'Quem traz o bolo?'));
    const stored = await eventually(async () => {
      const rows = await messagesOf('120363041234567890');
      return rows.length > 0 ? rows : undefined;
    });
    expect(stored).toEqual([
      { body: 'Quem traz o bolo?', senderName: 'Tia Célia', fromMe: false, isGroup: true },
    ]);
    // The demo connection's bot greets every new one-to-one ticket within a second; never a group.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await messagesOf('120363041234567890')).toHaveLength(1);
  });

  it('ignores groups altogether once CheckMsgIsGroup is enabled', async () => {
    expect(
      (await system.api('PUT', '/settings/CheckMsgIsGroup', { token, body: { value: 'enabled' } })).status,
    ).toBe(200);
    const events = channelEventsFor(
      system.deps,
      companyResolver(system.ctx.pool),
      groupsIgnoredBy(system.ctx.pool),
    );
    await eventually(async () => groupsIgnoredBy(system.ctx.pool)(DEMO.companyId));
    await events.inbound(groupMessage('120363049999999999', 'Alguém aí?'));
    await events.inbound(groupMessage('120363041234567890', 'E o refrigerante?'));
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await messagesOf('120363049999999999')).toEqual([]);
    expect((await messagesOf('120363041234567890')).map((m) => m.body)).toEqual(['Quem traz o bolo?']);
  });
});
