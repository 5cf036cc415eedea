import type { CampaignDailySlotTaken } from '@zelo/contracts/campaigns/events';
import { campaignDailySlotTaken } from '@zelo/contracts/testing/events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  type DailySlotsCommand,
  type DailySlotsState,
  decideDailySlots,
  evolveDailySlots,
  initialDailySlotsState,
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
