import { DomainError } from '@zelo/contracts/errors';
import { hasError, parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeEfi, startFakeEfi } from '../../testing/fake-efi.ts';
import { efiPayments } from './efi.ts';
import { txidOf } from './port.ts';
import { sandboxPayments } from './sandbox.ts';

const invoice = {
  invoiceId: '3f2a9c1e-7b4d-5e6f-8a9b-0c1d2e3f4a5b',
  value: 199.9,
  detail: 'Plano Profissional - MENSAL',
};

/** CRC16-CCITT (poly 0x1021, init 0xFFFF) as the BR Code standard computes it, written again here. */
function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const hasValidCrc = (brCode: string) =>
  brCode.slice(-8, -4) === '6304' && crc16(brCode.slice(0, -4)) === brCode.slice(-4);

describe('sandbox payments', () => {
  const sandbox = sandboxPayments({
    pixKey: 'sandbox@zelo.dev',
    merchantName: 'ZELO DEMO',
    merchantCity: 'SAO PAULO',
  });

  it('issues a BR Code for the key and the invoice value, with a valid CRC16, and its QR image', async () => {
    const charge = await sandbox.createCharge(invoice);
    expect(hasValidCrc(charge.copyPaste)).toBe(true);
    const parsed = parsePix(charge.copyPaste);
    if (hasError(parsed) || parsed.type !== 'STATIC') throw new Error('not a static Pix');
    expect(parsed).toMatchObject({ pixKey: 'sandbox@zelo.dev', transactionAmount: 199.9, txid: charge.txid });
    expect(parsed.merchantName).toBe('ZELO DEMO');
    expect(charge.imageDataUrl).toMatch(/^data:image\/png;base64,/);
  });

  it('the same invoice gets the same code (a retried checkout shows what was shown)', async () => {
    expect((await sandbox.createCharge(invoice)).copyPaste).toBe(
      (await sandbox.createCharge(invoice)).copyPaste,
    );
  });

  it('takes no webhook', () => {
    expect(() => sandbox.parseWebhook({ query: { hmac: 'x' }, body: { pix: [] } })).toThrow(DomainError);
  });
});

describe('Efí payments against a local server speaking its API', () => {
  let efi: FakeEfi;
  const options = () => ({
    pixKey: 'chave@zelo.dev',
    clientId: efi.clientId,
    clientSecret: efi.clientSecret,
    certificatePath: '/nonexistent.p12',
    sandbox: true,
    baseUrl: efi.url,
    webhookSecret: 's3cret',
  });
  beforeAll(async () => {
    efi = await startFakeEfi();
  });
  afterAll(() => efi.close());

  it('creates the cob under the invoice txid and answers its copy-and-paste code and QR', async () => {
    const payments = efiPayments(options());
    const charge = await payments.createCharge(invoice);
    expect(charge.txid).toBe(txidOf(invoice.invoiceId));
    expect(efi.cobs.get(charge.txid)).toMatchObject({
      valor: { original: '199.90' },
      chave: 'chave@zelo.dev',
    });
    expect(efi.calls).toEqual(['POST /oauth/token', `PUT /v2/cob/${charge.txid}`, 'GET /v2/loc/1/qrcode']);
    expect(hasValidCrc(charge.copyPaste)).toBe(true);
    expect(charge.imageDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(payments.invoiceIdOf(charge.txid)).toBe(invoice.invoiceId);
  });

  it('a retry after a lost answer finds the charge instead of failing on the used txid', async () => {
    const again = await efiPayments(options()).createCharge(invoice);
    expect(again.copyPaste).toBe(efi.cobs.get(again.txid)?.pixCopiaECola);
  });

  it('an outage is ERR_PAYMENT_PROVIDER_UNAVAILABLE; wrong credentials too', async () => {
    efi.down = true;
    await expect(
      efiPayments(options()).createCharge({ ...invoice, invoiceId: '4f2a9c1e-7b4d-5e6f-8a9b-0c1d2e3f4a5b' }),
    ).rejects.toMatchObject({ code: 'ERR_PAYMENT_PROVIDER_UNAVAILABLE' });
    efi.down = false;
    await expect(
      efiPayments({ ...options(), clientSecret: 'wrong' }).createCharge(invoice),
    ).rejects.toMatchObject({
      code: 'ERR_PAYMENT_PROVIDER_UNAVAILABLE',
    });
  });

  it('reads a notice only with the secret on the URL', () => {
    const payments = efiPayments(options());
    const body = efi.paymentNotice(txidOf(invoice.invoiceId));
    expect(payments.parseWebhook({ query: { hmac: 's3cret' }, body })).toEqual(body.pix);
    for (const query of [{}, { hmac: 's3cre' }, { hmac: 's3cret!' }, { hmac: ['s3cret'] }])
      expect(() => payments.parseWebhook({ query, body })).toThrow(
        expect.objectContaining({ code: 'ERR_INVALID_WEBHOOK_SIGNATURE' }),
      );
  });
});
