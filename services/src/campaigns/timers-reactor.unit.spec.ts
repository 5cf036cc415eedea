import type { AnyEvent } from '@zelo/contracts/events';
import {
  campaignCancelled,
  campaignCreated,
  campaignDeleted,
  campaignRestarted,
  campaignUpdated,
} from '@zelo/contracts/testing/events';
import type { ProjectionEvent } from '@zelo/projections/runner';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type CampaignRuns, campaignTimersReactor } from './timers-reactor.ts';

// Which call each campaign event makes on the run's port (the Temporal client in the product).

const campaignId = '00000000-0000-4000-8000-000000000070';
const scheduledAt = '2030-01-31T14:00:00.000Z';
const fields = {
  name: 'Promo',
  message1: 'Oi',
  message2: '',
  message3: '',
  message4: '',
  message5: '',
  whatsappId: null,
  scheduledAt,
  contactListId: null,
  tagListId: null,
  fileListId: null,
};

async function callsFor(e: AnyEvent) {
  const calls: unknown[][] = [];
  const runs: CampaignRuns = {
    start: async (r) => void calls.push(['start', r]),
    reschedule: async (r) => void calls.push(['reschedule', r]),
    resume: async (r) => void calls.push(['resume', r]),
    cancel: async (id) => void calls.push(['cancel', id]),
  };
  await campaignTimersReactor(runs).handle({} as pg.PoolClient, e as ProjectionEvent);
  return calls;
}

describe('campaign timers reactor', () => {
  it('a campaign created PROGRAMADA gets its run; an INATIVA draft none', async () => {
    expect(await callsFor(campaignCreated({ campaignId, fields, status: 'PROGRAMADA' }))).toEqual([
      ['start', { campaignId, scheduledAt }],
    ]);
    expect(
      await callsFor(
        campaignCreated({ campaignId, fields: { ...fields, scheduledAt: null }, status: 'INATIVA' }),
      ),
    ).toEqual([]);
  });

  it('an edit moves the timer; unscheduling stops it; a cancelled campaign changing its messages does nothing', async () => {
    const later = '2030-02-01T09:00:00.000Z';
    expect(
      await callsFor(
        campaignUpdated({ campaignId, fields: { ...fields, scheduledAt: later }, status: 'PROGRAMADA' }),
      ),
    ).toEqual([['reschedule', { campaignId, scheduledAt: later }]]);
    expect(
      await callsFor(
        campaignUpdated({ campaignId, fields: { ...fields, scheduledAt: null }, status: 'INATIVA' }),
      ),
    ).toEqual([['cancel', campaignId]]);
    expect(await callsFor(campaignUpdated({ campaignId, fields, status: 'CANCELADA' }))).toEqual([]);
  });

  it('cancel and delete stop the run; a restart resumes it now', async () => {
    expect(await callsFor(campaignCancelled({ campaignId }))).toEqual([['cancel', campaignId]]);
    expect(await callsFor(campaignDeleted({ campaignId }))).toEqual([['cancel', campaignId]]);
    const restartedAt = '2030-01-31T15:00:00.000Z';
    expect(await callsFor(campaignRestarted({ campaignId, restartedAt }))).toEqual([
      ['resume', { campaignId, scheduledAt: restartedAt }],
    ]);
  });
});
