import { testId } from '@zelo/contracts/testing/events';

/** Where and when the store recorded an event: the envelope the runner hands projections. */
export interface Envelope {
  id: string;
  metadata: { companyId: string | null; actor: string; correlationId: string; at: string };
  streamId: string;
  streamRevision: number;
  position: string;
}
export interface EnvelopeOverrides {
  at?: string;
  actor?: string;
  streamId?: string;
}

/** The first recorded event's time; each later one is a minute after the one before. */
export const FIRST_RECORDED_AT = Date.parse('2026-01-05T09:00:00.000Z');
let recordedSoFar = 0;

/**
 * A built event as the store would hand it over: a fresh, ever-growing position (so one test's events
 * stay in the order they were recorded) and `metadata.at` a minute after the previous one, unless given.
 */
export function recorded<E extends { type: string; data: object }>(
  event: E,
  envelope: EnvelopeOverrides = {},
): E & Envelope {
  recordedSoFar += 1;
  const companyId = (event.data as { companyId?: unknown }).companyId;
  return {
    ...event,
    id: testId(),
    metadata: {
      companyId: typeof companyId === 'string' ? companyId : null,
      actor: envelope.actor ?? 'test',
      correlationId: testId(),
      at: envelope.at ?? new Date(FIRST_RECORDED_AT + recordedSoFar * 60_000).toISOString(),
    },
    streamId: envelope.streamId ?? `test-${event.type}`,
    streamRevision: 0,
    position: String(recordedSoFar).padStart(12, '0'),
  };
}
