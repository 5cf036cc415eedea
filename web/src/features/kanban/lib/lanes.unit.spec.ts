import { ticketView as ticket } from '@zelo/contracts/testing/read-models';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { describe, expect, it } from 'vitest';
import { groupIntoLanes, laneKey, moveTargets, shortTicketId, tagIdOfLaneKey } from './lanes.ts';

const lead = { id: 'lead', name: 'Lead', color: '#0a0' };
const won = { id: 'won', name: 'Ganho', color: '#00a' };
const vip = { id: 'vip', name: 'VIP', color: '#a00' }; // a tag that is not a lane
const ids = (lane: { tickets: TicketView[] }) => lane.tickets.map((t) => t.id);

describe('groupIntoLanes', () => {
  it('puts the open lane first, then one lane per kanban tag in the given order', () => {
    const lanes = groupIntoLanes([], [won, lead]);
    expect(lanes.map((l) => l.tag?.id ?? null)).toEqual([null, 'won', 'lead']);
    expect(lanes.every((l) => l.tickets.length === 0)).toBe(true);
  });

  it('keeps a ticket with only non-kanban tags in the open lane', () => {
    const lanes = groupIntoLanes([ticket('a', { tags: [vip] }), ticket('b', { tags: [lead] })], [lead]);
    expect(ids(lanes[0])).toEqual(['a']);
    expect(ids(lanes[1])).toEqual(['b']);
  });

  it('shows a ticket with two kanban tags in both lanes, and not in the open lane', () => {
    const lanes = groupIntoLanes([ticket('a', { tags: [lead, won, vip] })], [lead, won]);
    expect(lanes.map(ids)).toEqual([[], ['a'], ['a']]);
  });

  it('sends a ticket whose tag is no longer a lane back to the open lane', () => {
    const lanes = groupIntoLanes([ticket('a', { tags: [won] })], [lead]);
    expect(lanes.map(ids)).toEqual([['a'], []]);
  });

  it('orders each lane by latest activity first', () => {
    const lanes = groupIntoLanes(
      [
        ticket('old', { updatedAt: '2025-01-01T08:00:00Z' }),
        ticket('new', { updatedAt: '2025-01-02T08:00:00Z' }),
        ticket('mid', { updatedAt: '2025-01-01T12:00:00Z' }),
      ],
      [],
    );
    expect(ids(lanes[0])).toEqual(['new', 'mid', 'old']);
  });

  it('lane colours and names come from the kanban tags', () => {
    expect(groupIntoLanes([], [lead])[1].tag).toEqual(lead);
  });
});

describe('lane helpers', () => {
  it('moveTargets lists every other lane', () => {
    const lanes = groupIntoLanes([], [lead, won]);
    expect(moveTargets(lanes, null).map((l) => l.tag?.id)).toEqual(['lead', 'won']);
    expect(moveTargets(lanes, 'lead').map((l) => l.tag?.id ?? null)).toEqual([null, 'won']);
  });

  it('lane keys round-trip, the open lane as the empty key', () => {
    expect(laneKey(null)).toBe('');
    expect(tagIdOfLaneKey(laneKey(null))).toBeNull();
    expect(tagIdOfLaneKey(laneKey('lead'))).toBe('lead');
  });

  it('a ticket number is the start of its uuid', () => {
    expect(shortTicketId({ uuid: '0d8f3a21-1111-4222-8333-444455556666' })).toBe('0d8f3a21');
  });
});
