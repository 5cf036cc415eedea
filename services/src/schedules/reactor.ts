import type { Projection } from '@zelo/projections/runner';
import { REACTORS } from '../reactors.ts';

/** A schedule's durable timer, kept outside this package (Temporal's, wired by the app). Idempotent calls. */
export interface ScheduleTimers {
  /** Sets the timer, unless one ran for this schedule already (a replayed creation). */
  start(timer: { scheduleId: string; sendAt: string }): Promise<void>;
  /** Moves a running timer; re-arms a finished one (an edit after ERRO). */
  reschedule(timer: { scheduleId: string; sendAt: string }): Promise<void>;
  /** Stops the timer without sending; nothing to do when it already finished. */
  cancel(scheduleId: string): Promise<void>;
}

/**
 * Keeps one timer per schedule in step with the schedule's stream: a checkpointed subscriber like a
 * projection (no tables), so a timer is set because ScheduleCreated happened, never by the route.
 * Every call is idempotent, so a batch re-applied after a crash changes nothing.
 */
export function scheduleTimersReactor(timers: ScheduleTimers): Projection {
  return {
    name: REACTORS.scheduleTimers,
    tables: [],
    async handle(_tx, e) {
      switch (e.type) {
        case 'ScheduleCreated':
          return timers.start({ scheduleId: e.data.scheduleId, sendAt: e.data.sendAt });
        case 'ScheduleUpdated':
          // The activity re-reads the stream before sending, so a re-armed run of an already sent
          // schedule sends nothing.
          return timers.reschedule({ scheduleId: e.data.scheduleId, sendAt: e.data.sendAt });
        case 'ScheduleDeleted':
          return timers.cancel(e.data.scheduleId);
      }
    },
  };
}
