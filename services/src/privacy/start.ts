import { resolveSecret } from '../auth/sessions.ts';
import type { EventStore } from '../event-store/port.ts';
import { PostgresEventStore } from '../event-store/postgres.ts';
import type { Pool } from '../platform/db.ts';
import { KeyVault } from './key-vault.ts';
import { setPersonalIndexSecret, TEST_PERSONAL_INDEX_SECRET } from './personal-index.ts';
import { type SealedEventStore, sealedEventStore } from './sealed-event-store.ts';

/**
 * What every process that reads or writes events needs of issue 25: the deployment's personal index
 * secret (generated once and kept with its data, like the JWT secret; every system a test starts
 * shares the test one) and the key vault, listening for other processes' destroys.
 */
export async function startPrivacy(pool: Pool, listenUrl: string | null): Promise<KeyVault> {
  const configured = process.env.VITEST ? TEST_PERSONAL_INDEX_SECRET : null;
  setPersonalIndexSecret(await resolveSecret(pool, 'personal-index', configured));
  const vault = new KeyVault(pool, listenUrl);
  await vault.start();
  return vault;
}

/**
 * The product's event store for a tool that opens its own (cli, bench): PostgreSQL, sealed as
 * system.ts seals it. A tool's run is short: its vault does not listen for destroys (a key destroyed
 * meanwhile is still applied by the ContactErased the tool reads after it). No tool indexes a number
 * (contactNumberStreamId throws there): the secret is not read, so a tool asks the vault's table
 * nothing until it meets a sealed event.
 */
export function openProductEventStore(
  pool: Pool,
  connectionString: string,
  inner: EventStore = new PostgresEventStore(pool, connectionString),
): SealedEventStore {
  return sealedEventStore(inner, new KeyVault(pool, null));
}
