import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSystem } from '../app/src/testing/system.ts';
import { closeAll, startLoggedIn, type startWeb } from './browser.ts';

// The flow builder in Chromium (doc 2 §2.14-2.16): a flow made from the list, drawn in the editor (a menu
// with two options and a question, joined by edges), refused while an option leads nowhere (the error on
// the node), saved, and the same graph after a reload; a bad interval refused in its dialog; duplicate,
// rename and delete from the list; a phrase campaign that starts the flow.
//
// The steps share `flowId` and the drawn node ids: a runtime test (the customer writes the phrase on the
// simulator phone and walks the flow) continues from the saved flow and the phrase campaign below.

const FLOW_NAME = 'Atendimento inicial';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const PHRASE = 'quero atendimento';

describe('the flow builder, in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let token: string;
  let flowId: string;
  const api = (method: string, path: string, body?: unknown) => system.api(method, path, { token, body });
  const toast = (text: string) => page.locator('.bp6-toast').filter({ hasText: text }).first();
  const flowRow = (name: string) => page.getByTestId('flow-row').filter({ hasText: name });
  const node = (type: string) => page.getByTestId(`flow-node-${type}`);
  const dialog = () => page.locator('.bp6-dialog');

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
  /** Opens the speed-dial (closed, it keeps the canvas's corner free) and picks a node type. */
  async function addNode(type: string) {
    const toggle = page.getByTestId('flow-speed-dial-toggle');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click({ timeout: 5_000 });
    await page.getByTestId(`flow-add-${type}`).click({ timeout: 5_000 });
  }
  const sourceOf = (n: Locator) => n.locator('.react-flow__handle.source').first();
  /** Fits the view and waits until the viewport stops moving (handles are measured after it). */
  async function fitView() {
    await page.locator('.react-flow__controls-fitview').click();
    const transform = () =>
      page.locator('.react-flow__viewport').evaluate((el) => (el as HTMLElement).style.transform);
    let last = await transform();
    for (let i = 0; i < 50; i++) {
      await page.waitForTimeout(100);
      const now = await transform();
      if (now === last) return;
      last = now;
    }
  }

  beforeAll(async () => {
    ({ system, web, browser, page, token } = await startLoggedIn());
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('opens "Fluxos de conversa" from the flows group of the menu', async () => {
    await page.getByTestId('menu-flowbuilders').click();
    await page.waitForURL(/\/flowbuilders$/, { timeout: 10_000 });
    await expect(page.getByTestId('flows-page').locator('h2').textContent()).resolves.toBe(
      'Fluxos de conversa',
    );
  });

  it('adds a flow: the name must be 2 to 50 characters', async () => {
    await page.getByTestId('flows-add').click();
    const name = page.getByTestId('flow-name');
    await name.fill('A');
    await page.getByTestId('flow-name-save').click();
    await dialog().getByText('Muito curto!').waitFor({ timeout: 5_000 });
    await name.fill('x'.repeat(51));
    await dialog().getByText('Muito longo!').waitFor({ timeout: 5_000 });
    await name.fill('');
    await dialog().getByText('Digite um nome!').waitFor({ timeout: 5_000 });
    await name.fill(FLOW_NAME);
    await page.getByTestId('flow-name-save').click();
    await flowRow(FLOW_NAME).waitFor({ timeout: 10_000 });
    await expect(flowRow(FLOW_NAME).getByTestId('flow-row-status').textContent()).resolves.toBe('Ativo');
    const flows = (await api('GET', '/flowbuilder')).body.flows as { id: string; name: string }[];
    flowId = flows.find((f) => f.name === FLOW_NAME)?.id as string;
    expect(flowId).toBeTruthy();
  });

  it('opens the editor: title, hint, the start node, zoom controls, minimap, dotted background', async () => {
    await flowRow(FLOW_NAME).getByTestId('flow-row-name').click();
    await page.waitForURL(new RegExp(`/flowbuilder/${flowId}$`), { timeout: 10_000 });
    await page.getByTestId('flow-loading').waitFor({ timeout: 5_000 });
    await node('start').waitFor({ timeout: 10_000 });
    await expect(page.getByTestId('flow-editor').locator('h2').textContent()).resolves.toBe(
      'Desenhe seu fluxo',
    );
    await page.getByText('Não se esqueça de salvar seu fluxo!').waitFor();
    await expect(node('start').textContent()).resolves.toContain('Inicio do fluxo');
    await page.locator('.react-flow__controls-zoomin').waitFor();
    await page.locator('.react-flow__minimap').waitFor();
    await page.locator('.react-flow__background pattern circle').first().waitFor({ state: 'attached' });
    await page.getByTestId('flow-speed-dial-toggle').click();
    for (const label of ['Conteúdo', 'Menu', 'Randomizador', 'Intervalo', 'Ticket'])
      await page.getByTestId('flow-speed-dial').getByText(label, { exact: true }).waitFor();
    await page.screenshot({ path: 'e2e/screenshots/flow-editor-new.png' });
    await page.getByTestId('flow-speed-dial-toggle').click();
  });

  it('refuses an interval of 0 or over 120 seconds in its dialog', async () => {
    await addNode('interval');
    const sec = page.getByTestId('flow-interval-sec');
    await sec.fill('0');
    await page.getByTestId('flow-dialog-submit').click();
    await dialog().getByText('Adicione o valor de intervalo').waitFor({ timeout: 5_000 });
    await sec.fill('121');
    await dialog().getByText('Máximo de tempo atingido 120 segundos').waitFor({ timeout: 5_000 });
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await dialog().waitFor({ state: 'detached', timeout: 5_000 });
    await expect(page.locator('.react-flow__node').count()).resolves.toBe(1);
  });

  it("checks the content editor's cards: empty text, bad interval, empty media", async () => {
    await addNode('singleBlock');
    const submit = () => page.getByTestId('flow-dialog-submit').click();
    const problem = page.getByTestId('flow-dialog-problem');
    await page.getByTestId('flow-content-add-message').click();
    await page.getByTestId('flow-content-add-interval').click();
    await page.getByTestId('flow-content-add-img').click();
    await submit();
    await problem.filter({ hasText: 'Campos de mensagem vazio!' }).waitFor({ timeout: 5_000 });
    await page.getByTestId('flow-content-text').fill('Bem-vindo!');
    await page.getByTestId('flow-content-interval').fill('0');
    await submit();
    await problem.filter({ hasText: 'Intervalo de 1 a 120 segundos' }).waitFor({ timeout: 5_000 });
    await page.getByTestId('flow-content-interval').fill('121');
    await submit();
    await problem.filter({ hasText: 'Intervalo de 1 a 120 segundos' }).waitFor({ timeout: 5_000 });
    await page.getByTestId('flow-content-interval').fill('5');
    await submit();
    await problem
      .filter({ hasText: 'Delete os cards vazios(Imagem, Audio e Video)' })
      .waitFor({ timeout: 5_000 });
    await page.screenshot({ path: 'e2e/screenshots/flow-content-dialog.png' });
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await dialog().waitFor({ state: 'detached', timeout: 5_000 });
  });

  it('masks the OpenAI key with a show/hide toggle', async () => {
    await addNode('openai');
    await expect(dialog().locator('.bp6-dialog-header').textContent()).resolves.toContain(
      'Adicionar OpenAI ao fluxo',
    );
    const key = page.getByTestId('flow-openai-api-key');
    await key.fill('sk-segredo');
    await expect(key.getAttribute('type')).resolves.toBe('password');
    await page.getByTestId('flow-openai-toggle-key').click();
    await expect(key.getAttribute('type')).resolves.toBe('text');
    await expect(page.getByTestId('flow-openai-max-tokens').inputValue()).resolves.toBe('100');
    await page.screenshot({ path: 'e2e/screenshots/flow-openai-dialog.png' });
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await dialog().waitFor({ state: 'detached', timeout: 5_000 });
    await expect(page.locator('.react-flow__node').count()).resolves.toBe(1);
  });

  it('uploads an image node through POST /flowbuilder/img, and refuses one over 2 MB', async () => {
    await addNode('img');
    const input = page.getByTestId('flow-img-file');
    await input.setInputFiles({
      name: 'grande.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 10),
    });
    await dialog().getByText('Arquivo é muito grande! 2MB máximo').waitFor({ timeout: 5_000 });
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('flow-dialog-submit').click();
    await node('img').locator('img').waitFor({ timeout: 10_000 });
    const src = await node('img').locator('img').getAttribute('src');
    expect(src).toContain('/public/');
    // The node's own delete action takes it away again.
    await node('img').getByTestId('flow-node-delete').click();
    await node('img').waitFor({ state: 'detached', timeout: 5_000 });
  });

  it('draws a menu with two options and a question', async () => {
    await addNode('menu');
    await page.getByTestId('flow-menu-message').fill('Escolha uma opção');
    await page.getByTestId('flow-menu-add-option').click();
    await page.getByTestId('flow-menu-add-option').click();
    const options = page.getByTestId('flow-menu-option-value');
    await options.nth(0).fill('Vendas');
    await options.nth(1).fill('Suporte');
    await page.screenshot({ path: 'e2e/screenshots/flow-menu-dialog.png' });
    await page.getByTestId('flow-dialog-submit').click();
    await node('menu').waitFor({ timeout: 5_000 });
    await expect(node('menu').textContent()).resolves.toContain('[2] Suporte');

    await addNode('question');
    await expect(dialog().locator('.bp6-dialog-header').textContent()).resolves.toContain(
      'Adicionar Perguta ao fluxo',
    );
    await page.getByTestId('flow-question-message').fill('Qual o seu nome?');
    await page.getByTestId('flow-question-answer-key').fill('nome');
    await page.getByTestId('flow-dialog-submit').click();
    await node('question').waitFor({ timeout: 5_000 });

    await addNode('message');
    await page.getByTestId('flow-message-text').fill('Obrigado, {{nome}}! Um atendente já fala com você.');
    await page.getByTestId('flow-dialog-submit').click();
    await node('message').waitFor({ timeout: 5_000 });
    await expect(page.evaluate(() => localStorage.getItem('variables'))).resolves.toBe('["nome"]');

    // Each new node stands 40 px right of the one before, at its y.
    const boxes = await Promise.all(['start', 'menu', 'question'].map((t) => node(t).boundingBox()));
    expect(Math.round(boxes[1]?.y ?? 0)).toBe(Math.round(boxes[0]?.y ?? -1));
    expect(boxes[2]?.x).toBeGreaterThan((boxes[1]?.x ?? 0) + (boxes[1]?.width ?? 0));
  });

  it('refuses to save while a menu option leads nowhere, and says so on the menu', async () => {
    await fitView();
    await connect(sourceOf(node('start')), node('menu'));
    await connect(page.getByTestId('flow-menu-option-1').locator('.react-flow__handle'), node('question'));
    await expect.poll(() => page.locator('.react-flow__edge').count(), { timeout: 5_000 }).toBe(2);
    await page.getByTestId('flow-save').click();
    await node('menu').getByTestId('flow-node-error').waitFor({ timeout: 10_000 });
    await expect(node('menu').getByTestId('flow-node-error').textContent()).resolves.toContain(
      'Uma opção do menu não leva a nenhum bloco',
    );
    await page.screenshot({ path: 'e2e/screenshots/flow-editor-refused.png' });
  });

  it('saves once every option is joined', async () => {
    await connect(page.getByTestId('flow-menu-option-2').locator('.react-flow__handle'), node('message'));
    await connect(sourceOf(node('question')), node('message'));
    await expect.poll(() => page.locator('.react-flow__edge').count(), { timeout: 5_000 }).toBe(4);
    await page.getByTestId('flow-save').click();
    await toast('Fluxo salvo com sucesso').waitFor({ timeout: 10_000 });
    await node('menu').getByTestId('flow-node-error').waitFor({ state: 'detached', timeout: 5_000 });
    await node('menu').click();
    await page.screenshot({ path: 'e2e/screenshots/flow-editor.png' });
  });

  it('shows the same graph after a reload', async () => {
    const before = (await api('GET', `/flowbuilder/flow/${flowId}`)).body.flow.flow;
    expect(before.nodes.map((n: { type: string }) => n.type).sort()).toEqual([
      'menu',
      'message',
      'question',
      'start',
    ]);
    const menuId = before.nodes.find((n: { type: string }) => n.type === 'menu').id;
    expect(menuId).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(
      before.connections
        .filter((e: { source: string }) => e.source === menuId)
        .map((e: { sourceHandle: string }) => e.sourceHandle)
        .sort(),
    ).toEqual(['a1', 'a2']);

    await page.evaluate(() => localStorage.removeItem('variables'));
    await page.reload();
    await node('menu').waitFor({ timeout: 15_000 });
    for (const type of ['start', 'menu', 'question', 'message'])
      await expect(node(type).count()).resolves.toBe(1);
    await expect.poll(() => page.locator('.react-flow__edge').count(), { timeout: 5_000 }).toBe(4);
    await expect(node('menu').textContent()).resolves.toContain('[1] Vendas');
    await expect(node('question').textContent()).resolves.toContain('Resposta em nome');
    // The variables list is rebuilt from the loaded questions.
    await expect(page.evaluate(() => localStorage.getItem('variables'))).resolves.toBe('["nome"]');
  });

  it('edits a node by double-click, and Delete removes a selected node with its edges', async () => {
    await node('question').dblclick();
    await expect(dialog().locator('.bp6-dialog-header').textContent()).resolves.toContain(
      'Editar Perguta do fluxo',
    );
    await page.getByTestId('flow-question-answer-key').fill('primeiro_nome');
    await page.getByTestId('flow-dialog-submit').click();
    await node('question').getByText('Resposta em primeiro_nome').waitFor({ timeout: 5_000 });
    await expect(page.evaluate(() => localStorage.getItem('variables'))).resolves.toBe('["primeiro_nome"]');

    await node('question').getByTestId('flow-node-duplicate').click();
    await expect.poll(() => node('question').count()).toBe(2);
    await node('question').nth(1).click();
    await page.keyboard.press('Delete');
    await expect.poll(() => node('question').count()).toBe(1);
    // The start node is never deleted.
    await node('start').click();
    await page.keyboard.press('Backspace');
    await expect(node('start').count()).resolves.toBe(1);
  });

  const menuClosed = () =>
    page.locator('.bp6-popover .bp6-menu-item').first().waitFor({ state: 'detached', timeout: 5_000 });

  it('duplicates, renames and deletes flows from the list', async () => {
    await page.getByRole('button', { name: 'Voltar aos fluxos' }).click();
    await flowRow(FLOW_NAME).waitFor({ timeout: 10_000 });
    await flowRow(FLOW_NAME).getByTestId('flow-row-menu').click();
    await page.locator('.bp6-menu-item').filter({ hasText: 'Duplicar' }).click();
    await toast('Fluxo duplicado com sucesso').waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByTestId('flow-row').count(), { timeout: 10_000 }).toBe(2);

    const copy = page
      .getByTestId('flow-row')
      .filter({ hasNotText: new RegExp(`^${FLOW_NAME}Ativo$`) })
      .first();
    // The previous row menu fades out: open the next one once it is gone, so only one menu is there.
    await menuClosed();
    await copy.getByTestId('flow-row-menu').click();
    await page.locator('.bp6-menu-item').filter({ hasText: 'Editar nome' }).click();
    await page.getByTestId('flow-name').fill('Rascunho');
    await page.getByTestId('flow-name-save').click();
    await flowRow('Rascunho').waitFor({ timeout: 10_000 });

    await page.getByTestId('flows-search').fill('rasc');
    await expect.poll(() => page.getByTestId('flow-row').count(), { timeout: 5_000 }).toBe(1);
    await menuClosed();
    await flowRow('Rascunho').getByTestId('flow-row-menu').click();
    await page.locator('.bp6-menu-item').filter({ hasText: 'Excluir' }).click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Excluir' }).click();
    await toast('Fluxo excluído com sucesso').waitFor({ timeout: 10_000 });
    await flowRow('Rascunho').waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByTestId('flows-search').fill('');
    await flowRow(FLOW_NAME).waitFor({ timeout: 5_000 });
    await page.screenshot({ path: 'e2e/screenshots/flows-list.png' });
  });

  it('makes a phrase campaign that starts the flow, turns it off and on, and deletes a second one', async () => {
    await page.getByTestId('menu-phrase-lists').click();
    await page.getByTestId('phrase-lists-page').waitFor({ timeout: 10_000 });
    const add = async (name: string) => {
      await page.getByTestId('phrases-add').click();
      await page.getByTestId('phrase-name').fill(name);
      await page.getByTestId('phrase-phrase').fill(PHRASE);
      await page.getByTestId('phrase-flow').selectOption({ label: FLOW_NAME });
      await page.getByTestId('phrase-connection').selectOption({ index: 1 });
      await page.getByTestId('phrase-save').click();
      await toast('Frase criada com sucesso!').waitFor({ timeout: 10_000 });
    };
    const row = (name: string) => page.getByTestId('phrase-row').filter({ hasText: name });
    await add('Boas-vindas');
    await expect(row('Boas-vindas').getByTestId('phrase-row-status').textContent()).resolves.toBe('Ativo');

    await row('Boas-vindas').getByTestId('phrase-row-edit').click();
    await page.getByTestId('phrase-status').locator('..').click();
    await page.getByTestId('phrase-save').click();
    await toast('Frase alterada com sucesso!').waitFor({ timeout: 10_000 });
    await expect
      .poll(() => row('Boas-vindas').getByTestId('phrase-row-status').textContent(), { timeout: 5_000 })
      .toBe('Desativado');
    await row('Boas-vindas').getByTestId('phrase-row-edit').click();
    await page.getByTestId('phrase-status').locator('..').click();
    await page.getByTestId('phrase-save').click();
    await expect
      .poll(() => row('Boas-vindas').getByTestId('phrase-row-status').textContent(), { timeout: 10_000 })
      .toBe('Ativo');

    await add('Temporária');
    await row('Temporária').getByTestId('phrase-row-delete').click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Excluir' }).click();
    await toast('Frase deletada').waitFor({ timeout: 10_000 });
    await row('Temporária').waitFor({ state: 'detached', timeout: 10_000 });

    const campaigns = (await api('GET', '/flowcampaign')).body as {
      name: string;
      flowId: string;
      phrase: string;
      status: boolean;
    }[];
    expect(campaigns).toMatchObject([{ name: 'Boas-vindas', flowId, phrase: PHRASE, status: true }]);
    await page.screenshot({ path: 'e2e/screenshots/phrase-lists.png' });
  });
});
