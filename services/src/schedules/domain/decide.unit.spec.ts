import type { ScheduleEvent } from '@zelo/contracts/schedules/events';
import {
  scheduleCreated,
  scheduleDeleted,
  scheduleFailed,
  scheduleMediaAttached,
  scheduleMediaRemoved,
  scheduleSent,
  scheduleUpdated,
} from '@zelo/contracts/testing/events';
import { describe, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  decideSchedule,
  evolveSchedule,
  initialScheduleState,
  type ScheduleCommand,
  type ScheduleState,
} from './schedule.ts';

const spec = decider<ScheduleState, ScheduleCommand, ScheduleEvent>({
  initialState: initialScheduleState,
  evolve: evolveSchedule,
  decide: decideSchedule,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const otherCompanyId = '00000000-0000-4000-8000-000000000002';
const scheduleId = '00000000-0000-4000-8000-000000000030';
const messageId = '00000000-0000-4000-8000-000000000040';
const schedule = {
  body: 'Lembrete: sua consulta é amanhã',
  contactId: '00000000-0000-4000-8000-000000000010',
  sendAt: '2030-01-31T14:00:00.000Z',
  ticketId: null,
  whatsappId: '00000000-0000-4000-8000-000000000050',
  userId: '00000000-0000-4000-8000-000000000060',
};
const moved = { ...schedule, body: 'Lembrete: consulta remarcada', sendAt: '2030-01-31T16:00:00.000Z' };

const created = scheduleCreated({ scheduleId, companyId, ...schedule });
const sent = scheduleSent({
  scheduleId,
  companyId,
  messageId,
  sentAt: '2030-01-31T14:00:01.000Z',
  late: false,
});
const failed = scheduleFailed({
  scheduleId,
  companyId,
  reason: 'ERR_NO_DEF_WAPP_FOUND: no default connection',
  failedAt: '2030-01-31T14:00:01.000Z',
});
const deleted = scheduleDeleted({ scheduleId, companyId });
const media = {
  mediaPath: `/public/${companyId}/2030/01/1-${'a'.repeat(32)}-lembrete.png`,
  mediaName: 'lembrete.png',
};
const attached = scheduleMediaAttached({ scheduleId, companyId, ...media });
const removed = scheduleMediaRemoved({ scheduleId, companyId });
const attach = (over: Partial<typeof media> = {}, company = companyId): ScheduleCommand => ({
  type: 'AttachScheduleMedia',
  scheduleId,
  companyId: company,
  media: { ...media, ...over },
});
const remove = (company = companyId): ScheduleCommand => ({
  type: 'RemoveScheduleMedia',
  scheduleId,
  companyId: company,
});

const markSent = (sentAt: string): ScheduleCommand => ({
  type: 'MarkScheduleSent',
  scheduleId,
  companyId,
  messageId,
  sentAt,
});
const markFailed: ScheduleCommand = {
  type: 'MarkScheduleFailed',
  scheduleId,
  companyId,
  reason: 'ERR_NO_DEF_WAPP_FOUND: no default connection',
  failedAt: '2030-01-31T14:00:01.000Z',
};

describe('Schedule', () => {
  describe('When there is no schedule', () => {
    it('a schedule is created, pending', () =>
      spec.given([]).when({ type: 'CreateSchedule', scheduleId, companyId, schedule }).then([created]));

    it('editing refuses with ERR_NO_SCHEDULE_FOUND', () =>
      spec
        .given([])
        .when({ type: 'UpdateSchedule', scheduleId, companyId, schedule: moved })
        .thenThrows('ERR_NO_SCHEDULE_FOUND'));

    it('deleting refuses with ERR_NO_SCHEDULE_FOUND', () =>
      spec
        .given([])
        .when({ type: 'DeleteSchedule', scheduleId, companyId })
        .thenThrows('ERR_NO_SCHEDULE_FOUND'));

    it('attaching refuses with ERR_NO_SCHEDULE_FOUND', () =>
      spec.given([]).when(attach()).thenThrows('ERR_NO_SCHEDULE_FOUND'));
  });

  describe('When pending, its attachment', () => {
    it('is attached', () => spec.given([created]).when(attach()).then([attached]));

    it('is replaced by a second upload', () =>
      spec
        .given([created, attached])
        .when(attach({ mediaPath: '/public/x/outra.jpg', mediaName: 'outra.jpg' }))
        .then([
          scheduleMediaAttached({
            scheduleId,
            companyId,
            mediaPath: '/public/x/outra.jpg',
            mediaName: 'outra.jpg',
          }),
        ]));

    it('is removed', () => spec.given([created, attached]).when(remove()).then([removed]));

    it('survives an edit of the other fields, so it can still be removed', () =>
      spec
        .given([created, attached, scheduleUpdated({ scheduleId, companyId, ...moved })])
        .when(remove())
        .then([removed]));

    it('removing when there is none records nothing (a repeated click)', () =>
      spec.given([created, attached, removed]).when(remove()).thenNothing());

    it('another company can neither attach nor remove: ERR_NO_SCHEDULE_FOUND', () => {
      spec.given([created]).when(attach({}, otherCompanyId)).thenThrows('ERR_NO_SCHEDULE_FOUND');
      spec.given([created, attached]).when(remove(otherCompanyId)).thenThrows('ERR_NO_SCHEDULE_FOUND');
    });
  });

  describe('When pending', () => {
    it('a retried create records nothing', () =>
      spec.given([created]).when({ type: 'CreateSchedule', scheduleId, companyId, schedule }).thenNothing());

    it('editing moves it', () =>
      spec
        .given([created])
        .when({ type: 'UpdateSchedule', scheduleId, companyId, schedule: moved })
        .then([{ type: 'ScheduleUpdated', data: { scheduleId, companyId, ...moved } }]));

    it('deleting records the deletion', () =>
      spec.given([created]).when({ type: 'DeleteSchedule', scheduleId, companyId }).then([deleted]));

    it('another company cannot edit it: ERR_NO_SCHEDULE_FOUND', () =>
      spec
        .given([created])
        .when({ type: 'UpdateSchedule', scheduleId, companyId: otherCompanyId, schedule: moved })
        .thenThrows('ERR_NO_SCHEDULE_FOUND'));

    it('another company cannot delete it: ERR_NO_SCHEDULE_FOUND', () =>
      spec
        .given([created])
        .when({ type: 'DeleteSchedule', scheduleId, companyId: otherCompanyId })
        .thenThrows('ERR_NO_SCHEDULE_FOUND'));

    it('sending on time marks it sent, not late', () =>
      spec.given([created]).when(markSent('2030-01-31T14:00:01.000Z')).then([sent]));

    it('sending a minute or less after sendAt is still on time', () =>
      spec
        .given([created])
        .when(markSent('2030-01-31T14:01:00.000Z'))
        .then([
          {
            type: 'ScheduleSent',
            data: { scheduleId, companyId, messageId, sentAt: '2030-01-31T14:01:00.000Z', late: false },
          },
        ]));

    it('sending more than a minute after sendAt marks it late', () =>
      spec
        .given([created])
        .when(markSent('2030-01-31T15:30:00.000Z'))
        .then([
          {
            type: 'ScheduleSent',
            data: { scheduleId, companyId, messageId, sentAt: '2030-01-31T15:30:00.000Z', late: true },
          },
        ]));

    it('lateness is measured from the edited sendAt', () =>
      spec
        .given([created, scheduleUpdated({ scheduleId, companyId, ...moved })])
        .when(markSent('2030-01-31T16:00:05.000Z'))
        .then([
          {
            type: 'ScheduleSent',
            data: { scheduleId, companyId, messageId, sentAt: '2030-01-31T16:00:05.000Z', late: false },
          },
        ]));

    it('a failed send marks it failed with the reason', () =>
      spec.given([created]).when(markFailed).then([failed]));
  });

  describe('When sent', () => {
    it('editing refuses with ERR_SCHEDULE_ALREADY_SENT', () =>
      spec
        .given([created, sent])
        .when({ type: 'UpdateSchedule', scheduleId, companyId, schedule: moved })
        .thenThrows('ERR_SCHEDULE_ALREADY_SENT'));

    it('deleting refuses with ERR_SCHEDULE_ALREADY_SENT', () =>
      spec
        .given([created, sent])
        .when({ type: 'DeleteSchedule', scheduleId, companyId })
        .thenThrows('ERR_SCHEDULE_ALREADY_SENT'));

    it('marking it sent again records nothing (sent once)', () =>
      spec.given([created, sent]).when(markSent('2030-01-31T14:05:00.000Z')).thenNothing());

    it('a late failure report records nothing', () =>
      spec.given([created, sent]).when(markFailed).thenNothing());

    it('attaching refuses with ERR_SCHEDULE_ALREADY_SENT', () =>
      spec.given([created, sent]).when(attach()).thenThrows('ERR_SCHEDULE_ALREADY_SENT'));

    it('removing the attachment refuses with ERR_SCHEDULE_ALREADY_SENT', () =>
      spec.given([created, attached, sent]).when(remove()).thenThrows('ERR_SCHEDULE_ALREADY_SENT'));
  });

  describe('When failed', () => {
    it('editing re-arms it', () =>
      spec
        .given([created, failed])
        .when({ type: 'UpdateSchedule', scheduleId, companyId, schedule: moved })
        .then([{ type: 'ScheduleUpdated', data: { scheduleId, companyId, ...moved } }]));

    it('deleting records the deletion', () =>
      spec.given([created, failed]).when({ type: 'DeleteSchedule', scheduleId, companyId }).then([deleted]));

    it('failing again records nothing', () => spec.given([created, failed]).when(markFailed).thenNothing());

    it('an attachment may still be changed, as the rest of the dialog may', () =>
      spec.given([created, failed]).when(attach()).then([attached]));
  });

  describe('When deleted', () => {
    it('editing refuses with ERR_NO_SCHEDULE_FOUND', () =>
      spec
        .given([created, deleted])
        .when({ type: 'UpdateSchedule', scheduleId, companyId, schedule: moved })
        .thenThrows('ERR_NO_SCHEDULE_FOUND'));

    it('deleting again refuses with ERR_NO_SCHEDULE_FOUND', () =>
      spec
        .given([created, deleted])
        .when({ type: 'DeleteSchedule', scheduleId, companyId })
        .thenThrows('ERR_NO_SCHEDULE_FOUND'));

    it('attaching refuses with ERR_NO_SCHEDULE_FOUND', () =>
      spec.given([created, deleted]).when(attach()).thenThrows('ERR_NO_SCHEDULE_FOUND'));

    it('removing the attachment refuses with ERR_NO_SCHEDULE_FOUND', () =>
      spec.given([created, attached, deleted]).when(remove()).thenThrows('ERR_NO_SCHEDULE_FOUND'));

    it('a send that raced the deletion records nothing', () =>
      spec.given([created, deleted]).when(markSent('2030-01-31T14:00:01.000Z')).thenNothing());
  });
});
