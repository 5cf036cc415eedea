import { DomainError } from '@zelo/contracts/errors';
import type { ScheduleOutcomeCommand } from '@zelo/contracts/schedules/commands';
import type { ScheduleCreated, ScheduleEvent, ScheduleStatus } from '@zelo/contracts/schedules/events';

/** What the user chose for a schedule (the event's fields less its identity). */
export type ScheduleFields = Omit<ScheduleCreated['data'], 'scheduleId' | 'companyId'>;
/** The attached image; an edit of the other fields keeps it. */
export type ScheduleMedia = { mediaPath: string; mediaName: string };

export type ScheduleState =
  | { kind: 'none' }
  | { kind: 'deleted'; scheduleId: string; companyId: string }
  | {
      kind: 'exists';
      scheduleId: string;
      companyId: string;
      fields: ScheduleFields;
      status: ScheduleStatus;
      sentAt: string | null;
      messageId: string | null;
      error: string | null;
      media: ScheduleMedia | null;
    };

export const scheduleStreamId = (scheduleId: string) => `schedule-${scheduleId}`;
export const initialScheduleState = (): ScheduleState => ({ kind: 'none' });

/** Sent more than this after sendAt counts as late (the system was down, or the time had passed). */
export const LATE_AFTER_MS = 60_000;

export function evolveSchedule(state: ScheduleState, event: ScheduleEvent): ScheduleState {
  const { scheduleId, companyId } = event.data;
  switch (event.type) {
    case 'ScheduleCreated':
    case 'ScheduleUpdated': {
      const { scheduleId: _s, companyId: _c, ...fields } = event.data;
      // An edit re-arms a failed schedule: it is pending again with the new time, attachment kept.
      return {
        kind: 'exists',
        scheduleId,
        companyId,
        fields,
        status: 'PENDENTE',
        sentAt: null,
        messageId: null,
        error: null,
        media: state.kind === 'exists' ? state.media : null,
      };
    }
    case 'ScheduleDeleted':
      return { kind: 'deleted', scheduleId, companyId };
    case 'ScheduleSent':
      if (state.kind !== 'exists') return state;
      return {
        ...state,
        status: 'ENVIADA',
        sentAt: event.data.sentAt,
        messageId: event.data.messageId,
        error: null,
      };
    case 'ScheduleFailed':
      if (state.kind !== 'exists') return state;
      return { ...state, status: 'ERRO', error: event.data.reason };
    case 'ScheduleMediaAttached':
      if (state.kind !== 'exists') return state;
      return { ...state, media: { mediaPath: event.data.mediaPath, mediaName: event.data.mediaName } };
    case 'ScheduleMediaRemoved':
      if (state.kind !== 'exists') return state;
      return { ...state, media: null };
  }
}

export type ScheduleCommand =
  | { type: 'CreateSchedule'; scheduleId: string; companyId: string; schedule: ScheduleFields }
  | { type: 'UpdateSchedule'; scheduleId: string; companyId: string; schedule: ScheduleFields }
  | { type: 'DeleteSchedule'; scheduleId: string; companyId: string }
  | { type: 'AttachScheduleMedia'; scheduleId: string; companyId: string; media: ScheduleMedia }
  | { type: 'RemoveScheduleMedia'; scheduleId: string; companyId: string }
  | ScheduleOutcomeCommand;

type Existing = Extract<ScheduleState, { kind: 'exists' }>;

/** A schedule of another company is as absent as one that never existed. */
function existing(state: ScheduleState, companyId: string): Existing {
  if (state.kind !== 'exists' || state.companyId !== companyId) {
    throw new DomainError('ERR_NO_SCHEDULE_FOUND', 'schedule not found');
  }
  return state;
}

function pending(state: ScheduleState, companyId: string): Existing {
  const s = existing(state, companyId);
  if (s.status === 'ENVIADA')
    throw new DomainError('ERR_SCHEDULE_ALREADY_SENT', 'this schedule was already sent');
  return s;
}

type Cmd<T extends ScheduleCommand['type']> = Extract<ScheduleCommand, { type: T }>;

function createSchedule(command: Cmd<'CreateSchedule'>, state: ScheduleState): ScheduleEvent[] {
  // A retried create lands on the same stream: nothing new to record.
  if (state.kind !== 'none') return [];
  const { scheduleId, companyId, schedule } = command;
  return [{ type: 'ScheduleCreated', data: { scheduleId, companyId, ...schedule } }];
}

function updateSchedule(command: Cmd<'UpdateSchedule'>, state: ScheduleState): ScheduleEvent[] {
  const { scheduleId, companyId, schedule } = command;
  pending(state, companyId);
  return [{ type: 'ScheduleUpdated', data: { scheduleId, companyId, ...schedule } }];
}

function deleteSchedule(command: Cmd<'DeleteSchedule'>, state: ScheduleState): ScheduleEvent[] {
  const { scheduleId, companyId } = command;
  pending(state, companyId);
  return [{ type: 'ScheduleDeleted', data: { scheduleId, companyId } }];
}

// The attachment changes with the rest of the dialog: while the schedule has not been sent (a failed one
// is edited and re-armed like any pending one).
function attachScheduleMedia(command: Cmd<'AttachScheduleMedia'>, state: ScheduleState): ScheduleEvent[] {
  const { scheduleId, companyId, media } = command;
  pending(state, companyId);
  return [{ type: 'ScheduleMediaAttached', data: { scheduleId, companyId, ...media } }];
}

function removeScheduleMedia(command: Cmd<'RemoveScheduleMedia'>, state: ScheduleState): ScheduleEvent[] {
  const { scheduleId, companyId } = command;
  const s = pending(state, companyId);
  // Removing what is not there changes nothing: a repeated click is not an error.
  if (!s.media) return [];
  return [{ type: 'ScheduleMediaRemoved', data: { scheduleId, companyId } }];
}

function markScheduleSent(command: Cmd<'MarkScheduleSent'>, state: ScheduleState): ScheduleEvent[] {
  // Deleted while its message was going out, or already recorded by an earlier attempt: nothing to add.
  if (state.kind !== 'exists' || state.status === 'ENVIADA') return [];
  const { scheduleId, companyId, messageId, sentAt } = command;
  const s = existing(state, companyId);
  const late = Date.parse(sentAt) - Date.parse(s.fields.sendAt) > LATE_AFTER_MS;
  return [{ type: 'ScheduleSent', data: { scheduleId, companyId, messageId, sentAt, late } }];
}

function markScheduleFailed(command: Cmd<'MarkScheduleFailed'>, state: ScheduleState): ScheduleEvent[] {
  if (state.kind !== 'exists' || state.status !== 'PENDENTE') return [];
  const { scheduleId, companyId, reason, failedAt } = command;
  existing(state, companyId);
  return [{ type: 'ScheduleFailed', data: { scheduleId, companyId, reason, failedAt } }];
}

export function decideSchedule(command: ScheduleCommand, state: ScheduleState): ScheduleEvent[] {
  switch (command.type) {
    case 'CreateSchedule':
      return createSchedule(command, state);
    case 'UpdateSchedule':
      return updateSchedule(command, state);
    case 'DeleteSchedule':
      return deleteSchedule(command, state);
    case 'AttachScheduleMedia':
      return attachScheduleMedia(command, state);
    case 'RemoveScheduleMedia':
      return removeScheduleMedia(command, state);
    case 'MarkScheduleSent':
      return markScheduleSent(command, state);
    case 'MarkScheduleFailed':
      return markScheduleFailed(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
