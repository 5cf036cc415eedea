import type { CampaignDailySlotTaken } from '@zelo/contracts/campaigns/events';
import { DomainError } from '@zelo/contracts/errors';

/**
 * A connection's campaign messages of one company day (`campaigndaily-<whatsappId>-<yyyy-mm-dd>`): each
 * message takes a slot before it is queued, so two campaigns sending on one connection never pass the
 * daily cap together, and optimistic concurrency (not a lagging count) decides the last slot. Paced
 * messages (an interval is set) also keep the interval per connection: the number's sending rate is
 * what WhatsApp judges, so two campaigns on one number take turns instead of doubling it.
 */
export interface DailySlotsState {
  taken: Set<string>;
  /** When the connection's last paced message went (ms), null before the first of the day. */
  lastPacedAt: number | null;
}

export const dailySlotsStreamId = (whatsappId: string, day: string) => `campaigndaily-${whatsappId}-${day}`;
export const initialDailySlotsState = (): DailySlotsState => ({ taken: new Set(), lastPacedAt: null });

/** The set only grows and states are folded forward only, so it is extended in place. */
export function evolveDailySlots(state: DailySlotsState, event: CampaignDailySlotTaken): DailySlotsState {
  state.taken.add(event.data.slotKey);
  const at = event.data.at ? Date.parse(event.data.at) : Number.NaN;
  if (!Number.isNaN(at)) state.lastPacedAt = Math.max(state.lastPacedAt ?? at, at);
  return state;
}

/** When a paced message may go on the connection: `gapMs` after its last paced one. */
export const pacedNotBefore = (state: DailySlotsState, gapMs: number): number =>
  state.lastPacedAt === null ? Number.NEGATIVE_INFINITY : state.lastPacedAt + gapMs;

export type DailySlotsCommand =
  | TakeDailySlot
  /**
   * One paced message (an interval is set): a slot under the cap, and only `gapMs` after the
   * connection's last paced message; else nothing (the caller reads the state to tell why).
   */
  | (Omit<TakeDailySlot, 'type'> & { type: 'TakePacedSlot'; at: string; gapMs: number })
  /** A batch of a campaign's messages: slots in order while the cap allows, never refused. */
  | (Omit<TakeDailySlot, 'type' | 'slotKey'> & { type: 'TakeDailySlots'; slotKeys: string[] });

type TakeDailySlot = {
  type: 'TakeDailySlot';
  companyId: string;
  whatsappId: string;
  /** yyyy-mm-dd, company time. */
  day: string;
  /** Campaign and recipient: a retried reservation takes nothing new. */
  slotKey: string;
  /** The cap (0: none). */
  limit: number;
};

/** Taken already by this key: nothing new. Under the cap: taken. At the cap: refused until tomorrow. */
export function decideDailySlots(
  command: DailySlotsCommand,
  state: DailySlotsState,
): CampaignDailySlotTaken[] {
  switch (command.type) {
    case 'TakeDailySlot': {
      const { companyId, whatsappId, day, slotKey, limit } = command;
      if (state.taken.has(slotKey)) return [];
      if (limit > 0 && state.taken.size >= limit) {
        throw new DomainError(
          'ERR_RATE_LIMITED',
          `the connection sent its ${limit} campaign messages of ${day}; the campaign goes on tomorrow`,
        );
      }
      return [{ type: 'CampaignDailySlotTaken', data: { companyId, whatsappId, day, slotKey } }];
    }
    case 'TakePacedSlot': {
      const { companyId, whatsappId, day, slotKey, limit, at } = command;
      if (state.taken.has(slotKey)) return [];
      if (limit > 0 && state.taken.size >= limit) return [];
      if (Date.parse(at) < pacedNotBefore(state, command.gapMs)) return [];
      return [{ type: 'CampaignDailySlotTaken', data: { companyId, whatsappId, day, slotKey, at } }];
    }
    case 'TakeDailySlots': {
      const { companyId, whatsappId, day, limit } = command;
      const fresh = [...new Set(command.slotKeys)].filter((k) => !state.taken.has(k));
      const room = limit > 0 ? Math.max(0, limit - state.taken.size) : fresh.length;
      return fresh.slice(0, room).map((slotKey) => ({
        type: 'CampaignDailySlotTaken' as const,
        data: { companyId, whatsappId, day, slotKey },
      }));
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
