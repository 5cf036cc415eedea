import { ticketView } from '@zelo/contracts/testing/read-models';
import { KANBAN_TICKETS_LIMIT } from '@zelo/contracts/tickets/api';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { browserToken, closeAll, logIn, openPage, startProductAndWeb, type startWeb } from './browser.ts';

// Doc 2 §2.5 kanban board: the demo admin and an agent of the ticket's queue look at the board in two
// browsers; a card dragged to a tag's lane moves in the other browser too, without a reload; the tags
// page's kanban toggle adds and removes lanes; a plan without kanban is refused (doc 1 §2, doc 2 §9).
describe('the kanban board in two browsers', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let admin: Page;
  let agentContext: BrowserContext;
  let agent: Page;
  let token: string;
  let ticketId: string;
  let laneTagId: string;
  const customer = { number: '5511944443333', name: 'Carla Kanban' };

  const lane = (page: Page, tagId: string | null) =>
    page.locator(`[data-testid="kanban-lane"][data-lane="${tagId ?? ''}"]`);
  const card = (page: Page, tagId: string | null) =>
    lane(page, tagId).locator(`[data-testid="kanban-card"][data-ticket-id="${ticketId}"]`);
  const count = async (page: Page, tagId: string | null) =>
    (await lane(page, tagId).getByTestId('kanban-lane-count').textContent())?.trim();
  const tagsOfTicket = async () =>
    ((await system.api('GET', `/tickets/${ticketId}`, { token })).body.tags as { id: string }[]).map(
      (t) => t.id,
    );

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb());
    const setup = await system.login(DEMO.email, DEMO.password);
    const made = await system.api('POST', '/users', {
      token: setup.token,
      body: {
        name: 'Kátia Quadro',
        email: 'katia@zelo.dev',
        password: 'katia123',
        profile: 'user',
        queueIds: [DEMO.queueId],
      },
    });
    expect(made.status).toBe(201);
    const tag = await system.api('POST', '/tags', {
      token: setup.token,
      body: { name: 'Negociação', color: '#d9822b', kanban: true },
    });
    expect(tag.status).toBe(201);
    laneTagId = tag.body.id;
    // A customer writes in: a ticket of the demo queue, not closed, so on the board.
    await system.simulator!.customerSends(DEMO.whatsappId, customer, 'Quero um orçamento, por favor');
    const deadline = Date.now() + 10_000;
    while (!ticketId && Date.now() < deadline) {
      const list = await system.api('GET', '/tickets?status=pending&showAll=true&pageNumber=1', {
        token: setup.token,
      });
      ticketId = list.body.tickets?.find(
        (t: { contact: { number: string } }) => t.contact.number === customer.number,
      )?.id;
      if (!ticketId) await new Promise((r) => setTimeout(r, 100));
    }
    expect(ticketId).toBeTruthy();
    const ticket = (await system.api('GET', `/tickets/${ticketId}`, { token: setup.token })).body;
    if (ticket.queueId !== DEMO.queueId) {
      const put = await system.api('PUT', `/tickets/${ticketId}`, {
        token: setup.token,
        body: { queueId: DEMO.queueId },
      });
      expect(put.status).toBe(200);
    }

    ({ browser, page: admin } = await openPage());
    agentContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    agent = await agentContext.newPage();
    agent.on('console', (m) => m.type() === 'error' && console.error('[agent browser]', m.text()));
    await logIn(admin, web.url, DEMO.email, DEMO.password);
    await logIn(agent, web.url, 'katia@zelo.dev', 'katia123');
    token = await browserToken(admin);
  }, 120_000);

  afterAll(async () => {
    await agentContext?.close();
    await closeAll({ browser, web, system });
  });

  it('shows the open lane then the kanban tag lane, with the card in the open lane, for both users', async () => {
    for (const page of [admin, agent]) {
      await page.getByTestId('menu-kanban').click();
      await page.waitForURL(/\/kanban$/);
    }
    for (const page of [admin, agent]) {
      const lanes = page.getByTestId('kanban-lane');
      await card(page, null).waitFor({ timeout: 10_000 });
      expect(await lanes.evaluateAll((ls) => ls.map((l) => l.getAttribute('data-lane')))).toEqual([
        '',
        laneTagId,
      ]);
      expect(await lane(page, null).locator('h3').textContent()).toBe('Em aberto');
      expect(await lane(page, laneTagId).locator('h3').textContent()).toBe('Negociação');
      const shown = await card(page, null).textContent();
      expect(shown).toContain(customer.name);
      expect(shown).toContain(customer.number);
      expect(shown).toContain(`#${ticketId.slice(0, 8)}`);
      expect(await count(page, laneTagId)).toBe('0');
      await lane(page, laneTagId).getByText('Nenhum atendimento nesta coluna').waitFor();
    }
    // The last message follows the conversation live on both boards.
    await system.simulator!.customerSends(DEMO.whatsappId, customer, 'Preciso de *20 unidades*');
    for (const page of [admin, agent]) {
      await card(page, null).filter({ hasText: 'Preciso de 20 unidades' }).waitFor({ timeout: 10_000 });
    }
    await admin.screenshot({ path: '/tmp/kanban-light.png' });
  });

  it("narrows the admin's board to the queues picked, and back to every ticket with the switch", async () => {
    const sales = await system.api('POST', '/queue', { token, body: { name: 'Vendas', color: '#7c3aed' } });
    expect(sales.status).toBe(201);
    await admin.reload();
    await card(admin, null).waitFor({ timeout: 10_000 });
    expect(await admin.getByTestId('kanban-show-all').isChecked()).toBe(true);
    await admin.getByTestId('kanban-queues').click();
    await admin.getByTestId('kanban-queues-option').filter({ hasText: 'Vendas' }).click();
    await admin.keyboard.press('Escape');
    await card(admin, null).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await admin.getByTestId('kanban-show-all').isChecked()).toBe(false);
    await admin.getByTestId('kanban-show-all').click({ force: true });
    await card(admin, null).waitFor({ timeout: 10_000 });
  });

  it('a card dragged to the tag lane moves in the other browser without a reload', async () => {
    await card(admin, null).dragTo(lane(admin, laneTagId));
    await card(admin, laneTagId).waitFor({ timeout: 10_000 });
    await card(agent, laneTagId).waitFor({ timeout: 10_000 });
    expect(await card(agent, null).count()).toBe(0);
    expect(await count(agent, laneTagId)).toBe('1');
    expect(await tagsOfTicket()).toEqual([laneTagId]);
  });

  it('dragging it back to "Em aberto" removes the tag, seen by both', async () => {
    await card(agent, laneTagId).dragTo(lane(agent, null));
    await card(agent, null).waitFor({ timeout: 10_000 });
    await card(admin, null).waitFor({ timeout: 10_000 });
    expect(await card(admin, laneTagId).count()).toBe(0);
    expect(await tagsOfTicket()).toEqual([]);
  });

  it('moves a card from its menu, without a mouse drag', async () => {
    await card(agent, null).getByTestId('kanban-card-menu').click();
    await agent.getByTestId('kanban-move-target').filter({ hasText: 'Negociação' }).click();
    await card(agent, laneTagId).waitFor({ timeout: 10_000 });
    await card(admin, laneTagId).waitFor({ timeout: 10_000 });
    expect(await tagsOfTicket()).toEqual([laneTagId]);
  });

  it('puts the card back and says so when the server refuses the move', async () => {
    await admin.route('**/ticket/kanban/*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"ERR_INTERNAL_SERVER_ERROR"}',
      }),
    );
    await card(admin, laneTagId).dragTo(lane(admin, null));
    await admin.getByText('Não foi possível mover o atendimento.').waitFor({ timeout: 10_000 });
    await card(admin, laneTagId).waitFor({ timeout: 10_000 });
    expect(await card(admin, null).count()).toBe(0);
    await admin.unroute('**/ticket/kanban/*');
    expect(await tagsOfTicket()).toEqual([laneTagId]);
  });

  it('says when the board is full (the server answers at most its 500 most recent tickets)', async () => {
    expect(await admin.getByTestId('kanban-full').count()).toBe(0);
    const full = Array.from({ length: KANBAN_TICKETS_LIMIT }, (_, i) =>
      ticketView(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, { queueId: DEMO.queueId }),
    );
    const boardCall = (url: URL) => url.pathname.endsWith('/ticket/kanban');
    await admin.route(boardCall, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ tickets: full }),
      }),
    );
    await admin.getByTestId('refresh').click();
    await admin
      .getByTestId('kanban-full')
      .filter({ hasText: 'Mostrando os 500 atendimentos mais recentes' })
      .waitFor();
    await admin.unroute(boardCall);
    await admin.getByTestId('refresh').click();
    await admin.getByTestId('kanban-full').waitFor({ state: 'detached', timeout: 10_000 });
    await card(admin, laneTagId).waitFor({ timeout: 10_000 });
  });

  it('shows a ticket with two kanban tags in both lanes', async () => {
    const second = await system.api('POST', '/tags', {
      token,
      body: { name: 'Proposta', color: '#7961db', kanban: true },
    });
    expect(second.status).toBe(201);
    const proposalId: string = second.body.id;
    await lane(agent, proposalId).waitFor({ timeout: 10_000 });
    const sync = await system.api('POST', '/tags/sync', {
      token,
      body: {
        ticketId,
        tags: [
          { id: laneTagId, name: 'Negociação' },
          { id: proposalId, name: 'Proposta' },
        ],
      },
    });
    expect(sync.status).toBe(200);
    for (const page of [admin, agent]) {
      await card(page, proposalId).waitFor({ timeout: 10_000 });
      await card(page, laneTagId).waitFor();
      expect(await card(page, null).count()).toBe(0);
    }
  });

  it('the see-ticket button opens the conversation', async () => {
    await card(admin, laneTagId).getByTestId('kanban-see-ticket').click();
    await admin.waitForURL(new RegExp(`/tickets/${ticketId}$`));
    await admin.getByTestId('message').filter({ hasText: 'Quero um orçamento' }).waitFor({ timeout: 10_000 });
  });

  it('the tags page still toggles kanban, and the lane goes from the open boards', async () => {
    await admin.goto(`${web.url}/tags`);
    const row = admin.getByTestId('tag-row').filter({ hasText: 'Proposta' });
    await row.getByRole('button', { name: 'Editar tag' }).click();
    const toggle = admin.getByTestId('tag-kanban');
    expect(await toggle.isChecked()).toBe(true);
    // The switch's label, not its hidden input with force: a forced click skips the wait for the
    // dialog's opening animation to end, and under load it landed beside the moving switch.
    await admin.locator('label', { has: toggle }).click();
    expect(await toggle.isChecked()).toBe(false);
    await admin.getByTestId('tag-save').click();
    await row.filter({ hasNotText: 'Kanban' }).waitFor({ timeout: 10_000 });
    // The agent's board drops the lane live; the card stays in its other lane.
    await agent.waitForFunction(
      () => document.querySelectorAll('[data-testid="kanban-lane"]').length === 2,
      undefined,
      { timeout: 10_000 },
    );
    await card(agent, laneTagId).waitFor();
  });

  it('looks right in the dark theme', async () => {
    await admin.goto(`${web.url}/kanban`);
    // Reloading while the page's boot refresh is in flight would spend the refresh cookie twice,
    // which the server treats as a stolen token (the login ends): wait for the board first.
    await card(admin, laneTagId).waitFor({ timeout: 10_000 });
    await admin.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
    await admin.reload();
    await card(admin, laneTagId).waitFor({ timeout: 10_000 });
    await admin.screenshot({ path: '/tmp/kanban-dark.png' });
    await admin.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  });

  it('a company whose plan lacks kanban has no menu entry and is sent away from /kanban', async () => {
    const other = await system.signUpCompany('Sem Quadro', 'semquadro@zelo.dev', 'semquadro1', 0);
    expect(other.user.company.plan.useKanban).toBe(false);
    const refused = await system.api('GET', '/ticket/kanban', { token: other.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    try {
      await logIn(page, web.url, 'semquadro@zelo.dev', 'semquadro1');
      await page.getByTestId('side-menu').waitFor();
      expect(await page.getByTestId('menu-tags').count()).toBe(1);
      expect(await page.getByTestId('menu-kanban').count()).toBe(0);
      await page.goto(`${web.url}/kanban`);
      await page
        .getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')
        .waitFor({ timeout: 10_000 });
      await page.waitForURL((url) => url.pathname !== '/kanban', { timeout: 10_000 });
      expect(await page.getByTestId('kanban-page').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
