import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { eventually } from '../services/src/testing/eventually.ts';
import { closeAll, startLoggedIn, type startWeb } from './browser.ts';

// Doc 1 §2 new-ticket dialog and §4 "New ticket": search from three characters, create a contact from
// a typed name and number, and the ERR_OTHER_OPEN_TICKET case of a contact another agent is serving.
describe('the new-ticket dialog', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  /** The admin's API token: the browser's own (a second login would end the browser's session, and
   *  a login in the browser would end the API's: one session per user, doc 1 §4). */
  let token: string;

  beforeAll(async () => {
    ({ system, web, browser, page, token } = await startLoggedIn());
    token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    expect(token).not.toBe('');
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('creates a contact from a typed name and number and opens its ticket, assigned to the agent', async () => {
    await page.getByTestId('new-ticket').click();
    const box = page.getByTestId('new-ticket-contact');
    await box.fill('Zé');
    await page.waitForTimeout(700); // past the 500 ms debounce: two letters search nothing
    expect(await page.getByTestId('new-ticket-create-contact').count()).toBe(0);
    await box.fill('Zé Novo 5511987650000');
    await page.getByTestId('new-ticket-create-contact').click();
    await page.getByTestId('new-ticket-submit').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/, { timeout: 10_000 });
    const header = page.getByTestId('ticket-header');
    await header.getByText('Zé Novo').waitFor();
    expect(await header.getAttribute('data-status')).toBe('open');
    expect(await page.getByTestId('message-input').isEnabled()).toBe(true);
  });

  it('names the agent and queue when another agent is already serving the contact, and opens nothing', async () => {
    const made = await system.api('POST', '/users', {
      token,
      body: {
        name: 'Beatriz Agente',
        email: 'beatriz@zelo.dev',
        password: 'secret1',
        queueIds: [DEMO.queueId],
        // The customer's first message makes a ticket without a queue, which an agent sees only
        // with the "tickets without a queue" setting (doc 1 §6).
        allTicket: 'enabled',
      },
    });
    expect(made.status).toBe(201);
    const beatriz = await system.login('beatriz@zelo.dev', 'secret1');
    await system.simulator!.customerSends(
      DEMO.whatsappId,
      { number: '5511955501234', name: 'Paula Ocupada' },
      'Oi',
    );
    // Accepted once the chatbot has put it in the demo queue: the notice names the agent and the queue.
    const ticket = await eventually(async () => {
      const found = (await system.api('GET', '/tickets?showAll=true&searchParam=paula', { token })).body
        .tickets?.[0];
      return found?.queueId === DEMO.queueId ? found : undefined;
    });
    const accepted = await system.api('PUT', `/tickets/${ticket.id}`, {
      token: beatriz.token,
      body: { status: 'open' },
    });
    expect(accepted.status).toBe(200);

    const urlBefore = page.url();
    await page.getByTestId('new-ticket').click();
    await page.getByTestId('new-ticket-contact').fill('Paula');
    await page.getByTestId('new-ticket-contact-option').filter({ hasText: 'Paula Ocupada' }).click();
    await page.getByTestId('new-ticket-submit').click();
    const notice = page.getByTestId('new-ticket-held');
    await notice.waitFor({ timeout: 5_000 });
    expect(await notice.textContent()).toBe(
      'Este contato já está em atendimento com Beatriz Agente na fila Atendimento.',
    );
    expect(page.url()).toBe(urlBefore);
    const still = await system.api('GET', `/tickets/${ticket.id}`, { token });
    expect(still.body).toMatchObject({ status: 'open', userId: made.body.id });
  });
});
