import { DomainError } from '@zelo/contracts/errors';
import type { Actor, Deps } from '@zelo/services/platform/command-handler';
import {
  loadSchedule,
  runScheduleCommand,
  type ScheduledSendRequest,
  scheduledMessageId,
} from '@zelo/services/schedules/handlers';

/** What the messaging side gets to send a schedule's body; `scheduledMessageSender(deps)` is the real one. */
export type ScheduledSend = ScheduledSendRequest;

export interface ScheduleActivityDeps extends Deps {
  /** Throws a DomainError when the send can never succeed (recorded as ERRO); any other error is retried. */
  sendMessage(send: ScheduledSend): Promise<{ messageId: string }>;
}

export type SendOutcome = { outcome: 'sent' | 'failed' | 'skipped' } | { outcome: 'not-due'; sendAt: string };

/** An early timer (clock skew between the worker and Temporal) still counts as due. */
const DUE_TOLERANCE_MS = 2_000;
const system: Pick<Actor, 'actor'> = { actor: 'system:schedules' };

export function createScheduleActivities(deps: ScheduleActivityDeps) {
  return {
    /**
     * Sends a schedule's message once. The stream decides: deleted, already sent or failed means there is
     * nothing to do (a retry, a restart, a replayed start), and a later sendAt means the timer must wait.
     */
    async sendScheduledMessage(scheduleId: string): Promise<SendOutcome> {
      const s = await loadSchedule(deps, scheduleId);
      if (s.kind !== 'exists' || s.status !== 'PENDENTE') return { outcome: 'skipped' };
      const now = deps.clock.now();
      if (Date.parse(s.fields.sendAt) - now.getTime() > DUE_TOLERANCE_MS)
        return { outcome: 'not-due', sendAt: s.fields.sendAt };
      const who: Actor = { ...system, companyId: s.companyId };
      const { body, contactId, ticketId, whatsappId, userId } = s.fields;
      let messageId: string;
      try {
        ({ messageId } = await deps.sendMessage({
          messageId: scheduledMessageId(scheduleId),
          companyId: s.companyId,
          contactId,
          ticketId,
          whatsappId,
          body,
          userId,
        }));
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        const failedAt = deps.clock.now().toISOString();
        await runScheduleCommand(
          deps,
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
      await runScheduleCommand(
        deps,
        { type: 'MarkScheduleSent', scheduleId, companyId: s.companyId, messageId, sentAt },
        who,
      );
      return { outcome: 'sent' };
    },

    /** Retries ran out on a transient error: the schedule shows ERRO with the last reason. */
    async recordScheduleFailure(scheduleId: string, reason: string): Promise<void> {
      const s = await loadSchedule(deps, scheduleId);
      if (s.kind !== 'exists') return;
      const failedAt = deps.clock.now().toISOString();
      await runScheduleCommand(
        deps,
        { type: 'MarkScheduleFailed', scheduleId, companyId: s.companyId, reason, failedAt },
        { ...system, companyId: s.companyId },
      );
    },
  };
}

export type ScheduleActivities = ReturnType<typeof createScheduleActivities>;
