import { campaignView } from '@zelo/contracts/testing/read-models';
import { describe, expect, it } from 'vitest';
import { campaignEditability } from './editability.ts';

const now = new Date('2025-03-10T12:00:00Z');
const at = (minutesFromNow: number) => new Date(now.getTime() + minutesFromNow * 60_000).toISOString();

describe('campaignEditability (doc 2 §4)', () => {
  it('lets everything change on a new campaign and on an INATIVA draft', () => {
    expect(campaignEditability(null, now)).toEqual({ mode: 'all', reason: null });
    expect(campaignEditability(campaignView('a'), now)).toEqual({ mode: 'all', reason: null });
  });

  it('lets a PROGRAMADA campaign change only while its start is more than an hour away', () => {
    const scheduled = (minutes: number) =>
      campaignEditability(campaignView('a', { status: 'PROGRAMADA', scheduledAt: at(minutes) }), now);
    expect(scheduled(61)).toEqual({ mode: 'all', reason: null });
    expect(scheduled(60)).toEqual({ mode: 'none', reason: 'startsSoon' });
    expect(scheduled(5)).toEqual({ mode: 'none', reason: 'startsSoon' });
    expect(scheduled(-1)).toEqual({ mode: 'none', reason: 'startsSoon' });
  });

  it('locks a running or finished campaign, saying why', () => {
    expect(
      campaignEditability(campaignView('a', { status: 'EM_ANDAMENTO', scheduledAt: at(-5) }), now),
    ).toEqual({
      mode: 'none',
      reason: 'running',
    });
    expect(campaignEditability(campaignView('a', { status: 'FINALIZADA' }), now)).toEqual({
      mode: 'none',
      reason: 'finished',
    });
  });

  it('keeps the messages of a cancelled campaign open, whatever its scheduled time', () => {
    expect(
      campaignEditability(campaignView('a', { status: 'CANCELADA', scheduledAt: at(-30) }), now),
    ).toEqual({
      mode: 'messages',
      reason: 'cancelled',
    });
  });
});
