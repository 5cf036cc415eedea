import type { Migration } from '../../platform/migrate.ts';

// The tables Baileys' auth state and phone book live in: apart from auth-state.ts, so that every process
// runs these migrations without loading Baileys (half a second of start-up for roles that never use it).

export const baileysMigrations: Migration[] = [
  {
    id: 'baileys/001-auth-state',
    sql: `
      CREATE TABLE baileys_creds (
        whatsapp_id uuid PRIMARY KEY, creds text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE baileys_keys (
        whatsapp_id uuid NOT NULL, type text NOT NULL, id text NOT NULL, value text NOT NULL,
        PRIMARY KEY (whatsapp_id, type, id)
      );
      -- WhatsApp's privacy ids (@lid) and the phone number behind them, as Baileys learns them, so that
      -- a person is one contact whichever id a message arrives with.
      CREATE TABLE baileys_lid_map (
        whatsapp_id uuid NOT NULL, lid text NOT NULL, pn text NOT NULL, PRIMARY KEY (whatsapp_id, lid)
      );
      -- The phone's address book as WhatsApp synced it (sent once after pairing, not on every start).
      CREATE TABLE baileys_contacts (
        whatsapp_id uuid NOT NULL, number text NOT NULL, name text NOT NULL DEFAULT '',
        PRIMARY KEY (whatsapp_id, number)
      );`,
  },
];
