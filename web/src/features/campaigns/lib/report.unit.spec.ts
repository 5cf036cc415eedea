import { campaignView, shipmentView } from '@zelo/contracts/testing/read-models';
import { describe, expect, it } from 'vitest';
import { applyShipment, emptyShipments, mergeShipmentPage, reportFigures } from './report.ts';

describe('reportFigures', () => {
  it('counts the attempted (sent or failed) of the valid contacts as the progress', () => {
    const f = reportFigures(
      campaignView('a', {
        status: 'EM_ANDAMENTO',
        validContacts: 20,
        sent: 8,
        delivered: 6,
        failed: 2,
        pending: 10,
      }),
    );
    expect(f).toEqual({
      validContacts: 20,
      sent: 8,
      delivered: 6,
      failed: 2,
      optedOut: 0,
      pending: 10,
      progress: 0.5,
    });
  });

  it('counts the recipients skipped as opted out apart, as done with', () => {
    const f = reportFigures(
      campaignView('a', {
        status: 'EM_ANDAMENTO',
        validContacts: 10,
        sent: 3,
        delivered: 3,
        failed: 1,
        optedOut: 4,
        pending: 2,
      }),
    );
    expect(f.optedOut).toBe(4);
    expect(f.failed).toBe(1);
    expect(f.progress).toBe(0.8);
  });

  it('shows no progress before the start (no recipients yet) and a full bar once finished', () => {
    expect(reportFigures(campaignView('a', { status: 'PROGRAMADA' })).progress).toBe(0);
    expect(
      reportFigures(campaignView('a', { status: 'FINALIZADA', validContacts: 3, sent: 2, failed: 1 }))
        .progress,
    ).toBe(1);
  });
});

describe('the shipments list', () => {
  const page = (indexes: number[], hasMore: boolean) => ({
    records: indexes.map((i) => shipmentView(i)),
    hasMore,
  });

  it('replaces the list with page 1 and appends later pages without repeating a row', () => {
    const first = mergeShipmentPage(emptyShipments, page([0, 1, 2], true), 1);
    const withFrame = applyShipment({ ...first, hasMore: false }, shipmentView(3, { status: 'sent' }));
    const second = mergeShipmentPage({ ...withFrame, hasMore: true }, page([3, 4], false), 2);
    expect(second.records.map((s) => s.index)).toEqual([0, 1, 2, 3, 4]);
    expect(second.records[3].status).toBe('sent');
    expect(second.hasMore).toBe(false);
    expect(mergeShipmentPage(second, page([0], false), 1).records).toHaveLength(1);
  });

  it('changes a held row in place as its frame arrives', () => {
    const list = mergeShipmentPage(emptyShipments, page([0, 1], false), 1);
    const delivered = shipmentView(1, { status: 'delivered', deliveredAt: '2025-03-10T12:00:05Z' });
    const next = applyShipment(list, delivered);
    expect(next.records.map((s) => s.status)).toEqual(['pending', 'delivered']);
    expect(list.records[1].status).toBe('pending');
  });

  it('adds an unknown row in send order only when every page is loaded', () => {
    const all = mergeShipmentPage(emptyShipments, page([0, 2], false), 1);
    expect(applyShipment(all, shipmentView(1)).records.map((s) => s.index)).toEqual([0, 1, 2]);
    const partial = mergeShipmentPage(emptyShipments, page([0, 1], true), 1);
    expect(applyShipment(partial, shipmentView(40))).toBe(partial);
  });
});
