import { campaignView } from '@zelo/contracts/testing/read-models';
import { describe, expect, it } from 'vitest';
import { applyListFrame, mergeCampaignPage } from './campaign-list.ts';

const list = mergeCampaignPage(
  { records: [], hasMore: false },
  { records: [campaignView('a'), campaignView('b')], hasMore: true },
  1,
);

describe('the campaigns list and its frames', () => {
  it('changes a row in place on update, without a reload', () => {
    const running = campaignView('b', { status: 'EM_ANDAMENTO', sent: 3 });
    const { list: next, reload } = applyListFrame(list, { action: 'update', record: running });
    expect(reload).toBe(false);
    expect(next.records.map((c) => [c.id, c.status])).toEqual([
      ['a', 'INATIVA'],
      ['b', 'EM_ANDAMENTO'],
    ]);
  });

  it('drops a deleted row, reloads for a new campaign and ignores rows it does not hold', () => {
    expect(applyListFrame(list, { action: 'delete', id: 'a' }).list.records.map((c) => c.id)).toEqual(['b']);
    expect(applyListFrame(list, { action: 'create', record: campaignView('n') }).reload).toBe(true);
    expect(applyListFrame(list, { action: 'update', record: campaignView('z') }).list).toBe(list);
  });

  it('appends a later page without repeating a row', () => {
    const next = mergeCampaignPage(
      list,
      { records: [campaignView('b'), campaignView('c')], hasMore: false },
      2,
    );
    expect(next.records.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(next.hasMore).toBe(false);
  });
});
