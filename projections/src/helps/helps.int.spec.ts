import { helpCreated, helpDeleted, helpUpdated } from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { helpsProjection } from './helps.ts';
import { listHelps } from './queries.ts';

describe('helps read model', () => {
  const db = useReadModelDatabase();

  it('lists helps by title, as last edited, without the deleted ones', async () => {
    const b = helpCreated({ title: 'Filas' });
    const a = helpCreated({ title: 'Conexões' });
    const gone = helpCreated({ title: 'Antiga' });
    await db.given(
      [helpsProjection],
      [b, a, gone, helpUpdated({ ...b.data, title: 'Atendimentos' }), helpDeleted(gone.data)],
    );
    expect((await listHelps(db.pool)).map((h) => h.title)).toEqual(['Atendimentos', 'Conexões']);
  });
});
