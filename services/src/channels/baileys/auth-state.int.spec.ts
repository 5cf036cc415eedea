import { randomUUID } from 'node:crypto';
import waproto from '@whiskeysockets/baileys/WAProto/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { PgAuthStore } from './auth-state.ts';
import { baileysMigrations } from './migrations.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(baileysMigrations);
});
afterAll(() => db.drop());

const session = Uint8Array.from([1, 2, 3, 250]);

describe('the PostgreSQL auth state', () => {
  it('gives a fresh store the creds and keys another store saved, Buffers intact', async () => {
    const id = randomUUID();
    const first = await new PgAuthStore(db.pool).load(id);
    const noiseKey = first.state.creds.noiseKey;
    await first.saveCreds({ registered: true, me: { id: '5511912345678:7@s.whatsapp.net', name: 'Loja' } });
    await first.state.keys.set({
      session: { '5511900000001.0': session },
      'pre-key': { '1': { public: Buffer.from('pub'), private: Buffer.from('priv') } },
      'app-state-sync-key': { AAA: { keyData: Buffer.from('key-data') } },
    });

    const again = await new PgAuthStore(db.pool).load(id);
    expect(again.state.creds.registered).toBe(true);
    expect(again.state.creds.me?.name).toBe('Loja');
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.from(again.state.creds.noiseKey.private)).toEqual(Buffer.from(noiseKey.private));
    const sessions = await again.state.keys.get('session', ['5511900000001.0', 'missing.0']);
    expect(Buffer.from(sessions['5511900000001.0'])).toEqual(Buffer.from(session));
    expect(sessions['missing.0']).toBeUndefined();
    const preKeys = await again.state.keys.get('pre-key', ['1']);
    expect(preKeys['1'].private.toString()).toBe('priv');
    const syncKeys = await again.state.keys.get('app-state-sync-key', ['AAA']);
    // Baileys decodes these with protobuf: they must come back as the protobuf class.
    expect(syncKeys.AAA).toBeInstanceOf(waproto.proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(syncKeys.AAA.keyData as Uint8Array).toString()).toBe('key-data');
  });

  it('deletes a key set to null, in the same call as other writes', async () => {
    const id = randomUUID();
    const store = new PgAuthStore(db.pool);
    const { state } = await store.load(id);
    await state.keys.set({ session: { a: session, b: session } });
    await state.keys.set({ session: { a: null, c: session } });
    expect(Object.keys(await state.keys.get('session', ['a', 'b', 'c'])).sort()).toEqual(['b', 'c']);
  });

  it('keeps the last creds when updates come faster than writes', async () => {
    const id = randomUUID();
    const { saveCreds } = await new PgAuthStore(db.pool).load(id);
    const writes = Array.from({ length: 20 }, (_, i) => saveCreds({ nextPreKeyId: i + 1 }));
    await Promise.all(writes);
    expect((await new PgAuthStore(db.pool).load(id)).state.creds.nextPreKeyId).toBe(20);
  });

  it('a reload right after a creds.update (the 515 restart after pairing) sees the new creds', async () => {
    const id = randomUUID();
    const store = new PgAuthStore(db.pool);
    const { saveCreds } = await store.load(id);
    void saveCreds({ registered: true, me: { id: '5511912345678:7@s.whatsapp.net' } });
    expect((await store.load(id)).state.creds.registered).toBe(true);
  });

  it("keeps each connection's keys to itself, and clear() wipes one connection only", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const store = new PgAuthStore(db.pool);
    const sa = await store.load(a);
    const sb = await store.load(b);
    await sa.saveCreds();
    await sb.saveCreds();
    await sa.state.keys.set({ session: { shared: Uint8Array.from([1]) } });
    await sb.state.keys.set({ session: { own: Uint8Array.from([2]) } });
    expect(await sb.state.keys.get('session', ['shared'])).toEqual({});

    await store.clear(a);
    const count = async (whatsappId: string) =>
      (
        await db.pool.query(
          `SELECT (SELECT count(*) FROM baileys_creds WHERE whatsapp_id = $1)
                + (SELECT count(*) FROM baileys_keys WHERE whatsapp_id = $1) AS n`,
          [whatsappId],
        )
      ).rows[0].n;
    expect(await count(a)).toBe(0);
    expect(await count(b)).toBe(2);
    const fresh = await new PgAuthStore(db.pool).load(a);
    expect(fresh.state.creds.registered).toBe(false);
  });
});
