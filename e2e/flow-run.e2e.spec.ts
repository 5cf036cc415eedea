import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { browserToken, closeAll, logIn, openPage, startProductAndWeb, type startWeb } from './browser.ts';

// Issue 10's proof in Chromium: the admin draws a flow with a menu and a question in the editor, joins
// the nodes by dragging their handles, saves, reloads and finds the same graph; a phrase campaign starts
// it on the demo connection. A new customer on the /simulator phone writes the phrase and walks the flow
// (the menu, the option, the name), the Temporal worker running it; then the agent opens that customer's
// ticket and reads the flow's messages and the customer's answers in the conversation.

const FLOW_NAME = 'Boas-vindas com menu';
const PHRASE = 'quero ajuda agora';
const HELLO = 'Olá! Bem-vindo à Zelo.';
const ASK = 'Qual o seu nome?';
const MENU = 'Escolha uma opção:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';
const THANKS = (name: string) => `Obrigado, ${name}! Um atendente já fala com você.`;
const CUSTOMER = 'Marina Teste';
const NUMBER = `55319${String(Date.now() % 100_000_000).padStart(8, '0')}`;

describe('a flow drawn in the browser, walked on the simulator phone, read in the ticket', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let phone: Page;
  let token: string;
  let flowId: string;
  const api = (method: string, path: string, body?: unknown) => system.api(method, path, { token, body });
  const toast = (text: string) => page.locator('.bp6-toast').filter({ hasText: text }).first();
  const node = (type: string) => page.getByTestId(`flow-node-${type}`);
  const sourceOf = (n: Locator) => n.locator('.react-flow__handle.source').first();

  /** Drags an edge from a source handle to a node's target handle, as a person would. */
  async function connect(from: Locator, toNode: Locator) {
    const a = await from.boundingBox();
    const b = await toNode.locator('.react-flow__handle.target').boundingBox();
    if (!a || !b) throw new Error('handle not on screen');
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
    await page.mouse.up();
  }
  async function addNode(type: string) {
    const toggle = page.getByTestId('flow-speed-dial-toggle');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click({ timeout: 5_000 });
    await page.getByTestId(`flow-add-${type}`).click({ timeout: 5_000 });
  }
  /** The phone's bubbles, in order, as [direction, text]. */
  const phoneBubbles = () =>
    phone
      .getByTestId('sim-message')
      .evaluateAll((els) =>
        els.map((el) => [
          el.getAttribute('data-direction') ?? '',
          el.querySelector('.sim-message-body')?.textContent ?? '',
        ]),
      );
  async function customerWrites(text: string) {
    await phone.getByTestId('sim-body').fill(text);
    await phone.getByTestId('sim-send').click();
    await expect.poll(() => phone.getByTestId('sim-body').inputValue(), { timeout: 10_000 }).toBe('');
  }

  beforeAll(async () => {
    Runtime.install({ logger: new DefaultLogger('WARN') });
    execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/setup.mjs', import.meta.url))], {
      stdio: 'pipe',
    });
    ({ system, web } = await startProductAndWeb({
      ZELO_ROLES: 'api,projections,channels,workflows',
      TEMPORAL_TASK_QUEUE: `zelo-e2e-flow-run-${randomUUID()}`,
    }));
    ({ browser, page } = await openPage());
    await page.goto(`${web.url}/login`);
    await page.evaluate(() => localStorage.setItem('cshow', 'true'));
    await logIn(page, web.url, DEMO.email, DEMO.password);
    token = await browserToken(page);
  }, 180_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('creates the flow in "Fluxos de conversa" and opens its editor', async () => {
    await page.getByTestId('menu-flowbuilders').click();
    await page.waitForURL(/\/flowbuilders$/, { timeout: 10_000 });
    await page.getByTestId('flows-add').click();
    await page.getByTestId('flow-name').fill(FLOW_NAME);
    await page.getByTestId('flow-name-save').click();
    const row = page.getByTestId('flow-row').filter({ hasText: FLOW_NAME });
    await row.waitFor({ timeout: 10_000 });
    const flows = (await api('GET', '/flowbuilder')).body.flows as { id: string; name: string }[];
    flowId = flows.find((f) => f.name === FLOW_NAME)?.id as string;
    expect(flowId).toBeTruthy();
    await row.getByTestId('flow-row-name').click();
    await page.waitForURL(new RegExp(`/flowbuilder/${flowId}$`), { timeout: 10_000 });
    await node('start').waitFor({ timeout: 15_000 });
  });

  it('draws a message, a menu with two options, a question and a message that uses {{nome}}', async () => {
    await addNode('message');
    await page.getByTestId('flow-message-text').fill(HELLO);
    await page.getByTestId('flow-dialog-submit').click();
    await node('message').waitFor({ timeout: 5_000 });

    await addNode('menu');
    await page.getByTestId('flow-menu-message').fill('Escolha uma opção:');
    await page.getByTestId('flow-menu-add-option').click();
    await page.getByTestId('flow-menu-add-option').click();
    const options = page.getByTestId('flow-menu-option-value');
    await options.nth(0).fill('Vendas');
    await options.nth(1).fill('Suporte');
    await page.getByTestId('flow-dialog-submit').click();
    await node('menu').waitFor({ timeout: 5_000 });

    await addNode('question');
    await page.getByTestId('flow-question-message').fill(ASK);
    await page.getByTestId('flow-question-answer-key').fill('nome');
    await page.getByTestId('flow-dialog-submit').click();
    await node('question').waitFor({ timeout: 5_000 });

    await addNode('message');
    await page.getByTestId('flow-message-text').fill(THANKS('{{nome}}'));
    await page.getByTestId('flow-dialog-submit').click();
    await expect.poll(() => node('message').count(), { timeout: 5_000 }).toBe(2);
    await expect(node('question').textContent()).resolves.toContain('Resposta em nome');
  });

  it('joins the nodes by dragging their handles and saves: "Fluxo salvo com sucesso"', async () => {
    await page.locator('.react-flow__controls-fitview').click();
    const hello = node('message').filter({ hasText: HELLO });
    const thanks = node('message').filter({ hasText: 'Obrigado' });
    await connect(sourceOf(node('start')), hello);
    await connect(sourceOf(hello), node('menu'));
    await connect(page.getByTestId('flow-menu-option-1').locator('.react-flow__handle'), node('question'));
    await connect(page.getByTestId('flow-menu-option-2').locator('.react-flow__handle'), thanks);
    await connect(sourceOf(node('question')), thanks);
    await expect.poll(() => page.locator('.react-flow__edge').count(), { timeout: 5_000 }).toBe(5);
    await page.getByTestId('flow-save').click();
    await toast('Fluxo salvo com sucesso').waitFor({ timeout: 10_000 });
    await page.screenshot({ path: 'e2e/screenshots/flow-run-editor.png' });
  });

  it('shows the same graph after a reload', async () => {
    await page.reload();
    await node('menu').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('.react-flow__edge').count(), { timeout: 10_000 }).toBe(5);
    await expect(node('message').count()).resolves.toBe(2);
    await expect(node('menu').textContent()).resolves.toContain('[2] Suporte');
    await expect(node('question').textContent()).resolves.toContain('Resposta em nome');
    const saved = (await api('GET', `/flowbuilder/flow/${flowId}`)).body.flow.flow;
    expect(saved.nodes).toHaveLength(5);
    expect(saved.connections).toHaveLength(5);
    await page.screenshot({ path: 'e2e/screenshots/flow-run-reloaded.png' });
  });

  it('attaches the flow to a phrase campaign on the demo connection', async () => {
    await page.getByTestId('menu-phrase-lists').click();
    await page.getByTestId('phrase-lists-page').waitFor({ timeout: 10_000 });
    await page.getByTestId('phrases-add').click();
    await page.getByTestId('phrase-name').fill('Ajuda');
    await page.getByTestId('phrase-phrase').fill(PHRASE);
    await page.getByTestId('phrase-flow').selectOption({ label: FLOW_NAME });
    await page.getByTestId('phrase-connection').selectOption(DEMO.whatsappId);
    await page.getByTestId('phrase-save').click();
    await toast('Frase criada com sucesso!').waitFor({ timeout: 10_000 });
    const campaigns = (await api('GET', '/flowcampaign')).body as { flowId: string; phrase: string }[];
    expect(campaigns).toMatchObject([{ flowId, phrase: PHRASE }]);
  });

  it('a new customer writes the phrase on the simulator phone and walks the flow', async () => {
    phone = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    phone.on('console', (m) => m.type() === 'error' && console.error('[phone]', m.text()));
    await phone.goto(`${web.url}/simulator`);
    await phone.locator(`[data-testid="sim-connection"] option[value="${DEMO.whatsappId}"]`).waitFor({
      state: 'attached',
      timeout: 10_000,
    });
    await phone.getByTestId('sim-connection').selectOption(DEMO.whatsappId);
    await phone.getByTestId('sim-number').fill(NUMBER);
    await phone.getByTestId('sim-name').fill(CUSTOMER);

    await customerWrites('Quero ajuda agora');
    await expect.poll(phoneBubbles, { timeout: 20_000 }).toEqual([
      ['inbound', 'Quero ajuda agora'],
      ['outbound', HELLO],
      ['outbound', MENU.replace(/\*/g, '')],
    ]);
    await phone.screenshot({ path: 'e2e/screenshots/flow-run-phone-menu.png' });

    await customerWrites('1');
    await expect
      .poll(async () => (await phoneBubbles()).at(-1), { timeout: 20_000 })
      .toEqual(['outbound', ASK]);
    await customerWrites('Marina');
    await expect.poll(phoneBubbles, { timeout: 20_000 }).toEqual([
      ['inbound', 'Quero ajuda agora'],
      ['outbound', HELLO],
      ['outbound', MENU.replace(/\*/g, '')],
      ['inbound', '1'],
      ['outbound', ASK],
      ['inbound', 'Marina'],
      ['outbound', THANKS('Marina')],
    ]);
    await phone.screenshot({ path: 'e2e/screenshots/flow-run-phone-done.png' });
  });

  it("the agent opens the customer's ticket and reads the flow's messages and the answers", async () => {
    await page.getByTestId('menu-tickets').click();
    await page.waitForURL(/\/tickets/, { timeout: 10_000 });
    // The flow ended at its last message: the ticket waits for a human, with the flow's last words.
    await page.getByTestId('tab-pending').click();
    const row = page.getByTestId('ticket-row').filter({ hasText: CUSTOMER });
    await row.waitFor({ timeout: 10_000 });
    await expect(row.textContent()).resolves.toContain('Obrigado, Marina!');
    const ticketId = (await row.getAttribute('data-ticket-id')) as string;
    await row.getByTestId('ticket-accept').click();
    await page.waitForURL(new RegExp(`/tickets/${ticketId}`), { timeout: 10_000 });
    const conversation = () =>
      page
        .getByTestId('message')
        .evaluateAll((els) =>
          els.map((el) => [
            el.getAttribute('data-from-me') === 'true' ? 'flow' : 'customer',
            el.querySelector('.message-body')?.textContent ?? '',
          ]),
        );
    await expect.poll(conversation, { timeout: 10_000 }).toEqual([
      ['customer', 'Quero ajuda agora'],
      ['flow', HELLO],
      ['flow', MENU.replace(/\*/g, '')],
      ['customer', '1'],
      ['flow', ASK],
      ['customer', 'Marina'],
      ['flow', THANKS('Marina')],
    ]);
    await page.screenshot({ path: 'e2e/screenshots/flow-run-ticket.png' });
  });
});
