import { campaignView } from '@zelo/contracts/testing/read-models';
import { describe, expect, it } from 'vitest';
import { applyListFrame } from './campaign-list.ts';

const records = [campaignView('a'), campaignView('b')];

describe('the campaigns list and its frames', () => {
  it('changes a row in place on update, without a reload', () => {
    const running = campaignView('b', { status: 'EM_ANDAMENTO', sent: 3 });
    const { records: next, reload } = applyListFrame(records, { action: 'update', record: running });
    expect(reload).toBe(false);
    expect(next.map((c) => [c.id, c.status])).toEqual([
      ['a', 'INATIVA'],
      ['b', 'EM_ANDAMENTO'],
    ]);
  });

  it('drops a deleted row, reloads for a new campaign and ignores rows it does not hold', () => {
    expect(applyListFrame(records, { action: 'delete', id: 'a' }).records.map((c) => c.id)).toEqual(['b']);
    expect(applyListFrame(records, { action: 'create', record: campaignView('n') }).reload).toBe(true);
    expect(applyListFrame(records, { action: 'update', record: campaignView('z') }).records).toBe(records);
  });
});
