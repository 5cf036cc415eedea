import type { CampaignDailySlotTaken } from '@zelo/contracts/campaigns/events';
import { campaignDailySlotTaken } from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  type DailySlotsCommand,
  type DailySlotsState,
  decideDailySlots,
  evolveDailySlots,
  initialDailySlotsState,
  pacedNotBefore,
} from './daily-slots.ts';

const spec = decider<DailySlotsState, DailySlotsCommand, CampaignDailySlotTaken>({
  initialState: initialDailySlotsState,
  evolve: evolveDailySlots,
  decide: decideDailySlots,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const whatsappId = '00000000-0000-4000-8000-000000000050';
const day = '2030-01-31';
const take = (slotKey: string, limit: number): DailySlotsCommand => ({
  type: 'TakeDailySlot',
  companyId,
  whatsappId,
  day,
  slotKey,
  limit,
});
const taken = (slotKey: string) => campaignDailySlotTaken({ companyId, whatsappId, day, slotKey });

describe('daily campaign slots of a connection', () => {
  describe('When no slot was taken today', () => {
    it('the first message takes a slot', () =>
      spec
        .given([])
        .when(take('c1:0', 2))
        .then([taken('c1:0')]));

    it('without a cap every message takes a slot', () =>
      spec
        .given([taken('c1:0'), taken('c1:1')])
        .when(take('c1:2', 0))
        .then([taken('c1:2')]));
  });

  describe('When slots are taken but the cap is not reached', () => {
    it('another campaign on the same connection takes the next one', () =>
      spec
        .given([taken('c1:0')])
        .when(take('c2:0', 2))
        .then([taken('c2:0')]));

    it('a retried reservation takes nothing new', () =>
      spec
        .given([taken('c1:0')])
        .when(take('c1:0', 2))
        .thenNothing());
  });

  describe('When the cap is reached', () => {
    it('a new message is refused until the next day', () =>
      spec
        .given([taken('c1:0'), taken('c2:0')])
        .when(take('c1:1', 2))
        .thenThrows('ERR_RATE_LIMITED'));

    it('a message that already holds its slot is still fine (a retry after the last slot)', () =>
      spec
        .given([taken('c1:0'), taken('c2:0')])
        .when(take('c2:0', 2))
        .thenNothing());

    it('a lowered cap refuses too', () =>
      spec
        .given([taken('c1:0'), taken('c1:1'), taken('c1:2')])
        .when(take('c1:3', 1))
        .thenThrows('ERR_RATE_LIMITED'));
  });
});

describe('paced messages of a connection (an interval is set)', () => {
  const at = (s: number) => new Date(Date.UTC(2030, 0, 31, 12, 0, s)).toISOString();
  const paced = (slotKey: string, second: number, gapMs = 10_000, limit = 0): DailySlotsCommand => ({
    type: 'TakePacedSlot',
    companyId,
    whatsappId,
    day,
    slotKey,
    limit,
    at: at(second),
    gapMs,
  });
  const pacedTaken = (slotKey: string, second: number) =>
    campaignDailySlotTaken({ companyId, whatsappId, day, slotKey, at: at(second) });

  it('the first of the day goes at once, and says when it went', () =>
    spec
      .given([])
      .when(paced('c1:0', 0))
      .then([pacedTaken('c1:0', 0)]));

  it('another campaign on the same number waits for the interval after the last paced message', () =>
    spec
      .given([pacedTaken('c1:0', 0)])
      .when(paced('c2:0', 4))
      .thenNothing());

  it('once the interval has passed it goes, whichever campaign sent the last one', () =>
    spec
      .given([pacedTaken('c1:0', 0), pacedTaken('c2:0', 10)])
      .when(paced('c1:1', 20))
      .then([pacedTaken('c1:1', 20)]));

  it('a retried send that holds its slot takes nothing new, even inside the interval', () =>
    spec
      .given([pacedTaken('c1:0', 0)])
      .when(paced('c1:0', 1))
      .thenNothing());

  it('the daily cap still stops it', () =>
    spec
      .given([pacedTaken('c1:0', 0), pacedTaken('c2:0', 10)])
      .when(paced('c1:1', 60, 10_000, 2))
      .thenNothing());

  it('the state says when the next may go', () => {
    const state = [pacedTaken('c1:0', 0), taken('c3:0'), pacedTaken('c2:0', 10)].reduce(
      evolveDailySlots,
      initialDailySlotsState(),
    );
    expect(pacedNotBefore(state, 10_000)).toBe(Date.parse(at(20)));
    expect(pacedNotBefore(initialDailySlotsState(), 10_000)).toBe(Number.NEGATIVE_INFINITY);
  });
});
