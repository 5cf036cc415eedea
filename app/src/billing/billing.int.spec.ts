import { addRecurrence } from '@zelo/contracts/tenancy/recurrence';
import { issueInvoice } from '@zelo/services/billing/handlers';
import { txidOf } from '@zelo/services/billing/payments/port';
import { eventually } from '@zelo/services/testing/eventually';
import { type FakeEfi, startFakeEfi } from '@zelo/services/testing/fake-efi';
import { hasError, parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLoggedInUser, readySocket } from '../testing/session-clients.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

const system = { actor: 'system:renewal' };

/** A trial company and the invoice its renewal issues for its due date (what the workflow does). */
async function companyWithInvoice(sys: TestSystem, name: string, email: string) {
  const company = await sys.signUpCompany(name, email, 'senha123', 1);
  const me = await sys.api('GET', `/companies/${company.companyId}`, { token: company.token });
  const dueDate = me.body.dueDate as string;
  const { invoiceId } = await issueInvoice(
    sys.deps,
    { companyId: company.companyId, dueDate, detail: 'Plano Profissional - MENSAL', value: 199.9 },
    { ...system, companyId: company.companyId },
  );
  await eventually(async () => {
    const list = await sys.api('GET', '/invoices/all', { token: company.token });
    return list.body.some?.((i: { id: string }) => i.id === invoiceId);
  });
  return { ...company, dueDate, invoiceId };
}

const companyDueDate = async (sys: TestSystem, token: string, companyId: string) =>
  (await sys.api('GET', `/companies/${companyId}`, { token })).body.dueDate as string;

describe('billing in the Pix sandbox', () => {
  let sys: TestSystem;
  let superToken: string;
  beforeAll(async () => {
    sys = await startTestSystem();
    superToken = (await sys.login(DEMO.email, DEMO.password)).token;
  }, 90_000);
  afterAll(() => sys?.close());

  it('charges the invoice by Pix; the super user marks it paid; the due date moves once; the browsers hear it', async () => {
    const a = await companyWithInvoice(sys, 'Padaria Pix', 'pix@padaria.example');
    const b = await companyWithInvoice(sys, 'Oficina Pix', 'pix@oficina.example');

    const list = await sys.api('GET', '/invoices/all?pageNumber=1', { token: a.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        id: a.invoiceId,
        detail: 'Plano Profissional - MENSAL',
        value: 199.9,
        dueDate: a.dueDate,
        status: 'open',
        companyName: 'Padaria Pix',
      }),
    ]);

    // The client's price is ignored: the invoice's value is charged.
    const body = { invoiceId: a.invoiceId, firstName: 'Ana', city: 'Recife', price: 1, cardNumber: '4111' };
    const charge = await sys.api('POST', '/subscription', { token: a.token, body });
    expect(charge.status).toBe(200);
    expect(charge.body).toMatchObject({
      invoiceId: a.invoiceId,
      valor: { original: '199.90' },
      sandbox: true,
    });
    const pix = parsePix(charge.body.qrcode.qrcode);
    if (hasError(pix) || pix.type !== 'STATIC') throw new Error('not a BR Code');
    expect(pix.transactionAmount).toBe(199.9);
    expect(charge.body.qrcode.imagemQrcode).toMatch(/^data:image\/png;base64,/);
    const again = await sys.api('POST', '/subscription', { token: a.token, body });
    expect(again.body.qrcode.qrcode).toBe(charge.body.qrcode.qrcode);

    // Another company's invoice is not found; a non-admin is refused.
    const other = await sys.api('POST', '/subscription', { token: b.token, body });
    expect(other).toMatchObject({ status: 404, body: { error: 'ERR_NO_INVOICE_FOUND' } });
    const agent = await newLoggedInUser(sys, a.token, { name: 'Agente', email: 'agente@padaria.example' });
    expect((await sys.api('POST', '/subscription', { token: agent.token, body })).status).toBe(403);
    expect((await sys.api('GET', '/invoices/all', { token: agent.token })).status).toBe(403);
    // Only the super user marks paid.
    const byAdmin = await sys.api('POST', `/invoices/${a.invoiceId}/pay`, { token: a.token });
    expect(byAdmin).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });

    const socketA = await readySocket(sys, a.token);
    const socketB = await readySocket(sys, b.token);
    const paid = await sys.api('POST', `/invoices/${a.invoiceId}/pay`, { token: superToken });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ id: a.invoiceId, status: 'paid' });

    const moved = addRecurrence(a.dueDate, 'MENSAL');
    const frame = await eventually(async () =>
      socketA.frames.find((f) => f.event === `company-${a.companyId}-payment`),
    );
    expect(frame.data).toEqual({
      action: 'CONCLUIDA',
      invoiceId: a.invoiceId,
      company: { id: a.companyId, dueDate: moved },
    });
    await eventually(async () => (await companyDueDate(sys, superToken, a.companyId)) === moved);

    // Paying again is refused and moves nothing; the other company heard nothing.
    const twice = await sys.api('POST', `/invoices/${a.invoiceId}/pay`, { token: superToken });
    expect(twice).toMatchObject({ status: 409, body: { error: 'ERR_INVOICE_ALREADY_PAID' } });
    const chargePaid = await sys.api('POST', '/subscription', { token: a.token, body });
    expect(chargePaid).toMatchObject({ status: 409, body: { error: 'ERR_INVOICE_ALREADY_PAID' } });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await companyDueDate(sys, superToken, a.companyId)).toBe(moved);
    expect(socketA.frames.filter((f) => f.event.endsWith('-payment'))).toHaveLength(1);
    expect(socketB.frames.filter((f) => f.event.endsWith('-payment'))).toHaveLength(0);
    socketA.ws.close();
    socketB.ws.close();

    // The super user's list has every company's, named; a company's has its own.
    const all = await sys.api('GET', '/invoices/all?searchParam=pix', { token: superToken });
    expect(
      all.body.map((i: { companyName: string; status: string }) => [i.companyName, i.status]).sort(),
    ).toEqual([
      ['Oficina Pix', 'open'],
      ['Padaria Pix', 'paid'],
    ]);
    expect((await sys.api('GET', '/invoices/all', { token: b.token })).body).toHaveLength(1);
  }, 60_000);

  it('refuses bad input and unknown invoices with catalogue codes', async () => {
    const bad = await sys.api('POST', '/subscription', { token: superToken, body: { invoiceId: 'x' } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const page = await sys.api('GET', '/invoices/all?pageNumber=0', { token: superToken });
    expect(page.status).toBe(400);
    const unknown = '00000000-0000-4000-8000-00000000dead';
    const pay = await sys.api('POST', `/invoices/${unknown}/pay`, { token: superToken });
    expect(pay).toMatchObject({ status: 404, body: { error: 'ERR_NO_INVOICE_FOUND' } });
    const hook = await sys.api('POST', '/webhooks/efi/pix?hmac=x', { body: { pix: [] } });
    expect(hook).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_WEBHOOK_SIGNATURE' } });
  });
});

describe('billing through Efí (a local server speaking its API)', () => {
  let sys: TestSystem;
  let efi: FakeEfi;
  let superToken: string;
  beforeAll(async () => {
    efi = await startFakeEfi();
    sys = await startTestSystem({
      env: {
        PAYMENTS_PROVIDER: 'efi',
        EFI_PIX_KEY: 'chave@zelo.dev',
        EFI_CLIENT_ID: efi.clientId,
        EFI_CLIENT_SECRET: efi.clientSecret,
        EFI_CERTIFICATE: '/nonexistent.p12',
        EFI_BASE_URL: efi.url,
        EFI_WEBHOOK_SECRET: 'webhook-s3cret',
      },
    });
    superToken = (await sys.login(DEMO.email, DEMO.password)).token;
  }, 90_000);
  afterAll(async () => {
    await sys?.close();
    await efi?.close();
  });

  it('pays once on the webhook with the secret; a wrong secret or an unknown txid changes nothing', async () => {
    const a = await companyWithInvoice(sys, 'Loja Efi', 'efi@loja.example');
    const charge = await sys.api('POST', '/subscription', {
      token: a.token,
      body: { invoiceId: a.invoiceId },
    });
    expect(charge.status).toBe(200);
    expect(charge.body).toMatchObject({
      txid: txidOf(a.invoiceId),
      valor: { original: '199.90' },
      sandbox: false,
    });
    expect(charge.body.qrcode.qrcode).toBe(efi.cobs.get(txidOf(a.invoiceId))?.pixCopiaECola);

    const sandboxOnly = await sys.api('POST', `/invoices/${a.invoiceId}/pay`, { token: superToken });
    expect(sandboxOnly).toMatchObject({ status: 403, body: { error: 'ERR_PAYMENT_SANDBOX_ONLY' } });

    const notice = efi.paymentNotice(txidOf(a.invoiceId));
    const forged = await sys.api('POST', '/webhooks/efi/pix?hmac=wrong', { body: notice });
    expect(forged).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_WEBHOOK_SIGNATURE' } });
    const unsigned = await sys.api('POST', '/webhooks/efi/pix', { body: notice });
    expect(unsigned.status).toBe(401);
    const stray = efi.paymentNotice('0'.repeat(32));
    const unknown = await sys.api('POST', '/webhooks/efi/pix?hmac=webhook-s3cret', { body: stray });
    expect(unknown).toMatchObject({ status: 200, body: { paid: 0 } });
    // Efí's registration check posts no pix at all.
    const check = await sys.api('POST', '/webhooks/efi/pix?hmac=webhook-s3cret', {
      body: { evento: 'teste_webhook' },
    });
    expect(check).toMatchObject({ status: 200, body: { paid: 0 } });
    await new Promise((r) => setTimeout(r, 800));
    expect((await sys.api('GET', '/invoices/all', { token: a.token })).body[0].status).toBe('open');
    expect(await companyDueDate(sys, superToken, a.companyId)).toBe(a.dueDate);

    const socket = await readySocket(sys, a.token);
    const paid = await sys.api('POST', '/webhooks/efi/pix?hmac=webhook-s3cret', { body: notice });
    expect(paid).toMatchObject({ status: 200, body: { paid: 1 } });
    const replay = await sys.api('POST', '/webhooks/efi/pix?hmac=webhook-s3cret', { body: notice });
    expect(replay).toMatchObject({ status: 200, body: { paid: 0 } });

    const moved = addRecurrence(a.dueDate, 'MENSAL');
    await eventually(async () => socket.frames.some((f) => f.event === `company-${a.companyId}-payment`));
    await eventually(async () => (await companyDueDate(sys, superToken, a.companyId)) === moved);
    await eventually(
      async () => (await sys.api('GET', '/invoices/all', { token: a.token })).body[0].status === 'paid',
    );
    await new Promise((r) => setTimeout(r, 800));
    expect(await companyDueDate(sys, superToken, a.companyId)).toBe(moved);
    expect(socket.frames.filter((f) => f.event.endsWith('-payment'))).toHaveLength(1);
    socket.ws.close();
  }, 60_000);

  it('an Efí outage answers 502 ERR_PAYMENT_PROVIDER_UNAVAILABLE and records no charge', async () => {
    const a = await companyWithInvoice(sys, 'Loja Fora', 'fora@loja.example');
    efi.down = true;
    const r = await sys.api('POST', '/subscription', { token: a.token, body: { invoiceId: a.invoiceId } });
    efi.down = false;
    expect(r).toMatchObject({ status: 502, body: { error: 'ERR_PAYMENT_PROVIDER_UNAVAILABLE' } });
    const ok = await sys.api('POST', '/subscription', { token: a.token, body: { invoiceId: a.invoiceId } });
    expect(ok.status).toBe(200);
  }, 60_000);
});
