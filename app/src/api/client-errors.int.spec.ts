import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// POST /client-errors: the web app's error screen reports a page that failed, and the report lands in
// the API's log with who it happened to. Only a session may report; the report is bounded and checked
// like any body; a browser failing in a loop is throttled.
describe('POST /client-errors', () => {
  let system: TestSystem;
  let token: string;
  const lines: string[] = [];
  const report = { kind: 'render', message: 'Cannot read properties of undefined', route: '/tickets' };

  beforeAll(async () => {
    system = await startTestSystem({ logStream: { write: (line) => void lines.push(line) } });
    ({ token } = await system.login(DEMO.email, DEMO.password));
  }, 120_000);

  afterAll(async () => {
    await system?.close();
  });

  it('logs the report with the user and company, and answers 204', async () => {
    const r = await system.api('POST', '/client-errors', {
      token,
      body: { ...report, stack: 'at TicketList' },
    });
    expect(r.status).toBe(204);
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'web app error');
    expect(line?.clientError).toMatchObject({ ...report, stack: 'at TicketList' });
    expect(line?.userId).toBe(DEMO.adminId);
    expect(line?.companyId).toBe(DEMO.companyId);
  });

  it('without a session is refused and logs nothing', async () => {
    const before = lines.length;
    const r = await system.api('POST', '/client-errors', { body: { ...report, message: 'anonymous' } });
    expect(r.status).toBe(401);
    expect(lines.slice(before).some((l) => l.includes('anonymous') && l.includes('web app error'))).toBe(
      false,
    );
  });

  it('a report out of bounds is 400 ERR_VALIDATION and logs nothing', async () => {
    const before = lines.length;
    for (const body of [
      { ...report, message: 'x'.repeat(2001) },
      { ...report, kind: 'whatever' },
      { ...report, route: undefined },
      { ...report, message: 'broken\u0000here' },
      { ...report, message: 1e308 },
      { ...report, stack: ['not', 'text'] },
    ]) {
      const r = await system.api('POST', '/client-errors', { token, body });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('ERR_VALIDATION');
    }
    expect(lines.slice(before).some((l) => l.includes('"web app error"'))).toBe(false);
  });

  it('a page failing in a loop is throttled (429 ERR_RATE_LIMITED)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await system.api('POST', '/client-errors', { token, body: report })).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 204).length).toBeLessThanOrEqual(20);
  });
});
