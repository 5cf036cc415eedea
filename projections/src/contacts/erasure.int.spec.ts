import { randomBytes } from 'node:crypto';
import type { AnyEvent } from '@zelo/contracts/events';
import {
  campaignCreated,
  campaignStarted,
  companyMessagesShredded,
  contactCreated,
  contactErased,
  contactListItemAdded,
  contactListItemValidated,
  inboundMessageReceived,
  messageEdited,
  outboundMessageQueued,
  outboundMessageSent,
  phoneMessageSent,
  scheduleCreated,
  testId,
  ticketBotStepped,
  ticketCreated,
  ticketNoteAdded,
  ticketVariableSet,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { openEvent, sealEvent, subjectsToSeal } from '../../../services/src/privacy/seal.ts';
import { personalSubject } from '../../../services/src/privacy/subjects.ts';
import { ticketHistoryProjection } from '../audit/ticket-history.ts';
import { campaignsProjection } from '../campaigns/campaigns.ts';
import { contactListsProjection } from '../contact-lists/contact-lists.ts';
import { outboundQueueProjection } from '../messaging/outbound-queue.ts';
import type { StoredEvent } from '../runner.ts';
import { schedulesProjection } from '../schedules/schedules.ts';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { type Envelope, recorded } from '../testing/recorded-events.ts';
import { ticketNotesProjection } from '../ticket-notes/ticket-notes.ts';
import { conversationsProjection } from '../tickets/conversations.ts';
import { searchMatches } from '../tickets/search.ts';
import { contactsProjection } from './contacts.ts';

// LGPD (issue 25): on ContactErased and CompanyMessagesShredded every read model scrubs its rows in
// the projection's own transaction, and a rebuild from zero, which reads the same events back
// redacted (their keys destroyed), ends with the very same rows.

const projections = [
  contactsProjection,
  conversationsProjection,
  ticketNotesProjection,
  schedulesProjection,
  outboundQueueProjection,
  ticketHistoryProjection,
  contactListsProjection,
  campaignsProjection,
];
type Recorded = AnyEvent & Envelope;

/** Every row of the projections' tables for the company, as JSON, in a stable order. */
async function rowsOf(pool: import('pg').Pool, companyId: string) {
  const out: Record<string, string[]> = {};
  for (const table of projections.flatMap((p) => p.tables)) {
    const { rows } = await pool.query<{ r: string }>(
      // seq numbers rows as applied; next_attempt_at is the delivery worker's, carried over by a swap.
      `SELECT (to_jsonb(t) - 'seq' - 'next_attempt_at')::text AS r FROM ${table} t WHERE company_id = $1 ORDER BY 1`,
      [companyId],
    );
    out[table] = rows.map((x) => x.r);
  }
  return out;
}

/**
 * The events as a store that sealed them hands them over once the `destroyed` subjects' keys are
 * gone: sealed under fresh keys (the store's own code), opened without the destroyed ones.
 */
function readBackRedacted(events: Recorded[], destroyed: (subject: string) => boolean): Recorded[] {
  return events.map((e) => {
    const sealable = e as unknown as Parameters<typeof sealEvent>[0];
    const keys = new Map(subjectsToSeal(sealable).map((s) => [s, randomBytes(32)] as const));
    const sealed = sealEvent(sealable, keys);
    const left = new Map([...keys].map(([s, k]) => [s, destroyed(s) ? null : k] as const));
    return openEvent(sealed, left) as unknown as Recorded;
  });
}

const asStored = (events: Recorded[]) => events as unknown as StoredEvent[];

/** A company where Ana talked on two tickets, was noted, scheduled and listed; Bia stays. */
function anaAndBia() {
  const companyId = testId();
  const ana = contactCreated({
    companyId,
    name: 'Ana Prudente',
    number: '5511912345678',
    email: 'ana.prudente@example.com',
    profilePicUrl: '/public/ana.jpg',
    extraInfo: [{ name: 'CPF', value: '321.654.987-00' }],
  });
  const bia = contactCreated({ companyId, name: 'Bia Lopes', number: '5521998765432' });
  const contactId = ana.data.contactId;
  const t1 = ticketCreated({ companyId, contactId });
  const t2 = ticketCreated({ companyId, contactId });
  const t3 = ticketCreated({ companyId, contactId: bia.data.contactId });
  const on = (t: typeof t1) => ({
    companyId,
    ticketId: t.data.ticketId,
    contactId: t.data.contactId,
    whatsappId: t.data.whatsappId,
  });
  const asked = inboundMessageReceived({
    ...on(t1),
    body: 'Quero cancelar o plano xyzzy',
    senderName: 'Ana P.',
  });
  const answered = outboundMessageQueued({ ...on(t1), body: 'Claro, Ana Prudente, um momento' });
  const photo = inboundMessageReceived({
    ...on(t2),
    body: 'comprovante-ana.jpg',
    mediaType: 'image',
    mediaUrl: '/public/comprovante-ana.jpg',
    senderName: 'Ana P.',
  });
  const pending = outboundMessageQueued({ ...on(t2), body: 'Recebemos o comprovante, Ana' });
  const contactListId = testId();
  const item = contactListItemAdded({
    companyId,
    contactListId,
    name: 'Ana (lista)',
    number: '5511912345678',
    email: 'ana.prudente@example.com',
  });
  const campaignId = testId();
  const history: AnyEvent[] = [
    ana,
    bia,
    t1,
    t2,
    t3,
    asked,
    answered,
    outboundMessageSent({ ...on(t1), messageId: answered.data.messageId }),
    messageEdited({
      ...on(t1),
      messageId: asked.data.messageId,
      body: 'Quero cancelar o plano xyzzy agora',
      previousBody: 'Quero cancelar o plano xyzzy',
    }),
    photo,
    pending,
    ticketNoteAdded({
      companyId,
      ticketId: t1.data.ticketId,
      contactId,
      note: 'Ana prefere ligação à tarde',
    }),
    ticketVariableSet({ companyId, ticketId: t1.data.ticketId, value: 'Ana Prudente' }),
    ticketBotStepped({ companyId, ticketId: t2.data.ticketId, replies: ['Olá Ana Prudente, escolha'] }),
    scheduleCreated({
      companyId,
      contactId,
      body: 'Lembrar Ana do boleto',
      ticketId: null,
      whatsappId: null,
    }),
    item,
    contactListItemValidated({ companyId, contactListId, itemId: item.data.itemId, number: '5511912345678' }),
    inboundMessageReceived({ ...on(t3), body: 'Oi, aqui é a Bia', senderName: 'Bia' }),
    campaignCreated({ companyId, campaignId }),
    campaignStarted({
      companyId,
      campaignId,
      recipients: [
        { number: '55 11 91234-5678', name: 'Ana Prudente', email: 'ana.prudente@example.com' },
        { number: '5521998765432', name: 'Bia Lopes', email: '' },
      ],
    }),
  ];
  const destroyed = new Set([
    personalSubject.contact(contactId),
    personalSubject.ticket(t1.data.ticketId),
    personalSubject.ticket(t2.data.ticketId),
    personalSubject.listItem(item.data.itemId),
    personalSubject.recipient(campaignId, 0),
  ]);
  return { companyId, contactId, history, destroyed, tickets: [t1, t2].map((t) => t.data.ticketId) };
}

describe('a contact erased, in every read model', () => {
  const live = useReadModelDatabase();
  const rebuilt = useReadModelDatabase();
  const secrets = [
    'Ana',
    'Prudente',
    '912345678',
    '91234-5678',
    'xyzzy',
    'comprovante',
    'ana.prudente',
    '321.654',
  ];

  it('scrubs every row of the contact, as a rebuild from the redacted events gives them', async () => {
    const { companyId, contactId, history, destroyed, tickets } = anaAndBia();
    const before = history.map((e) => recorded(e));
    const erased = recorded(contactErased({ companyId, contactId }));
    await live.apply(projections, asStored(before));
    const found = await searchMatches(live.pool, tickets, 'xyzzy');
    expect(found.size).toBe(1);
    await live.apply(projections, asStored([erased]));

    const rows = await rowsOf(live.pool, companyId);
    const text = JSON.stringify(rows);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    // Bia's conversation, the tickets and the message counts stay.
    expect(text).toContain('Oi, aqui é a Bia');
    expect(rows.tickets).toHaveLength(3);
    expect(rows.messages).toHaveLength(5);
    expect(rows.ticket_history.length).toBeGreaterThan(10);
    expect((await searchMatches(live.pool, tickets, 'xyzzy')).size).toBe(0);
    const messages = await live.pool.query(
      'SELECT body, media_url, sender_name, from_me FROM messages WHERE contact_id = $1 ORDER BY from_me, body',
      [contactId],
    );
    expect(messages.rows).toEqual([
      { body: 'Contato removido', media_url: null, sender_name: 'Contato removido', from_me: false },
      { body: 'Contato removido', media_url: null, sender_name: 'Contato removido', from_me: false },
      { body: 'Contato removido', media_url: null, sender_name: '', from_me: true },
      { body: 'Contato removido', media_url: null, sender_name: '', from_me: true },
    ]);
    const previews = await live.pool.query(
      'SELECT last_message FROM tickets WHERE company_id = $1 ORDER BY last_message',
      [companyId],
    );
    expect(previews.rows.map((r) => r.last_message)).toEqual([
      'Contato removido',
      'Contato removido',
      'Oi, aqui é a Bia',
    ]);

    await rebuilt.apply(
      projections,
      asStored([...readBackRedacted(before, (s) => destroyed.has(s)), erased]),
    );
    expect(await rowsOf(rebuilt.pool, companyId)).toEqual(rows);
  });

  it('ends the same when the erasure comes in the same batch as the messages before it', async () => {
    const { companyId, contactId, history, destroyed } = anaAndBia();
    const all = [...history.map((e) => recorded(e)), recorded(contactErased({ companyId, contactId }))];
    // The lists and campaigns, other projections', are caught up: the contacts projection erases the
    // number's rows there (a batch that holds the erasure reads every event before it redacted already).
    const listed = all.filter((e) => e.type.startsWith('ContactList') || e.type.startsWith('Campaign'));
    await live.apply([contactListsProjection, campaignsProjection], asStored(listed));
    await live.apply(projections, asStored(all.filter((e) => !listed.includes(e))));
    const rows = await rowsOf(live.pool, companyId);
    for (const secret of secrets) expect(JSON.stringify(rows), secret).not.toContain(secret);
    await rebuilt.apply(projections, asStored(readBackRedacted(all, (s) => destroyed.has(s))), {
      oneByOne: true,
    });
    expect(await rowsOf(rebuilt.pool, companyId)).toEqual(rows);
  });
});

describe("a company's messages shredded by retention", () => {
  const live = useReadModelDatabase();
  const rebuilt = useReadModelDatabase();

  /** Messages on 1, 2 and 3 March; a shred before 2 March 15:00 takes the 1st only (whole days). */
  function threeDays(erase: 'none' | 'before' | 'after') {
    const companyId = testId();
    const carla = contactCreated({ companyId, name: 'Carla', number: '5531911110000' });
    const dani = contactCreated({ companyId, name: 'Dani', number: '5531922220000' });
    const tc = ticketCreated({ companyId, contactId: carla.data.contactId });
    const td = ticketCreated({ companyId, contactId: dani.data.contactId });
    const on = (t: typeof tc) => ({
      companyId,
      ticketId: t.data.ticketId,
      contactId: t.data.contactId,
      whatsappId: t.data.whatsappId,
    });
    const at = (day: number, hour = 10) => `2026-03-0${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
    const e = (event: AnyEvent, when: string) => recorded(event, { at: when });
    const shred = e(
      companyMessagesShredded({ companyId, before: at(2, 15), retentionDays: 30 }),
      '2026-04-01T03:00:00.000Z',
    );
    const erasure = e(
      contactErased({ companyId, contactId: dani.data.contactId }),
      '2026-03-20T12:00:00.000Z',
    );
    const old = inboundMessageReceived({ ...on(tc), body: 'primeiro dia', mediaUrl: '/public/a.jpg' });
    const events = [
      e(carla, at(1, 8)),
      e(dani, at(1, 8)),
      e(tc, at(1, 9)),
      e(td, at(1, 9)),
      e(old, at(1)),
      e(phoneMessageSent({ ...on(tc), body: 'resposta do celular' }), at(1, 11)),
      e(inboundMessageReceived({ ...on(td), body: 'Dani no primeiro dia' }), at(1, 12)),
      e(inboundMessageReceived({ ...on(tc), body: 'segundo dia cedo' }), at(2, 9)),
      e(outboundMessageQueued({ ...on(td), body: 'ainda na fila' }), at(1, 13)),
      e(inboundMessageReceived({ ...on(td), body: 'Dani no terceiro dia' }), at(3)),
      ...(erase === 'before' ? [erasure] : []),
      shred,
      ...(erase === 'after' ? [erasure] : []),
    ];
    const gone = (s: string) =>
      s === `day:${companyId}:2026-03-01` ||
      (erase !== 'none' &&
        (s === personalSubject.contact(dani.data.contactId) ||
          s === personalSubject.ticket(td.data.ticketId)));
    const rebuildFrom = events.map((x) =>
      x === shred || x === erasure ? x : readBackRedacted([x], gone)[0],
    );
    return { companyId, events, rebuildFrom, ticket: tc.data.ticketId };
  }

  it("blanks the days before the cutoff's day, as a rebuild without those days' keys gives them", async () => {
    const { companyId, events, rebuildFrom, ticket } = threeDays('none');
    await live.apply(projections, asStored(events));
    const bodies = await live.pool.query(
      'SELECT body, media_url FROM messages WHERE company_id = $1 ORDER BY created_at',
      [companyId],
    );
    expect(bodies.rows).toEqual([
      { body: 'Mensagem removida', media_url: null },
      { body: 'Mensagem removida', media_url: null },
      { body: 'Mensagem removida', media_url: null },
      { body: 'Mensagem removida', media_url: null },
      { body: 'segundo dia cedo', media_url: null },
      { body: 'Dani no terceiro dia', media_url: null },
    ]);
    expect((await searchMatches(live.pool, [ticket], 'primeiro')).size).toBe(0);
    expect((await searchMatches(live.pool, [ticket], 'segundo')).size).toBe(1);
    const queue = await live.pool.query('SELECT body FROM outbound_queue WHERE company_id = $1', [companyId]);
    expect(queue.rows).toEqual([{ body: 'Mensagem removida' }]);
    await rebuilt.apply(projections, asStored(rebuildFrom));
    expect(await rowsOf(rebuilt.pool, companyId)).toEqual(await rowsOf(live.pool, companyId));
  });

  it.each(['before', 'after'] as const)(
    'leaves a contact erased %s the shred reading as erased, as a rebuild does',
    async (erase) => {
      const { companyId, events, rebuildFrom } = threeDays(erase);
      await live.apply(projections, asStored(events), { oneByOne: true });
      const dani = await live.pool.query(
        `SELECT m.body FROM messages m JOIN contacts c ON c.id = m.contact_id
        WHERE m.company_id = $1 AND c.erased ORDER BY m.created_at`,
        [companyId],
      );
      expect(dani.rows.map((r) => r.body)).toEqual([
        'Contato removido',
        'Contato removido',
        'Contato removido',
      ]);
      await rebuilt.apply(projections, asStored(rebuildFrom), { oneByOne: true });
      expect(await rowsOf(rebuilt.pool, companyId)).toEqual(await rowsOf(live.pool, companyId));
    },
  );
});
