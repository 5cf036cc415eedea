import {
  type AuthenticationCreds,
  type AuthenticationState,
  BufferJSON,
  initAuthCreds,
  type SignalDataSet,
  type SignalDataTypeMap,
} from '@whiskeysockets/baileys';
// The package's ESM named exports miss `proto` (protobufjs builds it at run time): read it from WAProto.
import waproto from '@whiskeysockets/baileys/WAProto/index.js';
import { inTransaction, type Pool } from '../../platform/db.ts';

const { proto } = waproto;

// A WhatsApp session is its creds plus thousands of signal keys; losing one key breaks decryption of a
// chat, so every change is committed before Baileys goes on (never the multi-file store: no shared disk).

const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const decode = (text: string) => JSON.parse(text, BufferJSON.reviver);

export interface PgAuthSession {
  state: AuthenticationState;
  /** The `creds.update` listener: merges the update and commits the whole creds. */
  saveCreds(update?: Partial<AuthenticationCreds>): Promise<void>;
}

export class PgAuthStore {
  // creds.update listeners are not awaited by Baileys: chain the writes so an older one never lands last.
  private credsWrites = new Map<string, Promise<void>>();

  constructor(private readonly pool: Pool) {}

  async load(whatsappId: string): Promise<PgAuthSession> {
    // A socket reopened right after pairing (515) must read the creds the pairing just wrote.
    await this.credsWrites.get(whatsappId)?.catch(() => {});
    const { rows } = await this.pool.query('SELECT creds FROM baileys_creds WHERE whatsapp_id = $1', [
      whatsappId,
    ]);
    const creds: AuthenticationCreds = rows[0] ? decode(rows[0].creds) : initAuthCreds();
    const saveCreds = (update?: Partial<AuthenticationCreds>) => {
      if (update) Object.assign(creds, update);
      const snapshot = encode(creds);
      const previous = this.credsWrites.get(whatsappId) ?? Promise.resolve();
      const next = previous.catch(() => {}).then(() => this.writeCreds(whatsappId, snapshot));
      this.credsWrites.set(whatsappId, next);
      return next;
    };
    return {
      state: {
        creds,
        keys: {
          get: (type, ids) => this.getKeys(whatsappId, type, ids),
          set: (data) => this.setKeys(whatsappId, data),
        },
      },
      saveCreds,
    };
  }

  /** Forgets the session (logged out): the next start pairs anew with a QR. */
  async clear(whatsappId: string): Promise<void> {
    await this.credsWrites.get(whatsappId)?.catch(() => {});
    await inTransaction(this.pool, async (tx) => {
      await tx.query('DELETE FROM baileys_creds WHERE whatsapp_id = $1', [whatsappId]);
      await tx.query('DELETE FROM baileys_keys WHERE whatsapp_id = $1', [whatsappId]);
    });
  }

  private async writeCreds(whatsappId: string, creds: string) {
    await this.pool.query(
      `INSERT INTO baileys_creds (whatsapp_id, creds) VALUES ($1, $2)
       ON CONFLICT (whatsapp_id) DO UPDATE SET creds = EXCLUDED.creds, updated_at = now()`,
      [whatsappId, creds],
    );
  }

  private async getKeys<T extends keyof SignalDataTypeMap>(whatsappId: string, type: T, ids: string[]) {
    const { rows } = await this.pool.query(
      'SELECT id, value FROM baileys_keys WHERE whatsapp_id = $1 AND type = $2 AND id = ANY($3)',
      [whatsappId, type, ids],
    );
    const found: { [id: string]: SignalDataTypeMap[T] } = {};
    for (const r of rows) {
      const value = decode(r.value);
      // Baileys expects a protobuf object here, not the plain JSON it was saved from.
      found[r.id] =
        type === 'app-state-sync-key' ? proto.Message.AppStateSyncKeyData.fromObject(value) : value;
    }
    return found;
  }

  /** One set call, one transaction: a batch of new keys is all there or not at all. */
  private async setKeys(whatsappId: string, data: SignalDataSet) {
    const upsert = { types: [] as string[], ids: [] as string[], values: [] as string[] };
    const remove = { types: [] as string[], ids: [] as string[] };
    for (const [type, entries] of Object.entries(data)) {
      for (const [id, value] of Object.entries(entries ?? {})) {
        if (value) {
          upsert.types.push(type);
          upsert.ids.push(id);
          upsert.values.push(encode(value));
        } else {
          remove.types.push(type);
          remove.ids.push(id);
        }
      }
    }
    await inTransaction(this.pool, async (tx) => {
      if (upsert.ids.length)
        await tx.query(
          `INSERT INTO baileys_keys (whatsapp_id, type, id, value)
           SELECT $1, t, i, v FROM unnest($2::text[], $3::text[], $4::text[]) AS k(t, i, v)
           ON CONFLICT (whatsapp_id, type, id) DO UPDATE SET value = EXCLUDED.value`,
          [whatsappId, upsert.types, upsert.ids, upsert.values],
        );
      if (remove.ids.length)
        await tx.query(
          `DELETE FROM baileys_keys WHERE whatsapp_id = $1
              AND (type, id) IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
          [whatsappId, remove.types, remove.ids],
        );
    });
  }
}
