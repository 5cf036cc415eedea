import { eventually } from '@zelo/services/testing/eventually';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { TestSystem } from './system.ts';

// The clients the session tests play: users the demo admin creates and logs in, and sockets whose
// frames and close (code and reason, or 'refused' at the upgrade) the tests watch.

const USER_PASSWORD = 'senha123';

/** A user created through POST /users with the admin's token (password `senha123`), then logged in. */
export async function newLoggedInUser(
  system: TestSystem,
  adminToken: string,
  user: { name: string; email: string; profile?: 'admin' | 'user' },
) {
  const { name, email, profile = 'user' } = user;
  const r = await system.api('POST', '/users', {
    token: adminToken,
    body: { name, email, password: USER_PASSWORD, profile },
  });
  expect(r.status).toBe(201);
  return { id: r.body.id as string, email, ...(await system.login(email, USER_PASSWORD)) };
}

export function openSocket(system: TestSystem, token: string) {
  const ws = new WebSocket(`${system.url.replace(/^http/, 'ws')}/socket?token=${encodeURIComponent(token)}`);
  const frames: { event: string; data: { user?: { id?: string } } | null }[] = [];
  const closed = new Promise<{ code: number; reason: string } | 'refused'>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    ws.on('error', () => resolve('refused'));
  });
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  return { ws, frames, closed };
}

/** A socket that got its `ready` frame. */
export async function readySocket(system: TestSystem, token: string) {
  const s = openSocket(system, token);
  await eventually(async () => s.frames.some((f) => f.event === 'ready'), 8_000, 'socket ready');
  return s;
}
