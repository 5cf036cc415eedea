import { SESSION_ENDED_CLOSE_CODE } from '@zelo/services/api/socket-gateway';
import { eventually } from '@zelo/services/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newLoggedInUser, openSocket, readySocket } from '../testing/session-clients.ts';
import { DEMO, startTestSystem, type TestSystem } from '../testing/system.ts';

// An access token belongs to its login (refresh family): when that login ends (a logout, a login
// elsewhere) the token is refused at once, not up to 15 minutes later, and that login's sockets close.
// The "logged in elsewhere" push reaches only the user's own sockets.

let system: TestSystem;
let admin: { token: string; cookie: string };
let count = 0;

const newUser = () =>
  newLoggedInUser(system, admin.token, { name: `Família ${++count}`, email: `familia${count}@families.dev` });

const me = (token: string) => system.api('GET', '/auth/me', { token });
const authEvent = `company-${DEMO.companyId}-auth`;

beforeAll(async () => {
  system = await startTestSystem();
  admin = await system.login(DEMO.email, DEMO.password);
}, 90_000);
afterAll(async () => system?.close());

describe('an access token after its login ended', () => {
  it('a login elsewhere: the first login’s token answers 403 ERR_SESSION_EXPIRED at once, the new one works', async () => {
    const user = await newUser();
    expect((await me(user.token)).status).toBe(200);
    const second = await system.login(user.email, 'senha123');
    const r = await me(user.token);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('ERR_SESSION_EXPIRED');
    expect((await system.api('GET', '/tickets', { token: user.token })).status).toBe(403);
    expect((await me(second.token)).status).toBe(200);
  });

  it('a logout: that login’s token is refused and its socket closes with 4001; a new socket with it is refused', async () => {
    const user = await newUser();
    const socket = await readySocket(system, user.token);
    const out = await system.api('DELETE', '/auth/logout', { cookie: user.cookie });
    expect(out.status).toBe(204);
    const r = await me(user.token);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('ERR_SESSION_EXPIRED');
    expect(await socket.closed).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: 'session ended' });
    expect(await openSocket(system, user.token).closed).toBe('refused');
  });
});

describe('a login elsewhere, on the sockets', () => {
  it('the first login’s socket hears the push, then closes with 4001; the new login’s socket stays open', async () => {
    const user = await newUser();
    const first = await readySocket(system, user.token);
    const second = await system.login(user.email, 'senha123');
    const closed = await first.closed;
    expect(first.frames.some((f) => f.event === authEvent && f.data?.user?.id === user.id)).toBe(true);
    expect(closed).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: 'session ended' });
    const socket = await readySocket(system, second.token);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    socket.ws.close();
  });

  it('the push reaches only that user’s sockets, not the rest of the company', async () => {
    const user = await newUser();
    const colleague = await newUser();
    const mine = await readySocket(system, user.token);
    const theirs = await readySocket(system, colleague.token);
    const watcher = await readySocket(system, admin.token);
    await system.login(user.email, 'senha123');
    await eventually(async () => mine.frames.some((f) => f.event === authEvent), 8_000, 'auth push');
    // The colleague's and the admin's sockets would have heard it by now (same process, same send).
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.frames.filter((f) => f.event === authEvent)).toEqual([]);
    expect(watcher.frames.filter((f) => f.event === authEvent)).toEqual([]);
    theirs.ws.close();
    watcher.ws.close();
  });
});
