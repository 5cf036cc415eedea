import type { CampaignEvent, CampaignFields } from '@zelo/contracts/campaigns/events';
import {
  campaignCancelled,
  campaignCreated,
  campaignDeleted,
  campaignFinished,
  campaignMediaAttached,
  campaignMessageFailed,
  campaignMessageQueued,
  campaignMessageSent,
  campaignMessageSkipped,
  campaignRestarted,
  campaignSettingsChanged,
  campaignStarted,
  campaignStartRefused,
  campaignUpdated,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { decider } from '../../testing/given-when-then.ts';
import {
  type CampaignCommand,
  type CampaignState,
  decideCampaign,
  evolveCampaign,
  initialCampaignState,
} from './campaign.ts';
import {
  type CampaignSettingsCommand,
  decideCampaignSettings,
  evolveCampaignSettings,
  initialCampaignSettingsState,
} from './settings.ts';

const spec = decider<CampaignState, CampaignCommand, CampaignEvent>({
  initialState: initialCampaignState,
  evolve: evolveCampaign,
  decide: decideCampaign,
});

const companyId = '00000000-0000-4000-8000-000000000001';
const otherCompanyId = '00000000-0000-4000-8000-000000000002';
const campaignId = '00000000-0000-4000-8000-000000000030';
const userId = '00000000-0000-4000-8000-000000000060';
const whatsappId = '00000000-0000-4000-8000-000000000050';
const contactListId = '00000000-0000-4000-8000-000000000070';
const fileListId = '00000000-0000-4000-8000-000000000080';
const ref = { campaignId, companyId };

const now = '2030-01-31T10:00:00.000Z';
const inTwoHours = '2030-01-31T12:00:00.000Z';
const inHalfAnHour = '2030-01-31T10:30:00.000Z';

const draft: CampaignFields = {
  name: 'Black Friday',
  message1: 'Olá {nome}, temos ofertas!',
  message2: '',
  message3: '',
  message4: '',
  message5: '',
  whatsappId: null,
  scheduledAt: null,
  contactListId: null,
  tagListId: null,
  fileListId: null,
};
const scheduled: CampaignFields = { ...draft, whatsappId, contactListId, scheduledAt: inTwoHours };
const soon: CampaignFields = { ...scheduled, scheduledAt: inHalfAnHour };
const recipients = [
  { number: '5511988880000', name: 'Maria', email: 'maria@example.com' },
  { number: '5511988881111', name: 'João', email: '' },
  { number: '5511988882222', name: 'Ana', email: '' },
];

const createdDraft = campaignCreated({ ...ref, userId, fields: draft, status: 'INATIVA' });
const createdScheduled = campaignCreated({ ...ref, userId, fields: scheduled, status: 'PROGRAMADA' });
const createdSoon = campaignCreated({ ...ref, userId, fields: soon, status: 'PROGRAMADA' });
const started = campaignStarted({ ...ref, whatsappId, recipients, startedAt: inTwoHours });
const messageId = '00000000-0000-4000-8000-000000000090';
const ticketId = '00000000-0000-4000-8000-000000000091';
const sent = (index: number) =>
  campaignMessageQueued({
    ...ref,
    index,
    number: recipients[index]?.number ?? '',
    messageId,
    ticketId,
    queuedAt: inTwoHours,
  });
const failed = (index: number) =>
  campaignMessageFailed({ ...ref, index, number: recipients[index]?.number ?? '', failedAt: inTwoHours });
const cancelled = campaignCancelled({ ...ref, cancelledAt: inTwoHours });
const running = [createdScheduled, started];
const wasCancelled = [...running, sent(0), cancelled];
const finished = [
  ...running,
  sent(0),
  failed(1),
  sent(2),
  campaignFinished({ ...ref, completedAt: inTwoHours }),
];

const update = (fields: CampaignFields, at = now): CampaignCommand => ({
  type: 'UpdateCampaign',
  ...ref,
  fields,
  now: at,
});
const updated = (fields: CampaignFields, status: 'INATIVA' | 'PROGRAMADA' | 'CANCELADA') => [
  campaignUpdated({ ...ref, fields, status }),
];
const recordSent = (index: number): CampaignCommand => ({
  type: 'RecordMessageQueued',
  ...ref,
  index,
  number: recipients[index]?.number ?? '',
  messageId,
  ticketId,
  variant: 1,
  queuedAt: inTwoHours,
});
const recordFailed = (index: number): CampaignCommand => ({
  type: 'RecordMessageFailed',
  ...ref,
  index,
  number: recipients[index]?.number ?? '',
  reason: 'ERR_WAPP_INVALID_CONTACT',
  failedAt: inTwoHours,
});
const start: CampaignCommand = {
  type: 'StartCampaign',
  ...ref,
  whatsappId,
  recipients,
  startedAt: inTwoHours,
};
const cancel: CampaignCommand = { type: 'CancelCampaign', ...ref, cancelledAt: inTwoHours };
const restart: CampaignCommand = { type: 'RestartCampaign', ...ref, restartedAt: inTwoHours };
const finish: CampaignCommand = { type: 'FinishCampaign', ...ref, completedAt: inTwoHours };
const refuse: CampaignCommand = {
  type: 'RefuseCampaignStart',
  ...ref,
  reason: 'ERR_CAMPAIGN_NO_RECIPIENTS',
  refusedAt: inTwoHours,
};
const stateAfter = (events: CampaignEvent[]) => events.reduce(evolveCampaign, initialCampaignState());

describe('Campaign', () => {
  describe('When there is no campaign', () => {
    it('a campaign without scheduledAt is created INATIVA, even incomplete', () =>
      spec
        .given([])
        .when({ type: 'CreateCampaign', ...ref, userId, fields: { ...draft, message1: '' }, now })
        .then([campaignCreated({ ...ref, userId, fields: { ...draft, message1: '' }, status: 'INATIVA' })]));

    it('a campaign with scheduledAt is created PROGRAMADA', () =>
      spec
        .given([])
        .when({ type: 'CreateCampaign', ...ref, userId, fields: scheduled, now })
        .then([createdScheduled]));

    it('editing refuses with ERR_NO_CAMPAIGN_FOUND', () =>
      spec.given([]).when(update(draft)).thenThrows('ERR_NO_CAMPAIGN_FOUND'));

    it('deleting refuses with ERR_NO_CAMPAIGN_FOUND', () =>
      spec
        .given([])
        .when({ type: 'DeleteCampaign', ...ref })
        .thenThrows('ERR_NO_CAMPAIGN_FOUND'));
  });

  describe('When saved as PROGRAMADA', () => {
    const create = (fields: CampaignFields): CampaignCommand => ({
      type: 'CreateCampaign',
      ...ref,
      userId,
      fields,
      now,
    });

    it('without any message it is refused: ERR_CAMPAIGN_NO_MESSAGES', () =>
      spec
        .given([])
        .when(create({ ...scheduled, message1: '   ' }))
        .thenThrows('ERR_CAMPAIGN_NO_MESSAGES'));

    it('any one of the five variants is enough', () =>
      spec
        .given([])
        .when(create({ ...scheduled, message1: '', message4: 'Oi' }))
        .then([
          campaignCreated({
            ...ref,
            userId,
            fields: { ...scheduled, message1: '', message4: 'Oi' },
            status: 'PROGRAMADA',
          }),
        ]));

    it('without a connection it is refused: ERR_NO_WAPP_FOUND', () =>
      spec
        .given([])
        .when(create({ ...scheduled, whatsappId: null }))
        .thenThrows('ERR_NO_WAPP_FOUND'));

    it('without a contact list or a tag it is refused: ERR_CAMPAIGN_NO_AUDIENCE', () =>
      spec
        .given([])
        .when(create({ ...scheduled, contactListId: null }))
        .thenThrows('ERR_CAMPAIGN_NO_AUDIENCE'));

    it('a tag instead of a contact list is an audience', () =>
      spec
        .given([])
        .when(create({ ...scheduled, contactListId: null, tagListId: contactListId }))
        .then([
          campaignCreated({
            ...ref,
            userId,
            fields: { ...scheduled, contactListId: null, tagListId: contactListId },
            status: 'PROGRAMADA',
          }),
        ]));

    it('a time more than a minute past is refused: ERR_CAMPAIGN_SCHEDULED_IN_PAST', () =>
      spec
        .given([])
        .when(create({ ...scheduled, scheduledAt: '2030-01-31T09:58:59.000Z' }))
        .thenThrows('ERR_CAMPAIGN_SCHEDULED_IN_PAST'));

    it('a time within the minute of tolerance is accepted', () =>
      spec
        .given([])
        .when(create({ ...scheduled, scheduledAt: '2030-01-31T09:59:30.000Z' }))
        .then([
          campaignCreated({
            ...ref,
            userId,
            fields: { ...scheduled, scheduledAt: '2030-01-31T09:59:30.000Z' },
            status: 'PROGRAMADA',
          }),
        ]));

    it('a retried create records nothing', () =>
      spec.given([createdScheduled]).when(create(scheduled)).thenNothing());
  });

  describe('When INATIVA', () => {
    it('any field may change', () =>
      spec
        .given([createdDraft])
        .when(update({ ...draft, name: 'Natal' }))
        .then(updated({ ...draft, name: 'Natal' }, 'INATIVA')));

    it('setting scheduledAt makes it PROGRAMADA', () =>
      spec.given([createdDraft]).when(update(scheduled)).then(updated(scheduled, 'PROGRAMADA')));

    it('scheduling it still needs its messages, connection and audience', () =>
      spec
        .given([createdDraft])
        .when(update({ ...draft, scheduledAt: inTwoHours }))
        .thenThrows('ERR_NO_WAPP_FOUND'));

    it('cancel is refused: ERR_CAMPAIGN_INVALID_TRANSITION', () =>
      spec.given([createdDraft]).when(cancel).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION'));

    it('restart is refused: ERR_CAMPAIGN_INVALID_TRANSITION', () =>
      spec.given([createdDraft]).when(restart).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION'));

    it('start is refused: ERR_CAMPAIGN_INVALID_TRANSITION', () =>
      spec.given([createdDraft]).when(start).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION'));

    it('an attachment may be added', () =>
      spec
        .given([createdDraft])
        .when({ type: 'AttachCampaignMedia', ...ref, mediaPath: 'a/b.png', mediaName: 'b.png', now })
        .then([
          { type: 'CampaignMediaAttached', data: { ...ref, mediaPath: 'a/b.png', mediaName: 'b.png' } },
        ]));

    it('another company cannot see it: ERR_NO_CAMPAIGN_FOUND', () =>
      spec
        .given([createdDraft])
        .when({ ...update(draft), companyId: otherCompanyId })
        .thenThrows('ERR_NO_CAMPAIGN_FOUND'));
  });

  describe('When PROGRAMADA more than an hour ahead', () => {
    it('it may be edited', () =>
      spec
        .given([createdScheduled])
        .when(update({ ...scheduled, name: 'Natal' }))
        .then(updated({ ...scheduled, name: 'Natal' }, 'PROGRAMADA')));

    it('clearing scheduledAt makes it INATIVA', () =>
      spec
        .given([createdScheduled])
        .when(update({ ...scheduled, scheduledAt: null }))
        .then(updated({ ...scheduled, scheduledAt: null }, 'INATIVA')));

    it('cancel is refused: ERR_CAMPAIGN_INVALID_TRANSITION', () =>
      spec.given([createdScheduled]).when(cancel).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION'));

    it('at scheduledAt it starts with its recipients (EM_ANDAMENTO)', () =>
      spec.given([createdScheduled]).when(start).then([started]));

    it('starting with no recipient is refused: ERR_CAMPAIGN_NO_RECIPIENTS', () =>
      spec
        .given([createdScheduled])
        .when({ ...start, recipients: [] } as CampaignCommand)
        .thenThrows('ERR_CAMPAIGN_NO_RECIPIENTS'));

    it('a refused start records the reason and makes it INATIVA', () => {
      spec
        .given([createdScheduled])
        .when(refuse)
        .then([
          campaignStartRefused({ ...ref, reason: 'ERR_CAMPAIGN_NO_RECIPIENTS', refusedAt: inTwoHours }),
        ]);
      const after = stateAfter([
        createdScheduled,
        campaignStartRefused({ ...ref, reason: 'ERR_CAMPAIGN_NO_RECIPIENTS' }),
      ]);
      expect(after).toMatchObject({ status: 'INATIVA', lastError: 'ERR_CAMPAIGN_NO_RECIPIENTS' });
    });
  });

  describe('When PROGRAMADA less than an hour ahead', () => {
    it('editing is refused: ERR_CAMPAIGN_NOT_EDITABLE', () =>
      spec
        .given([createdSoon])
        .when(update({ ...soon, name: 'Natal' }))
        .thenThrows('ERR_CAMPAIGN_NOT_EDITABLE'));

    it('the hour is counted from the clock: the same edit an hour earlier passed', () =>
      spec
        .given([createdSoon])
        .when(update({ ...soon, name: 'Natal' }, '2030-01-31T09:29:00.000Z'))
        .then(updated({ ...soon, name: 'Natal' }, 'PROGRAMADA')));

    it('an attachment is refused: ERR_CAMPAIGN_NOT_EDITABLE', () =>
      spec
        .given([createdSoon])
        .when({ type: 'AttachCampaignMedia', ...ref, mediaPath: 'a/b.png', mediaName: 'b.png', now })
        .thenThrows('ERR_CAMPAIGN_NOT_EDITABLE'));

    it('deleting is still allowed', () =>
      spec
        .given([createdSoon])
        .when({ type: 'DeleteCampaign', ...ref })
        .then([campaignDeleted(ref)]));
  });

  describe('When EM_ANDAMENTO', () => {
    it('editing is refused: ERR_CAMPAIGN_NOT_EDITABLE', () =>
      spec.given(running).when(update(scheduled)).thenThrows('ERR_CAMPAIGN_NOT_EDITABLE'));

    it('a shipment is recorded once: the same index twice records nothing', () => {
      spec
        .given(running)
        .when(recordSent(0))
        .then([sent(0)]);
      spec
        .given([...running, sent(0)])
        .when(recordSent(0))
        .thenNothing();
    });

    it('a sent shipment the channel then gave up on becomes failed, once; a delivered one stays', () => {
      const failed0 = campaignMessageFailed({
        ...ref,
        index: 0,
        number: recipients[0].number,
        failedAt: inTwoHours,
      });
      spec
        .given([...running, sent(0)])
        .when(recordFailed(0))
        .then([failed0]);
      spec
        .given([...running, sent(0), failed0])
        .when(recordFailed(0))
        .thenNothing();
      spec
        .given([...running, sent(0), campaignMessageSent({ ...ref, index: 0, sentAt: inTwoHours })])
        .when(recordFailed(0))
        .thenNothing();
    });

    it('a failure is recorded once', () => {
      spec
        .given(running)
        .when(recordFailed(1))
        .then([failed(1)]);
      spec
        .given([...running, failed(1)])
        .when(recordFailed(1))
        .thenNothing();
    });

    it('an opted-out recipient is skipped once, never after a message, and counts as attempted', () => {
      const skip = (index: number): CampaignCommand => ({
        type: 'RecordMessageSkipped',
        ...ref,
        index,
        reason: 'optedOut',
        skippedAt: inTwoHours,
      });
      const skipped1 = campaignMessageSkipped({
        ...ref,
        index: 1,
        reason: 'optedOut',
        skippedAt: inTwoHours,
      });
      spec.given(running).when(skip(1)).then([skipped1]);
      spec
        .given([...running, skipped1])
        .when(skip(1))
        .thenNothing();
      spec
        .given([...running, skipped1])
        .when(recordSent(1))
        .thenNothing();
      spec
        .given([...running, sent(0)])
        .when(skip(0))
        .thenNothing();
      spec
        .given([...running, sent(0), skipped1, sent(2)])
        .when(finish)
        .then([campaignFinished({ ...ref, completedAt: inTwoHours })]);
    });

    it('an index outside the recipients records nothing', () =>
      spec.given(running).when(recordSent(3)).thenNothing());

    it('a sent shipment is delivered once; a failed one never', () => {
      const deliver = (index: number): CampaignCommand => ({
        type: 'RecordMessageSent',
        ...ref,
        index,
        sentAt: inTwoHours,
      });
      const delivered = campaignMessageSent({ ...ref, index: 0, sentAt: inTwoHours });
      spec
        .given([...running, sent(0)])
        .when(deliver(0))
        .then([delivered]);
      spec
        .given([...running, sent(0), delivered])
        .when(deliver(0))
        .thenNothing();
      spec
        .given([...running, failed(1)])
        .when(deliver(1))
        .thenNothing();
      spec.given(running).when(deliver(2)).thenNothing();
    });

    it('finishing before every recipient was attempted is refused', () =>
      spec
        .given([...running, sent(0), failed(1)])
        .when(finish)
        .thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION'));

    it('finishing after every recipient was sent or failed makes it FINALIZADA', () =>
      spec
        .given([...running, sent(0), failed(1), sent(2)])
        .when(finish)
        .then([campaignFinished({ ...ref, completedAt: inTwoHours })]));

    it('shipments recorded out of order still count: nextIndex is the first gap', () => {
      expect(stateAfter([...running, sent(0), sent(2)])).toMatchObject({ nextIndex: 1 });
      expect(stateAfter([...running, sent(0), sent(2), failed(1)])).toMatchObject({ nextIndex: 3 });
    });

    it('cancel makes it CANCELADA', () => spec.given(running).when(cancel).then([cancelled]));

    it('restart is refused: ERR_CAMPAIGN_INVALID_TRANSITION', () =>
      spec.given(running).when(restart).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION'));

    it('a second start is refused: ERR_CAMPAIGN_INVALID_TRANSITION', () =>
      spec.given(running).when(start).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION'));

    it('deleting is allowed', () =>
      spec
        .given(running)
        .when({ type: 'DeleteCampaign', ...ref })
        .then([campaignDeleted(ref)]));
  });

  describe('When CANCELADA', () => {
    it('its messages and file list may change; it stays CANCELADA', () => {
      const content = { ...scheduled, message1: 'Nova oferta', message2: 'Outra', fileListId };
      spec.given(wasCancelled).when(update(content)).then(updated(content, 'CANCELADA'));
      expect(stateAfter([...wasCancelled, ...updated(content, 'CANCELADA')])).toMatchObject({
        status: 'CANCELADA',
        fields: content,
      });
    });

    it('any other field is refused: ERR_CAMPAIGN_NOT_EDITABLE', () =>
      spec
        .given(wasCancelled)
        .when(update({ ...scheduled, name: 'Natal' }))
        .thenThrows('ERR_CAMPAIGN_NOT_EDITABLE'));

    it('emptying every message is refused: ERR_CAMPAIGN_NO_MESSAGES', () =>
      spec
        .given(wasCancelled)
        .when(update({ ...scheduled, message1: '' }))
        .thenThrows('ERR_CAMPAIGN_NO_MESSAGES'));

    it('a shipment in flight when it was cancelled is still recorded', () =>
      spec
        .given(wasCancelled)
        .when(recordSent(1))
        .then([sent(1)]));

    it('restart resumes at the first recipient without a shipment', () => {
      spec
        .given(wasCancelled)
        .when(restart)
        .then([campaignRestarted({ ...ref, restartedAt: inTwoHours })]);
      const after = stateAfter([...wasCancelled, campaignRestarted(ref)]);
      expect(after).toMatchObject({ status: 'EM_ANDAMENTO', nextIndex: 1 });
    });

    it('cancel again is refused: ERR_CAMPAIGN_INVALID_TRANSITION', () =>
      spec.given(wasCancelled).when(cancel).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION'));

    it('finishing is refused: ERR_CAMPAIGN_INVALID_TRANSITION', () =>
      spec.given(wasCancelled).when(finish).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION'));
  });

  describe('When FINALIZADA', () => {
    it('editing is refused: ERR_CAMPAIGN_NOT_EDITABLE', () =>
      spec.given(finished).when(update(scheduled)).thenThrows('ERR_CAMPAIGN_NOT_EDITABLE'));

    it('finishing again records nothing', () => spec.given(finished).when(finish).thenNothing());

    it('cancel and restart are refused: ERR_CAMPAIGN_INVALID_TRANSITION', () => {
      spec.given(finished).when(cancel).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION');
      spec.given(finished).when(restart).thenThrows('ERR_CAMPAIGN_INVALID_TRANSITION');
    });

    it('a repeated shipment records nothing', () => spec.given(finished).when(recordSent(2)).thenNothing());

    it('deleting is allowed', () =>
      spec
        .given(finished)
        .when({ type: 'DeleteCampaign', ...ref })
        .then([campaignDeleted(ref)]));
  });

  describe('When deleted', () => {
    const gone = [createdScheduled, campaignDeleted(ref)];

    it('editing refuses with ERR_NO_CAMPAIGN_FOUND', () =>
      spec.given(gone).when(update(scheduled)).thenThrows('ERR_NO_CAMPAIGN_FOUND'));

    it('deleting again refuses with ERR_NO_CAMPAIGN_FOUND', () =>
      spec
        .given(gone)
        .when({ type: 'DeleteCampaign', ...ref })
        .thenThrows('ERR_NO_CAMPAIGN_FOUND'));

    it('a shipment that raced the deletion records nothing', () =>
      spec
        .given([...running, campaignDeleted(ref)])
        .when(recordSent(0))
        .thenNothing());
  });

  it('the media attached is kept in the state', () =>
    expect(stateAfter([createdDraft, campaignMediaAttached({ ...ref })])).toMatchObject({
      media: { mediaPath: 'campaigns/banner.png', mediaName: 'banner.png' },
    }));
});

describe('Campaign settings', () => {
  const settingsSpec = decider({
    initialState: initialCampaignSettingsState,
    evolve: evolveCampaignSettings,
    decide: decideCampaignSettings,
  });
  const defaults = campaignSettingsChanged({ companyId });
  const change = (settings: CampaignSettingsCommand['settings']): CampaignSettingsCommand => ({
    type: 'ChangeCampaignSettings',
    companyId,
    settings,
  });

  it('never saved: a change is merged over the defaults', () =>
    settingsSpec
      .given([])
      .when(change({ messageInterval: 5 }))
      .then([
        campaignSettingsChanged({ companyId, settings: { ...defaults.data.settings, messageInterval: 5 } }),
      ]));

  it('keys left out keep their saved value', () => {
    const saved = campaignSettingsChanged({
      companyId,
      settings: { ...defaults.data.settings, messageInterval: 5, greaterInterval: 120 },
    });
    settingsSpec
      .given([saved])
      .when(change({ longerIntervalAfter: 40 }))
      .then([
        campaignSettingsChanged({ companyId, settings: { ...saved.data.settings, longerIntervalAfter: 40 } }),
      ]);
  });

  it('a variable key given twice keeps its first value', () =>
    settingsSpec
      .given([])
      .when(
        change({
          variables: [
            { key: 'loja', value: 'Centro' },
            { key: 'loja', value: 'Bairro' },
          ],
        }),
      )
      .then([
        campaignSettingsChanged({
          companyId,
          settings: { ...defaults.data.settings, variables: [{ key: 'loja', value: 'Centro' }] },
        }),
      ]));

  it('saving the same settings again records nothing', () =>
    settingsSpec
      .given([defaults])
      .when(change({ messageInterval: 20 }))
      .thenNothing());
});
