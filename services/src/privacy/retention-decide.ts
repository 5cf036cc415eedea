import type { TenancyEvent } from '@zelo/contracts/tenancy/events';

// Retention (issue 25) decided on the company's stream: its setting messageRetentionDays, and the day
// its messages were last shredded before, so that a round repeated the same day records nothing new.

export interface RetentionState {
  companyId: string | null;
  /** False once the company is deleted or erased (or before it exists): nothing to shred. */
  active: boolean;
  retentionDays: number;
  /** The latest CompanyMessagesShredded's `before`. */
  shreddedBefore: string | null;
}

export const initialRetentionState = (): RetentionState => ({
  companyId: null,
  active: false,
  retentionDays: 0,
  shreddedBefore: null,
});

const days = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : 0);

export function evolveRetention(state: RetentionState, e: TenancyEvent): RetentionState {
  switch (e.type) {
    case 'CompanySignedUp':
    case 'CompanyCreated':
      return {
        ...state,
        companyId: e.data.companyId,
        active: true,
        retentionDays: days(e.data.settings.messageRetentionDays),
      };
    case 'CompanySettingChanged':
      return e.data.key === 'messageRetentionDays' ? { ...state, retentionDays: days(e.data.value) } : state;
    case 'CompanyDeleted':
    case 'CompanyErased':
      return { ...state, active: false };
    case 'CompanyMessagesShredded':
      return { ...state, shreddedBefore: e.data.before };
    default:
      return state;
  }
}

const DAY_MS = 24 * 3600 * 1000;

/** 00:00 UTC of the day `retentionDays` before `now`'s: messages of earlier days are past retention. */
export function retentionCutoff(now: Date, retentionDays: number): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - retentionDays * DAY_MS).toISOString();
}

/** CompanyMessagesShredded when retention is on and `before` is later than the last one recorded. */
export function decideShred(
  command: { before: string; at: string },
  state: RetentionState,
): Extract<TenancyEvent, { type: 'CompanyMessagesShredded' }>[] {
  if (!state.active || !state.companyId || state.retentionDays <= 0) return [];
  if (state.shreddedBefore && Date.parse(state.shreddedBefore) >= Date.parse(command.before)) return [];
  return [
    {
      type: 'CompanyMessagesShredded',
      data: {
        companyId: state.companyId,
        before: command.before,
        retentionDays: state.retentionDays,
        shreddedAt: command.at,
      },
    },
  ];
}
