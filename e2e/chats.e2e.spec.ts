import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestSystem } from '../app/src/testing/system.ts';
import {
  browserToken,
  closeAll,
  launchChromium,
  logIn,
  startProductAndWeb,
  type startWeb,
} from './browser.ts';

// Doc 2 §2.17 internal chat, doc 1 §2 (the side menu's dot, the top bar's chat bell and its popover):
// two people in two browsers, the demo admin and an agent, talking live.
describe('the internal chat', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let adminContext: BrowserContext;
  let agentContext: BrowserContext;
  let admin: Page;
  let agent: Page;
  let chatUrl = '';
  const agentUser = { name: 'Carla Plantão', email: 'carla@zelo.dev', password: 'carla123' };
  const title = 'Escala de domingo';

  const openPage = async (context: BrowserContext) => {
    const page = await context.newPage();
    // A step that cannot happen fails with its own locator, well before the test's 30 s.
    page.setDefaultTimeout(10_000);
    page.on('console', (m) => m.type() === 'error' && console.error('[browser]', m.text()));
    return page;
  };

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb());
    const { token } = await system.login(DEMO.email, DEMO.password);
    const created = await system.api('POST', '/users', {
      token,
      body: { ...agentUser, profile: 'user', queueIds: [DEMO.queueId] },
    });
    expect(created.status).toBe(201);
    browser = await launchChromium();
    adminContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    agentContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    [admin, agent] = [await openPage(adminContext), await openPage(agentContext)];
    await logIn(admin, web.url, DEMO.email, DEMO.password);
    await logIn(agent, web.url, agentUser.email, agentUser.password);
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('the admin creates a chat with the agent; an incomplete dialog is refused with an alert', async () => {
    await agent.goto(`${web.url}/contacts`);
    await agent.getByTestId('chat-bell').waitFor();
    expect(await agent.getByTestId('chats-badge').count()).toBe(0);

    await admin.getByTestId('menu-chats').click();
    await admin.waitForURL(/\/chats$/);
    await admin.getByTestId('chat-welcome').waitFor();
    await admin.getByTestId('chat-new').click();
    await admin.getByTestId('chat-title').fill(title);
    await admin.getByTestId('chat-save').click();
    // Doc 2 §5: a title but no user is an alert, and nothing is created.
    await admin.getByTestId('chat-incomplete').waitFor();
    await admin.getByRole('button', { name: 'OK' }).click();
    await admin.getByTestId('chat-incomplete').waitFor({ state: 'detached' });

    await admin.getByTestId('chat-users').click();
    // The picker lists the company's users but not the admin herself (the owner is always a member).
    const options = admin.getByTestId('chat-users-option');
    await options.filter({ hasText: agentUser.name }).waitFor();
    expect(await options.filter({ hasText: 'Zelo Demo' }).count()).toBe(0);
    await options.filter({ hasText: agentUser.name }).click();
    await admin.keyboard.press('Escape');
    await admin.getByTestId('chat-save').click();
    await admin.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
    chatUrl = new URL(admin.url()).pathname;
    await admin.getByTestId('chat-conversation-title').filter({ hasText: title }).waitFor();
    await admin.getByTestId('chat-row').filter({ hasText: title }).waitFor();
    // The new chat reached the agent's bell list too (a create frame), still with nothing unread.
    await agent.getByTestId('chat-bell').click();
    await agent.getByTestId('chat-bell-item').filter({ hasText: title }).waitFor({ timeout: 5_000 });
    await agent.keyboard.press('Escape');
    expect(await agent.getByTestId('chat-bell-count').count()).toBe(0);
  });

  it('a message raises the agent’s dot and bell without a reload; opening the chat clears them', async () => {
    await admin.getByTestId('chat-input').fill('Quem fica no domingo?');
    await admin.getByTestId('chat-input').press('Enter');
    await admin.getByTestId('chat-message').filter({ hasText: 'Quem fica no domingo?' }).waitFor();
    await expect.poll(() => admin.getByTestId('chat-input').inputValue()).toBe('');

    await agent.getByTestId('chats-badge').waitFor({ timeout: 5_000 });
    await agent.getByTestId('chat-bell-count').filter({ hasText: '1' }).waitFor();
    await agent.getByTestId('chat-bell').click();
    const item = agent.getByTestId('chat-bell-item').filter({ hasText: title });
    await item.filter({ hasText: 'Quem fica no domingo?' }).waitFor();
    await item.click();
    await agent.waitForURL(`${web.url}${chatUrl}`);
    const received = agent.getByTestId('chat-message').filter({ hasText: 'Quem fica no domingo?' });
    await received.waitFor();
    expect(await received.getAttribute('data-mine')).toBe('false');
    expect(await received.textContent()).toContain('Zelo Demo'); // the sender's name on others' messages
    await agent.getByTestId('chat-bell-count').waitFor({ state: 'detached', timeout: 5_000 });
    await agent.getByTestId('chats-badge').waitFor({ state: 'detached' });
    // Read on the server too: a reload shows nothing unread.
    await agent.reload();
    await agent.getByTestId('chat-conversation').waitFor();
    await agent.getByTestId('chat-bell').waitFor();
    await agent.waitForTimeout(500);
    expect(await agent.getByTestId('chat-bell-count').count()).toBe(0);
  });

  it('the agent replies (Shift+Enter for a new line) and the admin sees it live; only the owner may edit', async () => {
    const input = agent.getByTestId('chat-input');
    await input.click();
    await agent.keyboard.type('Eu fico');
    await agent.keyboard.press('Shift+Enter');
    await agent.keyboard.type('até as 18h');
    expect(await input.inputValue()).toBe('Eu fico\naté as 18h');
    await agent.keyboard.press('Enter');
    await agent.getByTestId('chat-message').filter({ hasText: 'até as 18h' }).waitFor();

    const reply = admin.getByTestId('chat-message').filter({ hasText: 'até as 18h' });
    await reply.waitFor({ timeout: 5_000 });
    expect(await reply.getAttribute('data-mine')).toBe('false');
    // The admin is reading this chat: the reply does not raise her counters.
    await admin.waitForTimeout(500);
    expect(await admin.getByTestId('chat-bell-count').count()).toBe(0);

    expect(await agent.getByTestId('chat-edit').count()).toBe(0);
    expect(await agent.getByTestId('chat-delete').count()).toBe(0);
    await admin.getByTestId('chat-edit').waitFor();
  });

  it('the owner renames the chat and the agent’s list follows', async () => {
    await admin.getByTestId('chat-edit').click();
    await admin.getByTestId('chat-title').fill('Escala do fim de semana');
    await admin.getByTestId('chat-save').click();
    await admin
      .getByTestId('chat-conversation-title')
      .filter({ hasText: 'Escala do fim de semana' })
      .waitFor();
    await agent
      .getByTestId('chat-row')
      .filter({ hasText: 'Escala do fim de semana' })
      .waitFor({ timeout: 5_000 });
    await agent
      .getByTestId('chat-conversation-title')
      .filter({ hasText: 'Escala do fim de semana' })
      .waitFor();
  });

  it('searches the chats by title once typing stops', async () => {
    const rows = admin.getByTestId('chat-row');
    await admin.getByTestId('chat-search').fill('FIM DE');
    await admin.waitForTimeout(800); // the 500 ms debounce and the answer
    expect(await rows.count()).toBe(1);
    await admin.getByTestId('chat-search').fill('nada disso');
    await rows.first().waitFor({ state: 'detached', timeout: 3_000 });
    await admin.getByText('Nenhum chat ainda').waitFor();
    await admin.getByTestId('chat-search').fill('');
    await rows.filter({ hasText: 'Escala do fim de semana' }).waitFor();
  });

  it('speaks English after a language switch, and a narrow window shows the two tabs', async () => {
    await agent.getByTestId('language-menu').click();
    await agent.getByTestId('language-en').click();
    await agent.getByTestId('menu-chats').filter({ hasText: 'Internal Chat' }).waitFor();
    await agent.getByPlaceholder('Search chats').waitFor();
    await agent.getByPlaceholder('Type a message').waitFor();

    await agent.setViewportSize({ width: 700, height: 800 });
    const chatsTab = agent.getByRole('tab', { name: 'Chats' });
    const messagesTab = agent.getByRole('tab', { name: 'Messages' });
    await messagesTab.waitFor();
    expect(await messagesTab.getAttribute('aria-selected')).toBe('true');
    await agent.getByTestId('chat-message').filter({ hasText: 'Quem fica no domingo?' }).waitFor();
    await chatsTab.click();
    await agent.waitForURL(`${web.url}/chats`);
    await agent.getByTestId('chat-row').filter({ hasText: 'Escala do fim de semana' }).waitFor();
    expect(await agent.getByTestId('chat-messages').count()).toBe(0);
    await agent.getByTestId('chat-row').click();
    await agent.waitForURL(`${web.url}${chatUrl}`);
    expect(await messagesTab.getAttribute('aria-selected')).toBe('true');
    await agent.setViewportSize({ width: 1400, height: 900 });
  });

  it('a long conversation opens at its newest messages and loads older ones upwards, keeping the place', async () => {
    const token = await browserToken(admin);
    const chatId = chatUrl.split('/').pop();
    for (let n = 1; n <= 45; n++) {
      const label = `Recado ${String(n).padStart(2, '0')}`;
      const r = await system.api('POST', `/chats/${chatId}/messages`, { token, body: { message: label } });
      expect(r.status).toBe(201);
    }
    await agent.reload();
    const list = agent.getByTestId('chat-messages');
    await agent.getByTestId('chat-message').filter({ hasText: 'Recado 45' }).waitFor();
    await agent.waitForTimeout(500); // a second page may follow at once: the first did not reach 600 px
    expect(await agent.getByTestId('chat-message').filter({ hasText: 'Recado 01' }).count()).toBe(0);
    // At the bottom, the newest in view.
    expect(await list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(5);

    // Up to the top: the next older page goes in front and the message that was on top stays in view.
    const topBefore = await list.evaluate((el) => {
      el.scrollTop = 0;
      return el.querySelector('[data-testid=chat-message] .message-body')?.textContent ?? '';
    });
    await agent.getByTestId('chat-message').filter({ hasText: 'Recado 01' }).waitFor();
    const stillVisible = await list.evaluate((el, text) => {
      const box = el.getBoundingClientRect();
      const node = [...el.querySelectorAll('[data-testid=chat-message] .message-body')].find(
        (n) => n.textContent === text,
      );
      const r = node?.getBoundingClientRect();
      return { scrollTop: el.scrollTop, inView: !!r && r.bottom > box.top && r.top < box.bottom };
    }, topBefore);
    expect(topBefore).toBe('Recado 06'); // the oldest of the second page
    expect(stillVisible.scrollTop).toBeGreaterThan(0);
    expect(stillVisible.inView).toBe(true);
    // And on up to the very first message of the chat.
    await list.evaluate((el) => {
      el.scrollTop = 0;
    });
    await agent.getByTestId('chat-message').filter({ hasText: 'Quem fica no domingo?' }).waitFor();
  });

  it('the owner deletes the chat after a confirm; the agent, who had it open, is taken back to /chats', async () => {
    await admin.getByTestId('chat-delete').click();
    await admin.getByTestId('chat-delete-confirm').waitFor();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await admin.waitForURL(`${web.url}/chats`);
    await admin
      .getByTestId('chat-row')
      .filter({ hasText: 'Escala do fim de semana' })
      .waitFor({ state: 'detached' });
    await agent.waitForURL(`${web.url}/chats`, { timeout: 5_000 });
    expect(await agent.getByTestId('chat-row').count()).toBe(0);
    // Its old address (or any id that is not one of her chats) says so, and the page stays usable.
    await agent.goto(`${web.url}${chatUrl}`);
    await agent.getByText('Chat not found').waitFor();
    await agent.getByTestId('chat-new').waitFor();
  });

  it('a chat whose owner was deleted is its members’ to edit and delete; the admin, not in it, never sees it', async () => {
    const token = await browserToken(admin);
    const users = (await system.api('GET', '/users/list', { token })).body as { id: string; email: string }[];
    const agentId = users.find((u) => u.email === agentUser.email)?.id;
    const dora = { name: 'Dora Saída', email: 'dora@zelo.dev', password: 'dora1234' };
    const created = await system.api('POST', '/users', { token, body: { ...dora, profile: 'user' } });
    expect(created.status).toBe(201);
    const { token: doraToken } = await system.login(dora.email, dora.password);
    const chat = await system.api('POST', '/chats', {
      token: doraToken,
      body: { title: 'Plantão da Dora', users: [agentId] },
    });
    expect(chat.status).toBe(201);

    await agent.getByTestId('chat-row').filter({ hasText: 'Plantão da Dora' }).click();
    await agent.getByTestId('chat-conversation-title').filter({ hasText: 'Plantão da Dora' }).waitFor();
    expect(await agent.getByTestId('chat-edit').count()).toBe(0);
    expect((await system.api('DELETE', `/users/${created.body.id}`, { token })).status).toBe(200);

    // Without a reload, the open chat now offers the agent its edit and delete; saving keeps her in it.
    await agent.getByTestId('chat-edit').click({ timeout: 10_000 });
    await agent.getByTestId('chat-title').fill('Plantão sem dona');
    await agent.getByTestId('chat-save').click();
    await agent.getByTestId('chat-conversation-title').filter({ hasText: 'Plantão sem dona' }).waitFor();
    await agent.getByTestId('chat-row').filter({ hasText: 'Plantão sem dona' }).waitFor();
    expect(await admin.getByTestId('chat-row').filter({ hasText: 'Plantão' }).count()).toBe(0);

    await agent.getByTestId('chat-delete').click();
    await agent.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await agent.waitForURL(`${web.url}/chats`);
    await agent
      .getByTestId('chat-row')
      .filter({ hasText: 'Plantão sem dona' })
      .waitFor({ state: 'detached' });
  });
});
