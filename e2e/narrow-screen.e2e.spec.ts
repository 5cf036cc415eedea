import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSystem } from '../app/src/testing/system.ts';
import { closeAll, startLoggedIn, type startWeb } from './browser.ts';

// Every screen of the menu on a phone (390 × 844, in pt): it renders (no error screen), and nothing
// is wider than the screen, so no page needs a sideways scroll to reach a button or a column's end.
const WIDTH = 390;

describe('every menu screen at 390 px', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ system, web, browser, page } = await startLoggedIn({
      open: { page: { viewport: { width: WIDTH, height: 844 } } },
    }));
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  // The side menu's entries (web/src/app/layout/menu-items.ts) as the demo admin sees them, and the
  // pages reached from them.
  const paths = [
    '/',
    '/tickets',
    '/quick-messages',
    '/todolist',
    '/contacts',
    '/schedules',
    '/tags',
    '/chats',
    '/helps',
    '/kanban',
    '/campaigns',
    '/contact-lists',
    '/campaigns-config',
    '/phrase-lists',
    '/flowbuilders',
    '/reports',
    '/announcements',
    '/prompts',
    '/queue-integration',
    '/connections',
    '/files',
    '/queues',
    '/sla-policies',
    '/users',
    '/messages-api',
    '/financeiro',
    '/settings',
    '/subscription',
    '/flowbuilder',
  ];

  it.each(paths)(
    '%s renders and fits the screen',
    async (path) => {
      await page.goto(`${web.url}${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const name = path === '/' ? 'dashboard' : path.slice(1).replaceAll('/', '-');
      await page.screenshot({ path: `e2e/screenshots/narrow-${name}.png` });
      expect(await page.getByTestId('error-screen').count()).toBe(0);
      expect(new URL(page.url()).pathname).not.toBe('/login');
      // Nothing sticks out past the screen's edge where no one can reach it: the document never scrolls
      // sideways, and an element beyond the edge must sit in a frame that scrolls (a wide table may).
      const overflow = await page.evaluate((width) => {
        const doc = document.scrollingElement ?? document.documentElement;
        if (doc.scrollWidth > width + 1) return `the page scrolls sideways (${doc.scrollWidth}px)`;
        const reachable = (e: Element) => {
          for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
            // The flow editor's canvas pans (drag, zoom) instead of scrolling.
            if (a.classList.contains('react-flow')) return true;
            // Blueprint's table (the reports) draws its header and frozen column as clipped copies
            // beside its body, whose own scroller reaches every cell.
            if (a.classList.contains('bp6-table-quadrant')) return true;
            const x = getComputedStyle(a).overflowX;
            if ((x === 'auto' || x === 'scroll') && a.scrollWidth > a.clientWidth) return true;
          }
          return false;
        };
        const clipped = [...document.querySelectorAll('body *')].filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && r.right > width + 1 && r.left < width && !reachable(e);
        });
        const leaf = clipped.filter((e) => !clipped.some((o) => o !== e && e.contains(o)));
        return leaf.length === 0
          ? null
          : leaf
              .slice(0, 3)
              .map(
                (e) =>
                  `${e.tagName}.${String(e.className).slice(0, 40)}[${e.getAttribute('data-testid') ?? ''}] "${(e.textContent ?? '').slice(0, 20)}"`,
              )
              .join('; ');
      }, WIDTH);
      expect(overflow).toBeNull();
    },
    30_000,
  );
});
