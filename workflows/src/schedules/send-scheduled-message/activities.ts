import { DomainError } from '@zelo/contracts/errors';
import type { ScheduledSend, ScheduleOutcomeCommand } from '@zelo/contracts/schedules/commands';

/** The schedule as its stream tells it, as much of it as the send needs. */
export type LoadedSchedule =
  | { kind: 'none' | 'deleted' }
  | {
      kind: 'exists';
      companyId: string;
      status: string;
      fields: Omit<ScheduledSend, 'messageId' | 'companyId' | 'media'> & { sendAt: string };
      /** The attached image, as the stream tells it when the send happens. */
      media: ScheduledSend['media'];
    };

/** The services' schedule handlers the activities need (the app wires the real ones). */
export interface ScheduleActivityDeps {
  clock: { now(): Date };
  loadSchedule(scheduleId: string): Promise<LoadedSchedule>;
  runScheduleCommand(
    command: ScheduleOutcomeCommand,
    who: { companyId: string; actor: string },
  ): Promise<unknown>;
  /** The stable id of a schedule's message, so a retried send queues nothing new. */
  scheduledMessageId(scheduleId: string): string;
  /** Throws a DomainError when the send can never succeed (recorded as ERRO); any other error is retried. */
  sendMessage(send: ScheduledSend): Promise<{ messageId: string }>;
}

export type SendOutcome = { outcome: 'sent' | 'failed' | 'skipped' } | { outcome: 'not-due'; sendAt: string };

/** An early timer (clock skew between the worker and Temporal) still counts as due. */
const DUE_TOLERANCE_MS = 2_000;
const actor = 'system:schedules';

export function createScheduleActivities(deps: ScheduleActivityDeps) {
  return {
    /**
     * Sends a schedule's message once. The stream decides: deleted, already sent or failed means there is
     * nothing to do (a retry, a restart, a replayed start), and a later sendAt means the timer must wait.
     */
    async sendScheduledMessage(scheduleId: string): Promise<SendOutcome> {
      const s = await deps.loadSchedule(scheduleId);
      if (s.kind !== 'exists' || s.status !== 'PENDENTE') return { outcome: 'skipped' };
      const now = deps.clock.now();
      if (Date.parse(s.fields.sendAt) - now.getTime() > DUE_TOLERANCE_MS)
        return { outcome: 'not-due', sendAt: s.fields.sendAt };
      const who = { actor, companyId: s.companyId };
      const { body, contactId, ticketId, whatsappId, userId } = s.fields;
      let messageId: string;
      try {
        ({ messageId } = await deps.sendMessage({
          messageId: deps.scheduledMessageId(scheduleId),
          companyId: s.companyId,
          contactId,
          ticketId,
          whatsappId,
          body,
          userId,
          media: s.media,
        }));
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        const failedAt = deps.clock.now().toISOString();
        await deps.runScheduleCommand(
          {
            type: 'MarkScheduleFailed',
            scheduleId,
            companyId: s.companyId,
            reason: `${err.code}: ${err.message}`,
            failedAt,
          },
          who,
        );
        return { outcome: 'failed' };
      }
      const sentAt = deps.clock.now().toISOString();
      await deps.runScheduleCommand(
        { type: 'MarkScheduleSent', scheduleId, companyId: s.companyId, messageId, sentAt },
        who,
      );
      return { outcome: 'sent' };
    },

    /** Retries ran out on a transient error: the schedule shows ERRO with the last reason. */
    async recordScheduleFailure(scheduleId: string, reason: string): Promise<void> {
      const s = await deps.loadSchedule(scheduleId);
      if (s.kind !== 'exists') return;
      const failedAt = deps.clock.now().toISOString();
      await deps.runScheduleCommand(
        { type: 'MarkScheduleFailed', scheduleId, companyId: s.companyId, reason, failedAt },
        { actor, companyId: s.companyId },
      );
    },
  };
}

export type ScheduleActivities = ReturnType<typeof createScheduleActivities>;
