import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import { browserToken, closeAll, logIn, openPage, startProductAndWeb, type startWeb } from './browser.ts';

// Issue 24 reports: a customer writes, an agent accepts, answers and resolves; the demo admin reads the
// period's figures on /reports, groups them by agent, refuses a period the API would refuse before
// asking it, and exports the CSV under the server's file name. An agent has no entry and is sent
// home; a company whose plan lacks useReports has no entry and is sent away.
describe('the reports page', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  let token: string;
  let ticketId: string;
  const agent = { name: 'Rita Relatório', email: 'rita@zelo.dev', password: 'rita1234' };
  const customer = { number: '5511955554444', name: 'Otávio Números' };
  const pad = (n: number) => String(n).padStart(2, '0');
  const localDay = (d = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const today = localDay();

  const stat = (id: string) => page.getByTestId(`report-stat-${id}`).getByTestId('report-stat-value');
  const ready = () =>
    page.locator('[data-testid="reports-page"][data-state="ready"]').waitFor({ timeout: 15_000 });
  const tableCell = (text: string) =>
    page.getByTestId('report-table').locator('.bp6-table-cell').filter({ hasText: text });

  /** The whole page, its own scroller included: the viewport grows to the page's height for the shot. */
  const shoot = async (path: string) => {
    const size = page.viewportSize()!;
    const tall = await page
      .getByTestId('reports-page')
      .evaluate((e) => e.scrollHeight + e.getBoundingClientRect().top);
    await page.setViewportSize({ width: size.width, height: Math.max(size.height, Math.ceil(tall)) });
    await page.waitForTimeout(300); // the charts follow their container's size after a short debounce
    await page.screenshot({ path });
    await page.setViewportSize(size);
  };

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb());
    const setup = await system.login(DEMO.email, DEMO.password);
    const made = await system.api('POST', '/users', {
      token: setup.token,
      body: { ...agent, profile: 'user', queueIds: [DEMO.queueId] },
    });
    expect(made.status).toBe(201);
    const agentId: string = made.body.id;

    // A customer writes in; the agent takes the ticket, answers a moment later and resolves it.
    await system.simulator!.customerSends(DEMO.whatsappId, customer, 'Quanto custa a entrega?');
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
    const rita = await system.login(agent.email, agent.password);
    const accept = await system.api('PUT', `/tickets/${ticketId}`, {
      token: rita.token,
      body: { status: 'open', userId: agentId },
    });
    expect(accept.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_500));
    const answer = await system.api('POST', `/messages/${ticketId}`, {
      token: rita.token,
      body: { body: 'A entrega custa R$ 10,00.' },
    });
    expect(answer.status).toBeLessThan(300);
    const close = await system.api('PUT', `/tickets/${ticketId}`, {
      token: rita.token,
      body: { status: 'closed' },
    });
    expect(close.status).toBe(200);

    // The report's read model follows the events: wait until it has the ticket and its answer.
    const until = Date.now() + 20_000;
    let summary: { opened: number; firstResponse: { count: number } } | undefined;
    while (Date.now() < until) {
      const r = await system.api('GET', `/reports/?from=${today}&to=${today}&groupBy=day`, {
        token: setup.token,
      });
      expect(r.status).toBe(200);
      summary = r.body.summary;
      if (summary && summary.opened >= 1 && summary.firstResponse.count >= 1) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(summary?.opened).toBeGreaterThanOrEqual(1);
    expect(summary?.firstResponse.count).toBeGreaterThanOrEqual(1);

    ({ browser, page } = await openPage());
    await logIn(page, web.url, DEMO.email, DEMO.password);
    token = await browserToken(page);
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it("opens from the menu on the last 7 days by day, with the period's figures", async () => {
    await page.getByTestId('menu-reports').click();
    await page.waitForURL(/\/reports\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('to')).toBe(today);
    expect(url.searchParams.get('groupBy')).toBe('day');
    await ready();
    expect(Number(await stat('opened').textContent())).toBeGreaterThanOrEqual(1);
    expect(Number(await stat('resolved').textContent())).toBeGreaterThanOrEqual(1);
    const median = await page.getByTestId('report-firstResponse').getByTestId('report-median').textContent();
    expect(median).toMatch(/^\d+ (s|min|h|d)( \d+ (s|min|h))?$/);
    expect(await page.getByTestId('report-preset-7').getAttribute('aria-pressed')).toBe('true');
    // Both time charts and the table are drawn, the table with a total row.
    await page.getByTestId('report-chart-volume').locator('svg[role="img"]').waitFor();
    await page.getByTestId('report-chart-first-response').locator('svg[role="img"]').waitFor();
    await tableCell('Total').first().waitFor();
    await shoot('e2e/screenshots/reports-by-day.png');
  });

  it("groups by agent: the agent's row in the table, kept in the URL across a reload", async () => {
    await page.getByTestId('report-group-by').selectOption('agent');
    await page.waitForURL(/groupBy=agent/);
    await tableCell(agent.name).first().waitFor({ timeout: 15_000 });
    await ready();
    expect(
      await page.getByTestId('report-table').locator('.bp6-table-column-name-text').first().textContent(),
    ).toBe('Atendente');
    await page.reload();
    await ready();
    expect(await page.getByTestId('report-group-by').inputValue()).toBe('agent');
    await tableCell(agent.name).first().waitFor({ timeout: 15_000 });
    await shoot('e2e/screenshots/reports-by-agent.png');
  });

  it("exports the CSV under the name the server gives, with a header and the agent's row", async () => {
    const query = new URL(page.url()).search;
    const direct = await fetch(`${system.url}/reports/export/${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(direct.status).toBe(200);
    const serverName = /filename="([^"]+)"/.exec(direct.headers.get('content-disposition') ?? '')?.[1];
    expect(serverName).toBeTruthy();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      page.getByTestId('report-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe(serverName);
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = text.split(/\r?\n/).filter(Boolean);
    expect(header).toContain('Abertos');
    expect(header).toContain('Primeira resposta');
    expect(rows.some((r) => r.includes(agent.name))).toBe(true);
  });

  it('says why a period is refused, and asks the API nothing until it is fixed', async () => {
    const asked: string[] = [];
    const listen = (r: { url(): string }) => {
      if (new URL(r.url()).pathname.replace(/\/$/, '') === '/reports') asked.push(r.url());
    };
    page.on('request', listen);
    try {
      await page.getByTestId('report-from').fill('2030-01-02');
      await page.getByTestId('report-to').fill('2030-01-01');
      await page
        .getByTestId('report-period-problem')
        .filter({ hasText: 'A data inicial não pode ser depois da final.' })
        .waitFor();
      await page.getByTestId('report-from').fill('2024-01-01');
      await page.getByTestId('report-to').fill('2025-06-30');
      await page.getByTestId('report-period-problem').filter({ hasText: 'no máximo 366 dias' }).waitFor();
      await page.waitForTimeout(300);
      expect(asked).toEqual([]);
      expect(await page.getByTestId('report-export').isDisabled()).toBe(true);
      await page.getByTestId('report-preset-30').click();
      await page.getByTestId('report-period-problem').waitFor({ state: 'detached' });
      await ready();
      expect(asked.length).toBeGreaterThanOrEqual(1);
      await tableCell(agent.name).first().waitFor({ timeout: 15_000 });
    } finally {
      page.off('request', listen);
    }
  });

  it('fits a 390 px screen and reads in the dark theme', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('report-preset-7').click();
    await ready();
    await page.waitForTimeout(300);
    const wide = await page.evaluate(() => {
      const doc = document.scrollingElement ?? document.documentElement;
      return doc.scrollWidth;
    });
    expect(wide).toBeLessThanOrEqual(391);
    await shoot('e2e/screenshots/reports-narrow.png');
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'dark'));
    await page.reload();
    await ready();
    await tableCell(agent.name).first().waitFor({ timeout: 15_000 });
    await shoot('e2e/screenshots/reports-dark.png');
    await page.evaluate(() => localStorage.setItem('preferredTheme', 'light'));
  });

  it('says when a period is empty, a filter is gone or the server fails, and recovers', async () => {
    await page.goto(`${web.url}/reports?from=2025-01-01&to=2025-01-31&groupBy=day`);
    await page.getByText('Nenhuma conversa neste período').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('report-table').count()).toBe(0);
    const gone = '00000000-0000-4000-8000-000000000001';
    await page.goto(`${web.url}/reports?from=${today}&to=${today}&groupBy=day&queueId=${gone}`);
    await page.getByText('Um dos filtros não existe mais nesta empresa.').waitFor({ timeout: 15_000 });
    await page.getByTestId('report-clear-filters').click();
    await ready();
    expect(new URL(page.url()).searchParams.get('queueId')).toBeNull();

    const reportCall = (u: URL) =>
      u.origin === new URL(system.url).origin && u.pathname.replace(/\/$/, '') === '/reports';
    await page.route(reportCall, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"ERR_INTERNAL_SERVER_ERROR"}',
      }),
    );
    await page.getByTestId('refresh').click();
    await page.getByText('Não foi possível carregar o relatório.').waitFor({ timeout: 10_000 });
    await page.unroute(reportCall);
    await page.getByTestId('report-retry').click();
    await ready();
    expect(Number(await stat('opened').textContent())).toBeGreaterThanOrEqual(1);
  });

  it('shows an agent no entry and sends one who types the address home', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const other = await context.newPage();
    try {
      await logIn(other, web.url, agent.email, agent.password);
      await other.getByTestId('side-menu').waitFor();
      expect(await other.getByTestId('menu-tickets').count()).toBe(1);
      expect(await other.getByTestId('menu-reports').count()).toBe(0);
      await other.goto(`${web.url}/reports`);
      await other.waitForURL(/\/tickets$/, { timeout: 10_000 });
      expect(await other.getByTestId('reports-page').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a plan without reports, switched off in the plan dialog, hides the entry and refuses the page', async () => {
    await page.goto(`${web.url}/settings`);
    await page.getByTestId('settings-plans-tab').click();
    await page.getByTestId('plans-panel').waitFor({ timeout: 10_000 });
    await page.getByTestId('plans-add').click();
    await page.getByTestId('plan-name').fill('Sem Relatórios');
    expect(await page.getByTestId('plan-useReports').isChecked()).toBe(true);
    await page.getByTestId('plan-useReports').dispatchEvent('click');
    expect(await page.getByTestId('plan-useReports').isChecked()).toBe(false);
    await page.getByTestId('plan-save').click();
    const row = page.getByTestId('plan-row').filter({ hasText: 'Sem Relatórios' });
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getByTestId('plan-flag-useReports').getAttribute('data-on')).toBe('false');

    const plans = (await system.api('GET', '/plans/list')).body as { name: string; useReports: boolean }[];
    const index = plans.findIndex((p) => p.name === 'Sem Relatórios');
    expect(plans[index]?.useReports).toBe(false);
    const other = await system.signUpCompany('Sem Números', 'semnumeros@zelo.dev', 'semnumeros1', index);
    expect(other.user.company.plan.useReports).toBe(false);
    const refused = await system.api('GET', `/reports/?from=${today}&to=${today}`, { token: other.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');

    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const owner = await context.newPage();
    try {
      await logIn(owner, web.url, 'semnumeros@zelo.dev', 'semnumeros1');
      await owner.getByTestId('side-menu').waitFor();
      expect(await owner.getByTestId('menu-users').count()).toBe(1);
      expect(await owner.getByTestId('menu-reports').count()).toBe(0);
      await owner.goto(`${web.url}/reports`);
      await owner
        .getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')
        .waitFor({ timeout: 10_000 });
      await owner.waitForURL((url) => url.pathname !== '/reports', { timeout: 10_000 });
      expect(await owner.getByTestId('reports-page').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
