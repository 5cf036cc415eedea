import { beforeEach, describe, expect, it, vi } from 'vitest';

// The API and the socket are stand-ins: the test counts the GETs and plays the frames.
const api = vi.hoisted(() => ({ answers: [] as (() => Promise<unknown>)[], paths: [] as string[] }));
const frames = vi.hoisted(() => new Map<string, Set<() => void>>());
const resyncs = vi.hoisted(() => new Set<() => void>());

vi.mock('./api.ts', () => ({
  apiRequest: (path: string) => {
    api.paths.push(path);
    return (api.answers.shift() ?? (() => Promise.resolve([{ id: path, name: path }])))();
  },
}));
vi.mock('./socket.ts', () => ({
  socket: {
    on: (event: string, handler: () => void) => {
      const set = frames.get(event) ?? new Set();
      set.add(handler);
      frames.set(event, set);
      return () => set.delete(handler);
    },
    onResync: (handler: () => void) => {
      resyncs.add(handler);
      return () => resyncs.delete(handler);
    },
  },
}));

const { fetchReferenceList } = await import('./reference-lists.ts');
const { appStore, sessionAtom } = await import('./store.ts');

const signIn = (companyId: string | null) =>
  appStore.set(sessionAtom, companyId ? ({ token: 't', user: { id: 'u1', companyId } } as never) : null);
const push = (event: string) => {
  for (const h of frames.get(event) ?? []) h();
};

describe('the company reference lists', () => {
  beforeEach(() => {
    signIn(null);
    signIn('c1');
    api.paths.length = 0;
    api.answers.length = 0;
  });

  it('asks the API once per session for each list', async () => {
    await fetchReferenceList('queues');
    await fetchReferenceList('queues');
    await fetchReferenceList('tags');
    expect(api.paths).toEqual(['/queue', '/tags/list']);
  });

  it('asks again after the company frame of that list, or a resync', async () => {
    await fetchReferenceList('users');
    await fetchReferenceList('connections');
    push('company-c1-user');
    await fetchReferenceList('users');
    await fetchReferenceList('connections');
    expect(api.paths).toEqual(['/users/list', '/whatsapp', '/users/list']);
    for (const h of resyncs) h();
    await fetchReferenceList('connections');
    expect(api.paths.at(-1)).toBe('/whatsapp');
  });

  it('hears only the signed-in company and forgets the lists when it changes', async () => {
    await fetchReferenceList('tags');
    push('company-c2-tag');
    await fetchReferenceList('tags');
    expect(api.paths).toEqual(['/tags/list']);
    signIn('c2');
    await fetchReferenceList('tags');
    push('company-c1-tag');
    await fetchReferenceList('tags');
    expect(api.paths).toEqual(['/tags/list', '/tags/list']);
  });

  it('tries again after a failed answer', async () => {
    api.answers.push(() => Promise.reject(new Error('down')));
    await expect(fetchReferenceList('queues')).rejects.toThrow('down');
    await expect(fetchReferenceList('queues')).resolves.toEqual([{ id: '/queue', name: '/queue' }]);
    expect(api.paths).toEqual(['/queue', '/queue']);
  });
});
