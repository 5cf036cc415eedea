import { randomBytes, randomUUID } from 'node:crypto';
import { type EventType, eventSchema } from '@zelo/contracts/events';
import { eventBuilders } from '@zelo/contracts/testing/events';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { contactNumberStreamId } from '../contacts/domain/contact.ts';
import type { SubjectKey } from './key-vault.ts';
import { ERASED_TEXT, personalFields, SHREDDED_TEXT } from './personal-fields.ts';
import { openEvent, SEALED, sealEvent, subjectsToOpen, subjectsToSeal } from './seal.ts';
import { personalSubject } from './subjects.ts';

const AT = '2026-03-10T15:00:00.000Z';
const companyId = randomUUID();

/** An event of `type` with every personal field holding a recognisable value. */
function sample(type: EventType) {
  const built = eventBuilders[type]() as { type: string; data: Record<string, unknown> };
  const data: Record<string, unknown> = { ...built.data, companyId };
  for (const g of personalFields[type]?.groups ?? [])
    for (const [f, redaction] of Object.entries(g.fields)) {
      if (redaction === 'text' || redaction === 'blank' || redaction === 'null' || redaction === 'json')
        data[f] = `secret-${f}-${randomUUID().slice(0, 8)}`;
      if (redaction === 'empty')
        data[f] =
          type === 'TicketAutomationReplied'
            ? [{ body: 'secret-reply' }]
            : f === 'extraInfo'
              ? [{ name: 'cpf', value: 'secret-cpf' }]
              : ['secret-reply'];
    }
  if (type === 'CampaignStarted')
    data.recipients = [
      { number: '5511900000001', name: 'secret-Ana', email: 'ana@secret.test' },
      { number: '5511900000002', name: 'secret-Bia', email: '' },
    ];
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { companyId, actor: 'system:test', correlationId: randomUUID(), at: AT },
  };
}

/** Keys for every subject the event needs; `destroyed` ones are null. */
function keysFor(subjects: Iterable<string>, destroyed: (s: string) => boolean = () => false) {
  const keys = new Map<string, SubjectKey>();
  for (const s of subjects) keys.set(s, destroyed(s) ? null : randomBytes(32));
  return keys;
}

const valid = (type: string, data: unknown) => {
  const parsed = v.safeParse(eventSchema(type)!, { type, data });
  return parsed.issues?.map((i) => `${i.path?.map((p) => p.key).join('.')}: ${i.message}`);
};

const personalTypes = Object.keys(personalFields) as EventType[];

describe('personal fields', () => {
  it('name only event types the contracts have', () => {
    for (const type of personalTypes) expect(eventSchema(type), type).toBeDefined();
  });

  it("leave no customer's field of any event out of the table", () => {
    // Fields that hold a customer's data wherever they appear; the events listed here hold the
    // company's own data (its number, prices, settings, canned texts, agents' internal chat).
    const customerish =
      /^(number|body|note|senderName|previousBody|profilePicUrl|extraInfo|recipients|replies|payload|value|message)$/;
    const notCustomers = new Set([
      'ConnectionStatusChanged.number',
      'PlanCreated.value',
      'PlanUpdated.value',
      'CompanySettingChanged.value',
      'InvoiceIssued.value',
      'PixChargeCreated.value',
      'QueueOptionCreated.message',
      'QueueOptionUpdated.message',
      'QuickMessageCreated.message',
      'QuickMessageUpdated.message',
      'FileListCreated.message',
      'FileListUpdated.message',
      'ChatMessagePosted.message',
    ]);
    const missing: string[] = [];
    for (const type of Object.keys(eventBuilders)) {
      const entries = (eventSchema(type) as unknown as { entries: { data: { entries: object } } }).entries
        .data.entries;
      const spec = personalFields[type];
      const covered = new Set([
        ...(spec?.groups ?? []).flatMap((g) => Object.keys(g.fields)),
        ...(spec?.items ? [spec.items.field] : []),
      ]);
      for (const f of Object.keys(entries))
        if (customerish.test(f) && !covered.has(f) && !notCustomers.has(`${type}.${f}`))
          missing.push(`${type}.${f}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('sealing an event', () => {
  it.each(personalTypes)('%s: no personal value left in clear, and opened as written', (type) => {
    const e = sample(type);
    const keys = keysFor(subjectsToSeal(e));
    const sealed = sealEvent(e, keys);
    const stored = JSON.stringify(sealed.data);
    expect(stored).not.toMatch(/secret|5511900/);
    expect(sealed.data[SEALED]).toBeDefined();
    const wanted = new Set<string>();
    subjectsToOpen(sealed, wanted);
    expect([...wanted].every((s) => keys.has(s))).toBe(true);
    expect(openEvent(sealed, keys).data).toEqual(e.data);
  });

  it.each(personalTypes)('%s: every key destroyed, the redacted event passes its schema', (type) => {
    const e = sample(type);
    const keys = keysFor(subjectsToSeal(e));
    const sealed = sealEvent(e, keys);
    const opened = openEvent(
      sealed,
      keysFor(keys.keys(), () => true),
    );
    expect(valid(type, opened.data)).toBeUndefined();
    expect(JSON.stringify(opened.data)).not.toMatch(/secret|5511900/);
    // Ids stay in clear: what the read models and reports key on.
    for (const id of ['contactId', 'ticketId', 'messageId', 'campaignId', 'itemId', 'index'])
      if (id in e.data) expect(opened.data[id]).toEqual(e.data[id]);
  });

  it('reads an erased contact as "Contato removido", its number and e-mail empty', () => {
    const e = sample('ContactCreated');
    const keys = keysFor(subjectsToSeal(e));
    const opened = openEvent(
      sealEvent(e, keys),
      keysFor(keys.keys(), () => true),
    );
    expect(opened.data).toMatchObject({
      name: ERASED_TEXT,
      number: '',
      email: '',
      profilePicUrl: '',
      extraInfo: [],
      contactId: e.data.contactId,
    });
  });

  it("reads a message whose day was shredded as 'Mensagem removida', the sender still known", () => {
    const e = sample('InboundMessageReceived');
    const day = personalSubject.messageDay(companyId, '2026-03-10');
    const keys = keysFor(subjectsToSeal(e));
    expect(keys.has(day)).toBe(true);
    const opened = openEvent(sealEvent(e, keys), new Map([...keys, [day, null]]));
    expect(opened.data).toMatchObject({ body: SHREDDED_TEXT, mediaUrl: null, senderName: e.data.senderName });
  });

  it('erasure wins over retention: both keys gone, the body is the erased text', () => {
    const e = sample('MessageEdited');
    const keys = keysFor(subjectsToSeal(e));
    const opened = openEvent(
      sealEvent(e, keys),
      keysFor(keys.keys(), () => true),
    );
    expect(opened.data).toMatchObject({ body: ERASED_TEXT, previousBody: ERASED_TEXT });
  });

  it('writes data of a subject destroyed before as already redacted: no ciphertext to open', () => {
    const e = sample('TicketNoteAdded');
    const sealed = sealEvent(
      e,
      keysFor(subjectsToSeal(e), () => true),
    );
    expect(sealed.data.note).toBe(ERASED_TEXT);
    expect(sealed.data[SEALED]).toBeUndefined();
    expect(JSON.stringify(sealed.data)).not.toMatch(/secret/);
  });

  it("keeps a campaign's recipients in number and order when one of them is erased", () => {
    const e = sample('CampaignStarted');
    const campaignId = e.data.campaignId as string;
    const keys = keysFor(subjectsToSeal(e));
    const opened = openEvent(
      sealEvent(e, keys),
      new Map([...keys, [personalSubject.recipient(campaignId, 0), null]]),
    );
    expect(opened.data.recipients).toEqual([
      { number: '', name: ERASED_TEXT, email: '' },
      { number: '5511900000002', name: 'secret-Bia', email: '' },
    ]);
  });

  it('leaves events without personal fields untouched', () => {
    const e = { ...sample('TicketAccepted') };
    expect(subjectsToSeal(e)).toEqual([]);
    expect(sealEvent(e, new Map())).toBe(e);
    expect(openEvent(e, new Map())).toBe(e);
  });

  it('cannot open a part moved into another event', () => {
    const e = sample('ContactCreated');
    const keys = keysFor(subjectsToSeal(e));
    const sealed = sealEvent(e, keys);
    expect(() =>
      openEvent({ ...sealed, id: randomUUID(), data: structuredClone(sealed.data) }, keys),
    ).toThrow();
  });
});

describe('the number stream id', () => {
  it('holds an index of the number, not the number, and the same one every time', () => {
    const id = contactNumberStreamId(companyId, '5511987654321');
    expect(id).not.toContain('5511987654321');
    expect(id).toBe(contactNumberStreamId(companyId, '5511987654321'));
    expect(id).not.toBe(contactNumberStreamId(companyId, '5511987654322'));
    expect(id.startsWith(`contactnumber-${companyId}-`)).toBe(true);
  });
});
