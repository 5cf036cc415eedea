import type { CampaignRecipient, RunSettings } from '@zelo/contracts/campaigns/events';
import { DomainError, type ErrorCode } from '@zelo/contracts/errors';
import { normalizeWhatsappNumber } from '@zelo/contracts/external-api/api';
import { listValidRecipients } from '@zelo/projections/contact-lists/queries';
import { listTaggedContacts } from '@zelo/projections/tags/queries';
import { loadConnections } from '../connections/handlers.ts';
import { type Actor, commandHandler, type Deps } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { COMPANY_TIME_ZONE } from '../platform/time-zone.ts';
import { CAMPAIGN_ACTOR, campaignDelivery, type Running } from './deliver.ts';
import type { CampaignState } from './domain/campaign.ts';
import {
  type DailySlotsCommand,
  dailySlotsStreamId,
  decideDailySlots,
  evolveDailySlots,
  initialDailySlotsState,
  pacedNotBefore,
} from './domain/daily-slots.ts';
import { filledVariants } from './domain/personalize.ts';
import { loadCampaign, loadCampaignSettings, runCampaignCommand } from './handlers.ts';
import { type SendSteps, sendRecipient, sendRecipients } from './send-recipients.ts';

// The services' side of a campaign's run (workflows/src/campaigns/run-campaign, wired by the app):
// every step decides against the campaign's stream, so a retried or replayed activity repeats nothing.
// The sends' order is send-recipients.ts; queueing one recipient's messages is deliver.ts.

/** A PROGRAMADA campaign whose timer fired this early (clock skew) still starts. */
const DUE_TOLERANCE_MS = 2_000;

const takeSlot = commandHandler(
  { initialState: initialDailySlotsState, evolve: evolveDailySlots },
  (key: string) => key,
  decideDailySlots,
);

/** yyyy-mm-dd of `at` in `timeZone`. */
const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

const live = (s: CampaignState): Running | null => (s.kind === 'exists' && !s.deleted ? s : null);

export interface CampaignRuntimeOptions {
  timeZone?: string;
  /**
   * Resolves once the read models have applied the events up to `position` (or gave up waiting). A
   * batch at interval 0 waits for it before the next: the projections apply every write in order, so a
   * campaign written faster than they apply would queue the agents' own messages behind its backlog
   * (the inbound push waited 1 - 1.7 s behind a campaign of 1 000 at 170 messages/s).
   */
  caughtUp?: (position: string) => Promise<void>;
}

/** The campaign activities' handlers, on the event store and the read models they read. */
export function campaignRuntime(deps: Deps, pool: Pool, options: CampaignRuntimeOptions = {}) {
  const { timeZone = COMPANY_TIME_ZONE, caughtUp = async () => {} } = options;
  const who = (companyId: string): Actor => ({ companyId, actor: CAMPAIGN_ACTOR });
  const now = () => deps.clock.now().toISOString();

  async function settingsOf(companyId: string): Promise<RunSettings> {
    const { variables: _, ...rest } = await loadCampaignSettings(deps, companyId);
    return { ...rest, timeZone };
  }

  /** The list's WhatsApp-valid items, else the tag's contacts; each number once, in the list's order. */
  async function audience(s: Running): Promise<CampaignRecipient[]> {
    const { contactListId, tagListId } = s.fields;
    const all = contactListId
      ? await listValidRecipients(pool, s.companyId, contactListId)
      : tagListId
        ? await listTaggedContacts(pool, s.companyId, tagListId)
        : [];
    const seen = new Set<string>();
    return all.filter((r) => {
      const key = normalizeWhatsappNumber(r.number) ?? r.number;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /** Why a PROGRAMADA campaign cannot start now, or its recipients. */
  async function startable(s: Running): Promise<{ reason: ErrorCode } | { recipients: CampaignRecipient[] }> {
    if (filledVariants(s.fields).length === 0) return { reason: 'ERR_CAMPAIGN_NO_MESSAGES' };
    const whatsappId = s.fields.whatsappId;
    const connection = whatsappId ? (await loadConnections(deps, s.companyId)).connections[whatsappId] : null;
    if (!connection) return { reason: 'ERR_NO_WAPP_FOUND' };
    if (connection.status !== 'CONNECTED') return { reason: 'ERR_WAPP_NOT_INITIALIZED' };
    const recipients = await audience(s);
    if (recipients.length === 0) return { reason: 'ERR_CAMPAIGN_NO_RECIPIENTS' };
    return { recipients };
  }

  const delivery = campaignDelivery(deps, pool, timeZone);
  const steps: SendSteps = {
    load: async (campaignId) => live(await loadCampaign(deps, campaignId)),
    settings: (companyId) => loadCampaignSettings(deps, companyId),
    takePacedSlot,
    takeSlots,
    knownNumbers: delivery.knownNumbers,
    optedOut: delivery.optedOut,
    deliver: delivery.deliver,
    record: async (s, command) => (await runCampaignCommand(deps, command, who(s.companyId))).position,
    caughtUp,
    now,
  };

  return {
    /** At scheduledAt: PROGRAMADA → started with its recipients, or refused; EM_ANDAMENTO resumes. */
    async startRun(campaignId: string) {
      let s = live(await loadCampaign(deps, campaignId));
      if (s?.status === 'PROGRAMADA') {
        const scheduledAt = s.fields.scheduledAt;
        if (scheduledAt && Date.parse(scheduledAt) - deps.clock.now().getTime() > DUE_TOLERANCE_MS)
          return { outcome: 'not-due' as const, scheduledAt };
        const { companyId } = s;
        const can = await startable(s);
        if ('reason' in can) {
          const refuse = { type: 'RefuseCampaignStart' as const, campaignId, companyId, reason: can.reason };
          await runCampaignCommand(deps, { ...refuse, refusedAt: now() }, who(companyId));
          return { outcome: 'refused' as const, reason: can.reason };
        }
        const whatsappId = s.fields.whatsappId as string;
        const { recipients } = can;
        const start = { type: 'StartCampaign' as const, campaignId, companyId, whatsappId, recipients };
        s = live((await runCampaignCommand(deps, { ...start, startedAt: now() }, who(companyId))).state);
      }
      if (s?.status !== 'EM_ANDAMENTO' || !s.recipients) return { outcome: 'skipped' as const };
      return {
        outcome: 'running' as const,
        total: s.recipients.length,
        nextIndex: s.nextIndex,
        settings: await settingsOf(s.companyId),
      };
    },

    async runSettings(campaignId: string): Promise<RunSettings | null> {
      const s = live(await loadCampaign(deps, campaignId));
      return s ? settingsOf(s.companyId) : null;
    },

    sendRecipient: (campaignId: string, index: number, pace?: { gapMs: number }) =>
      sendRecipient(steps, campaignId, index, pace),
    sendRecipients: (campaignId: string, from: number, count: number, progress?: () => void) =>
      sendRecipients(steps, campaignId, from, count, progress),

    /** Retries ran out: recorded as failed, unless the recipient has a shipment already. */
    async failRecipient(campaignId: string, index: number, reason: string): Promise<void> {
      const s = live(await loadCampaign(deps, campaignId));
      const r = s?.recipients?.[index];
      if (!s || !r) return;
      const failed = { type: 'RecordMessageFailed' as const, campaignId, companyId: s.companyId, index };
      await runCampaignCommand(
        deps,
        { ...failed, number: r.number, reason, failedAt: now() },
        who(s.companyId),
      );
    },

    async finishRun(campaignId: string): Promise<'finished' | 'stopped'> {
      const s = live(await loadCampaign(deps, campaignId));
      if (s?.status === 'FINALIZADA') return 'finished';
      if (s?.status !== 'EM_ANDAMENTO') return 'stopped';
      try {
        const finish = { type: 'FinishCampaign' as const, campaignId, companyId: s.companyId };
        await runCampaignCommand(deps, { ...finish, completedAt: now() }, who(s.companyId));
        return 'finished';
      } catch (err) {
        // Cancelled between the last send and here: the restart finishes it.
        if (err instanceof DomainError && err.code === 'ERR_CAMPAIGN_INVALID_TRANSITION') return 'stopped';
        throw err;
      }
    },
  };

  /**
   * A paced message's slot: under the cap and `gapMs` after the connection's last paced message (any
   * campaign's). Null when taken (or held already by a retry); else why not, and when to ask again.
   */
  async function takePacedSlot(s: Running, limit: number, index: number, gapMs: number) {
    const whatsappId = s.runWhatsappId as string;
    const now = deps.clock.now();
    const day = dayIn(now, timeZone);
    const slotKey = `${s.campaignId}:${index}`;
    const take: DailySlotsCommand = {
      type: 'TakePacedSlot',
      companyId: s.companyId,
      whatsappId,
      day,
      slotKey,
      limit,
      at: now.toISOString(),
      gapMs,
    };
    const { state } = await takeSlot(deps, dailySlotsStreamId(whatsappId, day), take, who(s.companyId));
    if (state.taken.has(slotKey)) return null;
    if (limit > 0 && state.taken.size >= limit) return { outcome: 'daily-limit' as const };
    return { outcome: 'wait' as const, notBefore: pacedNotBefore(state, gapMs) };
  }

  /** The daily cap's slots for these recipients (all of them without a cap); the indexes that got one. */
  async function takeSlots(s: Running, limit: number, indexes: number[]): Promise<number[]> {
    if (limit <= 0 || indexes.length === 0) return indexes;
    const whatsappId = s.runWhatsappId as string;
    const day = dayIn(deps.clock.now(), timeZone);
    const key = (i: number) => `${s.campaignId}:${i}`;
    const take: DailySlotsCommand = {
      type: 'TakeDailySlots',
      companyId: s.companyId,
      whatsappId,
      day,
      slotKeys: indexes.map(key),
      limit,
    };
    const { state } = await takeSlot(deps, dailySlotsStreamId(whatsappId, day), take, who(s.companyId));
    return indexes.filter((i) => state.taken.has(key(i)));
  }
}

export type CampaignRuntime = ReturnType<typeof campaignRuntime>;
