import type { HelpView } from '@zelo/contracts/helps/read-models';
import type pg from 'pg';

const select = `
  SELECT id, title, video, description, created_at AS "createdAt", updated_at AS "updatedAt" FROM helps`;

type HelpRow = Omit<HelpView, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const toView = (r: HelpRow): HelpView => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Every help video, by title: the /helps grid and the settings Help tab. */
export async function listHelps(pool: pg.Pool): Promise<HelpView[]> {
  const { rows } = await pool.query<HelpRow>(`${select} ORDER BY lower(title), id`);
  return rows.map(toView);
}

export async function getHelp(pool: pg.Pool, id: string): Promise<HelpView | null> {
  const { rows } = await pool.query<HelpRow>(`${select} WHERE id = $1`, [id]);
  return rows[0] ? toView(rows[0]) : null;
}
