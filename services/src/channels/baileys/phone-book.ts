import type { Pool } from '../../platform/db.ts';
import { storableText } from '../../platform/text.ts';

/**
 * What Baileys tells us about people beyond messages: which phone number hides behind a privacy id
 * (@lid), and the phone's address book. Both are kept per connection in PostgreSQL (tables in
 * auth-state.ts) because WhatsApp sends them once, not on every start.
 */
export class PhoneBook {
  private lids = new Map<string, string>();

  constructor(private readonly pool: Pool) {}

  /** `lid` and `pn` are bare user parts (digits), as translate.ts uses them. */
  async rememberLids(whatsappId: string, pairs: { lid: string; pn: string }[]): Promise<void> {
    const fresh = pairs.filter((p) => this.lids.get(`${whatsappId}/${p.lid}`) !== p.pn);
    if (!fresh.length) return;
    await this.pool.query(
      `INSERT INTO baileys_lid_map (whatsapp_id, lid, pn)
       SELECT DISTINCT ON (l) $1, l, p FROM unnest($2::text[], $3::text[]) AS m(l, p)
       ON CONFLICT (whatsapp_id, lid) DO UPDATE SET pn = EXCLUDED.pn`,
      [whatsappId, fresh.map((p) => p.lid), fresh.map((p) => p.pn)],
    );
    for (const p of fresh) this.lids.set(`${whatsappId}/${p.lid}`, p.pn);
  }

  /** The known phone numbers of these lids (absent when unknown). */
  async phoneNumbers(whatsappId: string, lids: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const missing = lids.filter((lid) => {
      const pn = this.lids.get(`${whatsappId}/${lid}`);
      if (pn) found.set(lid, pn);
      return !pn;
    });
    if (missing.length) {
      const { rows } = await this.pool.query(
        'SELECT lid, pn FROM baileys_lid_map WHERE whatsapp_id = $1 AND lid = ANY($2)',
        [whatsappId, missing],
      );
      for (const r of rows) {
        found.set(r.lid, r.pn);
        this.lids.set(`${whatsappId}/${r.lid}`, r.pn);
      }
    }
    return found;
  }

  /** A contact synced again keeps its number; a better name replaces an empty one, never the reverse. */
  async saveContacts(whatsappId: string, contacts: { number: string; name: string }[]): Promise<void> {
    if (!contacts.length) return;
    await this.pool.query(
      `INSERT INTO baileys_contacts (whatsapp_id, number, name)
       SELECT DISTINCT ON (n) $1, n, c FROM unnest($2::text[], $3::text[]) AS k(n, c)
       ON CONFLICT (whatsapp_id, number)
       DO UPDATE SET name = CASE WHEN EXCLUDED.name = '' THEN baileys_contacts.name ELSE EXCLUDED.name END`,
      [whatsappId, contacts.map((c) => storableText(c.number)), contacts.map((c) => storableText(c.name))],
    );
  }

  async contacts(whatsappId: string): Promise<{ number: string; name: string }[]> {
    const { rows } = await this.pool.query(
      'SELECT number, name FROM baileys_contacts WHERE whatsapp_id = $1 ORDER BY number',
      [whatsappId],
    );
    return rows.map((r) => ({ number: r.number, name: r.name || r.number }));
  }
}
