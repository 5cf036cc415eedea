import { readFileSync } from 'node:fs';
import { BufferJSON } from '@whiskeysockets/baileys';
import { describe, expect, it } from 'vitest';
import {
  ackOf,
  lidPairs,
  lidsOf,
  translateReceipts,
  translateUpdates,
  translateUpsert,
} from './translate.ts';

const W = '7d1c9d0e-1a2b-4c3d-8e9f-000000000001';
/** Fixtures are Baileys' event payloads serialized with BufferJSON (as its own stores write them). */
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'), BufferJSON.reviver);
const upsert = (name: string, pnOfLid?: (lid: string) => string | undefined) =>
  translateUpsert(W, fixture(name), pnOfLid);
const at = (seconds: number) => new Date(seconds * 1000);
const maria = { number: '5511987654321', name: 'Maria Souza', isGroup: false };

describe('messages.upsert → inbound', () => {
  it('a text from a customer', () => {
    expect(upsert('text.json')).toEqual([
      {
        kind: 'inbound',
        media: null,
        msg: {
          whatsappId: W,
          waMessageId: '3EB0A1B2C3D4E5F60718',
          from: maria,
          body: 'Olá, meu pedido não chegou',
          mediaType: 'chat',
          mediaUrl: null,
          timestamp: at(1718000000),
          quotedWaMessageId: null,
        },
      },
    ]);
  });

  it('a reply keeps the id of the message it quotes', () => {
    const [call] = upsert('quoted-reply.json');
    expect(call).toMatchObject({
      kind: 'inbound',
      msg: {
        body: 'Sim, esse mesmo',
        mediaType: 'chat',
        quotedWaMessageId: 'ZELO0F1E2D3C4B5A69788796A5B4C3D2E1F0',
      },
    });
  });

  it.each([
    ['image.json', 'image', 'Foto da caixa amassada'],
    ['voice-note.json', 'audio', ''],
    ['document.json', 'application', 'Segue a nota'],
  ])('%s is a %s to download, its caption as body', (file, mediaType, body) => {
    const raw = fixture(file).messages[0];
    const [call] = upsert(file);
    expect(call).toMatchObject({ kind: 'inbound', msg: { mediaType, body, mediaUrl: null, from: maria } });
    // The adapter downloads exactly the message Baileys gave (media keys intact as Buffers).
    expect(call.kind === 'inbound' && call.media).toEqual(raw);
  });

  it('a location in the body format the message list draws (thumbnail|map link|place)', () => {
    const [call] = upsert('location.json');
    const thumb = Buffer.from('\xff\xd8\xff\xe0fakejpeg', 'latin1').toString('base64');
    expect(call).toMatchObject({
      kind: 'inbound',
      media: null,
      msg: {
        mediaType: 'locationMessage',
        body: `data:image/jpeg;base64,${thumb}|https://maps.google.com/maps?q=-23.5613%2C-46.6565&z=17|MASP - Av. Paulista, 1578`,
      },
    });
  });

  it('a shared contact as its vCard', () => {
    const [call] = upsert('contact.json');
    expect(call).toMatchObject({ kind: 'inbound', msg: { mediaType: 'vcard' } });
    expect(call.kind === 'inbound' && call.msg.body).toMatch(
      /^BEGIN:VCARD\n.*FN:João Entregas\n.*waid=5511955554444/s,
    );
  });

  it('a group message comes from the group, signed by the participant', () => {
    expect(upsert('group.json')[0]).toMatchObject({
      kind: 'inbound',
      msg: {
        from: { number: '120363041234567890', name: '120363041234567890', isGroup: true },
        senderName: 'Carlos',
        body: 'Bom dia, pessoal',
      },
    });
  });

  it('a message the owner typed on the phone is inbound with fromMe; the contact is the customer', () => {
    expect(upsert('from-phone.json')[0]).toMatchObject({
      kind: 'inbound',
      msg: {
        fromMe: true,
        from: { number: '5511987654321', name: '5511987654321' },
        body: 'Já estou enviando, Maria',
      },
    });
  });

  it("skips the echo of Zelo's own send, reactions, statuses, undecryptable stubs and protocol noise", () => {
    expect(upsert('zelo-echo.json')).toEqual([]);
    expect(upsert('ignored.json')).toEqual([]);
  });

  it('a missed call is a call log', () => {
    expect(upsert('missed-call.json')).toEqual([
      {
        kind: 'inbound',
        media: null,
        msg: {
          whatsappId: W,
          waMessageId: '4E9A3B2C1D0F5E6A7B8C9D0E1F2A3B4C',
          from: { number: '5511987654321', name: '5511987654321', isGroup: false },
          body: '',
          mediaType: 'call_log',
          mediaUrl: null,
          timestamp: at(1718000200),
          quotedWaMessageId: null,
        },
      },
    ]);
  });
});

describe('privacy ids (@lid)', () => {
  it('uses the phone number Baileys sends beside the lid, and reveals the pair to remember', () => {
    const messages = fixture('lid-with-pn.json').messages;
    expect(lidPairs(messages)).toEqual([{ lid: '182736455463728', pn: '5511987654321' }]);
    expect(upsert('lid-with-pn.json')[0]).toMatchObject({ msg: { from: { number: '5511987654321' } } });
  });

  it('without it, the remembered number: the same person stays one contact', () => {
    expect(lidsOf(fixture('lid-only.json').messages)).toEqual(['182736455463728']);
    const known = (lid: string) => (lid === '182736455463728' ? '5511987654321' : undefined);
    expect(upsert('lid-only.json', known)[0]).toMatchObject({ msg: { from: { number: '5511987654321' } } });
    // Never seen: the lid itself (documented limitation) rather than dropping the message.
    expect(upsert('lid-only.json')[0]).toMatchObject({ msg: { from: { number: '182736455463728' } } });
  });
});

describe('edits and deletions', () => {
  it('a revoke names the deleted message', () => {
    expect(upsert('revoke.json')).toEqual([
      { kind: 'revoked', waMessageId: '3EB0A1B2C3D4E5F60718', at: at(1718000000) },
    ]);
  });

  it("an edit names the edited message, its new text and WhatsApp's edit time", () => {
    expect(upsert('edit.json')).toEqual([
      {
        kind: 'edited',
        waMessageId: '3EB0A1B2C3D4E5F60718',
        body: 'Olá, meu pedido 1234 não chegou',
        at: new Date(1718000060123),
      },
    ]);
  });
});

describe('acks', () => {
  it("messages.update statuses of the business's messages become Zelo acks; the rest is ignored", () => {
    expect(translateUpdates(fixture('messages-update.json'))).toEqual([
      { kind: 'ack', waMessageId: 'ZELO0F1E2D3C4B5A69788796A5B4C3D2E1F0', ack: 1 },
      { kind: 'ack', waMessageId: 'ZELO0F1E2D3C4B5A69788796A5B4C3D2E1F0', ack: 2 },
      { kind: 'ack', waMessageId: 'ZELO11111111222233334444555555555555', ack: 3 },
      { kind: 'ack', waMessageId: 'ZELO11111111222233334444555555555555', ack: 4 },
    ]);
  });

  it('group receipts: delivered, read, played', () => {
    expect(
      translateReceipts(fixture('message-receipt-update.json')).map((c) => c.kind === 'ack' && c.ack),
    ).toEqual([2, 3, 4]);
  });

  it('maps the whole status scale', () => {
    expect([0, 1, 2, 3, 4, 5, undefined].map(ackOf)).toEqual([null, null, 1, 2, 3, 4, null]);
  });
});
