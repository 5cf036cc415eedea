import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { withWorkflows } from '../app/src/testing/workflows.ts';
import { browserToken, closeAll, logIn, openPage, startProductAndWeb, type startWeb } from './browser.ts';

// Doc 2 §2.8 schedules and doc 1's to-do screen, in Chromium against the real product. Unlike
// startProductAndWeb, this system runs the workflows role too (on a task queue of its own), so the
// Temporal worker really sends the schedule through the simulator when its time comes.

const CUSTOMER = { name: 'Clara Agendada', number: '5511966661234' };
const BODY = 'Olá Clara, lembrete: sua consulta é amanhã às 10h.';
// A 1×1 PNG: what the schedule's image picker sends.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('schedules and to-do in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let contactId: string;
  let token: string;

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb(withWorkflows()));
    // Before the browser logs in: a later login would tell the browser's session it was "accessed from
    // another computer" and reload it.
    ({ token } = await system.login(DEMO.email, DEMO.password));
    const created = await system.api('POST', '/contacts', { token, body: CUSTOMER });
    expect(created.status).toBe(201);
    contactId = created.body.id;

    ({ browser, page } = await openPage());
    await logIn(page, web.url, DEMO.email, DEMO.password);
    token = await browserToken(page); // the API login's token ended with the browser's login
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('opens the dialog for ?contactId, refuses a short body, and the schedule is sent at its time', async () => {
    // From the contacts page, as an agent would: the row's calendar button links to the schedule dialog.
    await page.goto(`${web.url}/contacts`);
    await page
      .getByTestId('contact-row')
      .filter({ hasText: CUSTOMER.name })
      .getByTestId('contact-schedule')
      .click();
    await page.waitForURL(`**/schedules?contactId=${contactId}`);
    const dialog = page.locator('.schedule-dialog');
    await dialog.waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('schedule-contact').inputValue()).toBe(CUSTOMER.name);
    expect(await page.getByTestId('schedule-send-at').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);

    await page.getByTestId('schedule-body').fill('Olá');
    await page.getByTestId('schedule-submit').click();
    await dialog.getByText('Mensagem muito curta').waitFor({ timeout: 2_000 });

    await page.getByTestId('schedule-body').fill(BODY);
    // Five seconds ahead in the browser's own wall-clock time, as a person would type it.
    const sendAt = await page.evaluate(() => {
      const d = new Date(Date.now() + 5_000);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    });
    await page.getByTestId('schedule-send-at').fill(sendAt);

    // The image: a GIF is refused in the browser, a PNG is shown, removed, chosen again.
    const attachment = page.getByTestId('schedule-attachment-name');
    expect(await attachment.textContent()).toContain('Nenhuma imagem');
    await page
      .getByTestId('schedule-file')
      .setInputFiles({ name: 'anima.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByText('anima.gif não é uma imagem png, jpg ou jpeg').waitFor({ timeout: 2_000 });
    expect(await attachment.textContent()).toContain('Nenhuma imagem');
    await page
      .getByTestId('schedule-file')
      .setInputFiles({ name: 'mapa.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => attachment.textContent()).toContain('mapa.png');
    await page.getByTestId('schedule-remove-attachment').click();
    expect(await attachment.textContent()).toContain('Nenhuma imagem');
    await page
      .getByTestId('schedule-file')
      .setInputFiles({ name: 'mapa.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => attachment.textContent()).toContain('mapa.png');

    await page.getByTestId('schedule-submit').click();
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });
    // Created, then its image uploaded: the server holds both.
    const saved = (await system.api('GET', `/schedules?contactId=${contactId}`, { token })).body.schedules;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ body: BODY, mediaName: 'mapa.png' });
    expect(new URL(page.url()).search).toBe('');

    const event = page.getByTestId('schedule-event').filter({ hasText: CUSTOMER.name });
    await event.waitFor({ timeout: 5_000 });
    const day = page.locator(`[data-testid="schedules-day"][data-day="${sendAt.slice(0, 10)}"]`);
    expect(await day.getByTestId('schedule-event').count()).toBe(1);

    // The worker sends it through the simulator; the socket turns the event ENVIADA without a reload.
    await page
      .locator('[data-testid="schedule-event"][data-status="ENVIADA"]')
      .filter({ hasText: CUSTOMER.name })
      .waitFor({ timeout: 30_000 });
    // One message: the image, captioned with the body.
    await expect
      .poll(
        async () =>
          (await system.simulator!.phoneMessages(DEMO.whatsappId, CUSTOMER.number))
            .filter((m) => m.direction === 'outbound')
            .map((m) => ({ body: m.body as string, mediaType: m.mediaType as string })),
        { timeout: 15_000 },
      )
      .toEqual([{ body: expect.stringContaining(BODY), mediaType: 'image' }]);

    // A sent schedule shows its status in the title and offers no submit.
    await event.getByTestId('schedule-event-edit').click();
    await dialog.getByText('Agendamento · Enviada').waitFor({ timeout: 2_000 });
    await page.getByTestId('schedule-sent').waitFor();
    expect(await page.getByTestId('schedule-submit').count()).toBe(0);
    // Its image is shown and can be opened, not changed.
    expect(await page.getByTestId('schedule-attachment-name').textContent()).toContain('mapa.png');
    expect(await page.getByTestId('schedule-attachment-open').count()).toBe(1);
    expect(await page.getByTestId('schedule-attach').count()).toBe(0);
    expect(await page.getByTestId('schedule-remove-attachment').count()).toBe(0);
    await page.waitForTimeout(400); // the dialog's opening transition
    await page.screenshot({ path: 'e2e/screenshots/schedules-sent.png' });
    await page.getByTestId('schedule-cancel').click();
    await dialog.waitFor({ state: 'detached' });
  }, 90_000);

  it('searches a contact from three letters for a new schedule, then deletes it after confirming', async () => {
    await page.getByTestId('schedules-add').click();
    await page.getByTestId('schedule-contact').fill('Cl');
    await page.waitForTimeout(800);
    expect(await page.getByTestId('schedule-contact-option').count()).toBe(0);
    await page.getByTestId('schedule-contact').fill('Clara');
    await page.getByTestId('schedule-contact-option').filter({ hasText: CUSTOMER.name }).click();
    await page.getByTestId('schedule-body').fill('Segundo lembrete para a Clara');
    await page.getByTestId('schedule-submit').click();
    await page.locator('.schedule-dialog').waitFor({ state: 'detached', timeout: 5_000 });

    const pending = page.locator('[data-testid="schedule-event"][data-status="PENDENTE"]');
    await pending.waitFor({ timeout: 5_000 });
    await pending.getByTestId('schedule-event-delete').click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Agendamento excluído com sucesso!').waitFor({ timeout: 5_000 });
    expect(await pending.count()).toBe(0);
    const left = await system.api('GET', '/schedules', {
      token,
    });
    expect(left.body.schedules.map((s: { status: string }) => s.status)).toEqual(['ENVIADA']);
  }, 30_000);

  it('shows a failed send as a send error with its reason, and still offers to submit', async () => {
    const gone = await system.api('POST', '/contacts', {
      token,
      body: { name: 'Bruno Removido', number: '5511966665678' },
    });
    const created = await system.api('POST', '/schedules', {
      token,
      body: {
        body: 'Lembrete que não chega',
        contactId: gone.body.id,
        sendAt: new Date(Date.now() + 5_000).toISOString(),
      },
    });
    expect(created.status).toBe(201);
    // The contact is gone by the time the worker sends (5 s leaves room for a slow machine): refused for good.
    expect((await system.api('DELETE', `/contacts/${gone.body.id}`, { token })).status).toBe(200);

    const failed = page.locator('[data-testid="schedule-event"][data-status="ERRO"]');
    await failed.waitFor({ timeout: 30_000 });
    await failed.getByTestId('schedule-event-edit').click();
    const dialog = page.locator('.schedule-dialog');
    await dialog.getByText('Agendamento · Erro no envio').waitFor({ timeout: 2_000 });
    expect(await page.getByTestId('schedule-error').textContent()).toContain('ERR_NO_CONTACT_FOUND');
    expect(await page.getByTestId('schedule-submit').count()).toBe(1);
    await page.getByTestId('schedule-cancel').click();
    await dialog.waitFor({ state: 'detached' });

    // The list view shows the same month: the sent one and the failed one, in send order.
    await page.getByRole('radio', { name: 'Lista' }).click();
    await expect
      .poll(() => page.getByTestId('schedule-row').evaluateAll((rows) => rows.map((r) => r.dataset.status)))
      .toEqual(['ENVIADA', 'ERRO']);
    await page.screenshot({ path: 'e2e/screenshots/schedules-list.png' });
    await page.getByRole('radio', { name: 'Mês' }).click();
  }, 60_000);

  it('keeps to-do tasks on the device: add, edit, mark done, ignore blank text, survive a reload', async () => {
    await page.getByTestId('menu-todolist').click();
    await page.waitForURL(/\/todolist$/);
    const items = page.getByTestId('todo-item');

    await page.getByTestId('todo-input').fill('   ');
    await page.getByTestId('todo-submit').click();
    expect(await items.count()).toBe(0);

    await page.getByTestId('todo-input').fill('Ligar para a Clara');
    await page.getByTestId('todo-input').press('Enter');
    await page.getByTestId('todo-input').fill('Enviar proposta');
    await page.getByTestId('todo-submit').click();
    await expect.poll(() => items.count()).toBe(2);

    await items.filter({ hasText: 'Ligar para a Clara' }).getByTestId('todo-item-edit').click();
    expect(await page.getByTestId('todo-input').inputValue()).toBe('Ligar para a Clara');
    await page.getByTestId('todo-input').fill('');
    await page.getByTestId('todo-submit').click();
    await page.getByTestId('todo-input').fill('Ligar para a Clara às 15h');
    await page.getByTestId('todo-submit').click();
    await items.filter({ hasText: 'Ligar para a Clara às 15h' }).waitFor();
    await items.filter({ hasText: 'Enviar proposta' }).getByTestId('todo-item-done').check({ force: true });

    await page.reload();
    await items.first().waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('todo-item-text').allTextContents()).toEqual([
      'Ligar para a Clara às 15h',
      'Enviar proposta',
    ]);
    expect(await items.filter({ hasText: 'Enviar proposta' }).getAttribute('class')).toContain('is-done');

    await items.filter({ hasText: 'Enviar proposta' }).getByTestId('todo-item-delete').click();
    await expect.poll(() => items.count()).toBe(1);
  }, 30_000);
});
