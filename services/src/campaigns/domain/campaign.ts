import {
  type CampaignEvent,
  type CampaignFields,
  type CampaignRecipient,
  type CampaignStatus,
  isWithinEditLock,
} from '@zelo/contracts/campaigns/events';
import { DomainError } from '@zelo/contracts/errors';

/** What a recipient's message came to: queued (the report's sent), sent by the channel (its delivered), failed. */
export type ShipmentOutcome = 'queued' | 'sent' | 'failed' | 'skipped';

export type CampaignState =
  | { kind: 'none' }
  | {
      kind: 'exists';
      campaignId: string;
      companyId: string;
      userId: string;
      deleted: boolean;
      status: CampaignStatus;
      fields: CampaignFields;
      media: { mediaPath: string; mediaName: string } | null;
      /** Why the last start was refused, until the campaign is saved again. */
      lastError: string | null;
      /** The run's connection and recipients, fixed by CampaignStarted (null before the first start). */
      runWhatsappId: string | null;
      recipients: CampaignRecipient[] | null;
      /** Per recipient index, what its shipment came to; an index absent here was not attempted yet. */
      shipments: Map<number, ShipmentOutcome>;
      /** The first recipient index without a shipment: where a (re)started run goes on. */
      nextIndex: number;
      completedAt: string | null;
    };

export const campaignStreamId = (campaignId: string) => `campaign-${campaignId}`;
export const initialCampaignState = (): CampaignState => ({ kind: 'none' });

/** A scheduledAt this close behind the clock still counts as now (the dialog's "in a minute"). */
export const SCHEDULE_TOLERANCE_MS = 60_000;

type Existing = Extract<CampaignState, { kind: 'exists' }>;

/**
 * The shipments map is carried from one state to the next and only ever grows, so it is extended in
 * place: copying it per shipment would make folding a large run quadratic. States are folded forward
 * only (load, then the decided events), never branched.
 */
function recordShipment(state: CampaignState, index: number, outcome: ShipmentOutcome): CampaignState {
  if (state.kind !== 'exists') return state;
  state.shipments.set(index, outcome);
  let nextIndex = state.nextIndex;
  while (state.shipments.has(nextIndex)) nextIndex++;
  return { ...state, nextIndex };
}

export function evolveCampaign(state: CampaignState, event: CampaignEvent): CampaignState {
  switch (event.type) {
    case 'CampaignCreated': {
      const { campaignId, companyId, userId, fields, status } = event.data;
      return {
        kind: 'exists',
        campaignId,
        companyId,
        userId,
        deleted: false,
        status,
        fields,
        media: null,
        lastError: null,
        runWhatsappId: null,
        recipients: null,
        shipments: new Map(),
        nextIndex: 0,
        completedAt: null,
      };
    }
    case 'CampaignUpdated':
      if (state.kind !== 'exists') return state;
      return { ...state, fields: event.data.fields, status: event.data.status, lastError: null };
    case 'CampaignDeleted':
      if (state.kind !== 'exists') return state;
      return { ...state, deleted: true };
    case 'CampaignMediaAttached': {
      if (state.kind !== 'exists') return state;
      const { mediaPath, mediaName } = event.data;
      return { ...state, media: { mediaPath, mediaName } };
    }
    case 'CampaignMediaRemoved':
      if (state.kind !== 'exists') return state;
      return { ...state, media: null };
    case 'CampaignStarted':
      if (state.kind !== 'exists') return state;
      return {
        ...state,
        status: 'EM_ANDAMENTO',
        runWhatsappId: event.data.whatsappId,
        recipients: event.data.recipients,
        shipments: new Map(),
        nextIndex: 0,
        lastError: null,
      };
    case 'CampaignStartRefused':
      if (state.kind !== 'exists') return state;
      return { ...state, status: 'INATIVA', lastError: event.data.reason };
    case 'CampaignMessageQueued':
      return recordShipment(state, event.data.index, 'queued');
    case 'CampaignMessageFailed':
      return recordShipment(state, event.data.index, 'failed');
    case 'CampaignMessageSent':
      return recordShipment(state, event.data.index, 'sent');
    case 'CampaignMessageSkipped':
      return recordShipment(state, event.data.index, 'skipped');
    case 'CampaignCancelled':
      if (state.kind !== 'exists') return state;
      return { ...state, status: 'CANCELADA' };
    case 'CampaignRestarted':
      if (state.kind !== 'exists') return state;
      return { ...state, status: 'EM_ANDAMENTO' };
    case 'CampaignFinished':
      if (state.kind !== 'exists') return state;
      return { ...state, status: 'FINALIZADA', completedAt: event.data.completedAt };
  }
}

type Ref = { campaignId: string; companyId: string };
export type CampaignCommand =
  | (Ref & { type: 'CreateCampaign'; userId: string; fields: CampaignFields; now: string })
  | (Ref & { type: 'UpdateCampaign'; fields: CampaignFields; now: string })
  | (Ref & { type: 'DeleteCampaign' })
  | (Ref & { type: 'AttachCampaignMedia'; mediaPath: string; mediaName: string; now: string })
  | (Ref & { type: 'RemoveCampaignMedia'; now: string })
  | (Ref & {
      type: 'StartCampaign';
      whatsappId: string;
      recipients: CampaignRecipient[];
      startedAt: string;
    })
  | (Ref & { type: 'RefuseCampaignStart'; reason: string; refusedAt: string })
  | (Ref & {
      type: 'RecordMessageQueued';
      index: number;
      number: string;
      messageId: string;
      ticketId: string;
      variant: number;
      queuedAt: string;
    })
  | (Ref & { type: 'RecordMessageFailed'; index: number; number: string; reason: string; failedAt: string })
  | (Ref & { type: 'RecordMessageSent'; index: number; sentAt: string })
  /** The recipient opted out (LGPD, issue 25): nothing is sent to them. */
  | (Ref & { type: 'RecordMessageSkipped'; index: number; reason: 'optedOut'; skippedAt: string })
  /** A batch of a run's recipients, or of the channel's confirmations, recorded in one append. */
  | (Ref & { type: 'RecordShipments'; parts: ShipmentCommand[] })
  | (Ref & { type: 'CancelCampaign'; cancelledAt: string })
  | (Ref & { type: 'RestartCampaign'; restartedAt: string })
  | (Ref & { type: 'FinishCampaign'; completedAt: string });

type Cmd<T extends CampaignCommand['type']> = Extract<CampaignCommand, { type: T }>;

/** A campaign of another company, or a deleted one, is as absent as one that never existed. */
function existing(state: CampaignState, companyId: string): Existing {
  if (state.kind !== 'exists' || state.deleted || state.companyId !== companyId) {
    throw new DomainError('ERR_NO_CAMPAIGN_FOUND', 'campaign not found');
  }
  return state;
}

const invalidTransition = (what: string, s: Existing) =>
  new DomainError(
    'ERR_CAMPAIGN_INVALID_TRANSITION',
    `${what} is not allowed while the campaign is ${s.status}`,
  );

const variants = (f: CampaignFields) => [f.message1, f.message2, f.message3, f.message4, f.message5];
const hasMessage = (f: CampaignFields) => variants(f).some((m) => m.trim() !== '');

/** doc 2 §4: what a campaign must have to be scheduled (an INATIVA draft may lack any of it). */
function assertSchedulable(f: CampaignFields, now: string) {
  if (!hasMessage(f)) throw new DomainError('ERR_CAMPAIGN_NO_MESSAGES', 'write at least one message');
  if (!f.whatsappId) throw new DomainError('ERR_NO_WAPP_FOUND', 'choose the connection that sends it');
  if (!f.contactListId && !f.tagListId) {
    throw new DomainError('ERR_CAMPAIGN_NO_AUDIENCE', 'choose a contact list or a tag');
  }
  if (f.scheduledAt && Date.parse(f.scheduledAt) < Date.parse(now) - SCHEDULE_TOLERANCE_MS) {
    throw new DomainError('ERR_CAMPAIGN_SCHEDULED_IN_PAST', 'the scheduled time has passed');
  }
}

const statusOf = (f: CampaignFields) => (f.scheduledAt ? 'PROGRAMADA' : 'INATIVA');

/** doc 2 §4: INATIVA, or PROGRAMADA with its start more than an hour away. */
function assertEditable(s: Existing, now: string) {
  if (s.status === 'INATIVA') return;
  if (s.status === 'PROGRAMADA') {
    if (!isWithinEditLock(s.fields.scheduledAt, Date.parse(now))) return;
    throw new DomainError(
      'ERR_CAMPAIGN_NOT_EDITABLE',
      'a scheduled campaign can no longer be edited within 1 hour of its start',
    );
  }
  const why = {
    EM_ANDAMENTO: 'a campaign cannot be edited while it is sending',
    CANCELADA: 'a cancelled campaign may only change its messages, file list and attachment',
    FINALIZADA: 'a finished campaign cannot be edited',
  }[s.status];
  throw new DomainError('ERR_CAMPAIGN_NOT_EDITABLE', why);
}

/** A cancelled campaign keeps everything but its messages, file list and attachment (used on restart). */
function onlyContentChanged(before: CampaignFields, after: CampaignFields) {
  const { message1, message2, message3, message4, message5, fileListId, ...rest } = after;
  const {
    message1: _1,
    message2: _2,
    message3: _3,
    message4: _4,
    message5: _5,
    fileListId: _f,
    ...restBefore
  } = before;
  return (Object.keys(rest) as (keyof typeof rest)[]).every((k) => rest[k] === restBefore[k]);
}

function createCampaign(command: Cmd<'CreateCampaign'>, state: CampaignState): CampaignEvent[] {
  // A retried create lands on the same stream: nothing new to record.
  if (state.kind !== 'none') return [];
  const { campaignId, companyId, userId, fields, now } = command;
  const status = statusOf(fields);
  if (status === 'PROGRAMADA') assertSchedulable(fields, now);
  return [{ type: 'CampaignCreated', data: { campaignId, companyId, userId, fields, status } }];
}

function updateCampaign(command: Cmd<'UpdateCampaign'>, state: CampaignState): CampaignEvent[] {
  const { campaignId, companyId, fields, now } = command;
  const s = existing(state, companyId);
  if (s.status === 'CANCELADA') {
    if (!onlyContentChanged(s.fields, fields)) assertEditable(s, now);
    if (!hasMessage(fields)) throw new DomainError('ERR_CAMPAIGN_NO_MESSAGES', 'write at least one message');
    return [{ type: 'CampaignUpdated', data: { campaignId, companyId, fields, status: 'CANCELADA' } }];
  }
  assertEditable(s, now);
  const status = statusOf(fields);
  if (status === 'PROGRAMADA') assertSchedulable(fields, now);
  return [{ type: 'CampaignUpdated', data: { campaignId, companyId, fields, status } }];
}

/** Any status: a running campaign is stopped by the runtime on the deletion. */
function deleteCampaign(command: Cmd<'DeleteCampaign'>, state: CampaignState): CampaignEvent[] {
  const { campaignId, companyId } = command;
  existing(state, companyId);
  return [{ type: 'CampaignDeleted', data: { campaignId, companyId } }];
}

function assertMediaEditable(s: Existing, now: string) {
  if (s.status !== 'CANCELADA') assertEditable(s, now);
}

function attachCampaignMedia(command: Cmd<'AttachCampaignMedia'>, state: CampaignState): CampaignEvent[] {
  const { campaignId, companyId, mediaPath, mediaName, now } = command;
  assertMediaEditable(existing(state, companyId), now);
  return [{ type: 'CampaignMediaAttached', data: { campaignId, companyId, mediaPath, mediaName } }];
}

function removeCampaignMedia(command: Cmd<'RemoveCampaignMedia'>, state: CampaignState): CampaignEvent[] {
  const { campaignId, companyId, now } = command;
  const s = existing(state, companyId);
  if (!s.media) return [];
  assertMediaEditable(s, now);
  return [{ type: 'CampaignMediaRemoved', data: { campaignId, companyId } }];
}

function startCampaign(command: Cmd<'StartCampaign'>, state: CampaignState): CampaignEvent[] {
  const { campaignId, companyId, whatsappId, recipients, startedAt } = command;
  const s = existing(state, companyId);
  if (s.status !== 'PROGRAMADA') throw invalidTransition('starting', s);
  if (recipients.length === 0) {
    throw new DomainError('ERR_CAMPAIGN_NO_RECIPIENTS', 'the campaign has no valid recipient');
  }
  return [{ type: 'CampaignStarted', data: { campaignId, companyId, whatsappId, startedAt, recipients } }];
}

function refuseCampaignStart(command: Cmd<'RefuseCampaignStart'>, state: CampaignState): CampaignEvent[] {
  const { campaignId, companyId, reason, refusedAt } = command;
  const s = existing(state, companyId);
  if (s.status !== 'PROGRAMADA') throw invalidTransition('refusing the start', s);
  return [{ type: 'CampaignStartRefused', data: { campaignId, companyId, reason, refusedAt } }];
}

/** Whether `index` is a recipient of the run that has no shipment yet (else a record adds nothing). */
function unattempted(state: CampaignState, companyId: string, index: number) {
  if (state.kind !== 'exists' || state.deleted) return false;
  const s = existing(state, companyId);
  return s.recipients !== null && index >= 0 && index < s.recipients.length && !s.shipments.has(index);
}

function recordMessageQueued(command: Cmd<'RecordMessageQueued'>, state: CampaignState): CampaignEvent[] {
  const { type: _, ...data } = command;
  if (!unattempted(state, command.companyId, command.index)) return [];
  return [{ type: 'CampaignMessageQueued', data }];
}

/**
 * Failed once: before queueing (the number, the channel refused it) or after it, when the channel
 * gave up sending the queued message, so the report never shows as sent what never left. A message
 * the channel sent stays sent.
 */
function recordMessageFailed(command: Cmd<'RecordMessageFailed'>, state: CampaignState): CampaignEvent[] {
  const { type: _, ...data } = command;
  const unsent =
    state.kind === 'exists' &&
    !state.deleted &&
    existing(state, command.companyId).shipments.get(command.index) === 'queued';
  if (!unsent && !unattempted(state, command.companyId, command.index)) return [];
  return [{ type: 'CampaignMessageFailed', data }];
}

/** Sent once, and only what was queued (a failed message is never sent). */
function recordMessageSent(command: Cmd<'RecordMessageSent'>, state: CampaignState): CampaignEvent[] {
  const { type: _, ...data } = command;
  if (state.kind !== 'exists' || state.deleted) return [];
  if (existing(state, command.companyId).shipments.get(command.index) !== 'queued') return [];
  return [{ type: 'CampaignMessageSent', data }];
}

/** Skipped once, instead of a message, for a recipient not attempted yet; never after a message. */
function recordMessageSkipped(command: Cmd<'RecordMessageSkipped'>, state: CampaignState): CampaignEvent[] {
  const { type: _, ...data } = command;
  if (!unattempted(state, command.companyId, command.index)) return [];
  return [{ type: 'CampaignMessageSkipped', data }];
}

export type ShipmentCommand = Cmd<
  'RecordMessageQueued' | 'RecordMessageFailed' | 'RecordMessageSent' | 'RecordMessageSkipped'
>;

/** Each part decides as its own command would, against the state the parts before it left. */
function recordShipments(command: Cmd<'RecordShipments'>, state: CampaignState): CampaignEvent[] {
  // evolve extends the shipments map in place: the parts are folded over a copy of it.
  let now: CampaignState =
    state.kind === 'exists' ? { ...state, shipments: new Map(state.shipments) } : state;
  const events: CampaignEvent[] = [];
  for (const part of command.parts) {
    if (part.campaignId !== command.campaignId || part.companyId !== command.companyId)
      throw new Error('a batch of shipments names one campaign');
    for (const e of decideCampaign(part, now)) {
      events.push(e);
      now = evolveCampaign(now, e);
    }
  }
  return events;
}

function cancelCampaign(command: Cmd<'CancelCampaign'>, state: CampaignState): CampaignEvent[] {
  const { campaignId, companyId, cancelledAt } = command;
  const s = existing(state, companyId);
  if (s.status !== 'EM_ANDAMENTO') throw invalidTransition('cancelling', s);
  return [{ type: 'CampaignCancelled', data: { campaignId, companyId, cancelledAt } }];
}

function restartCampaign(command: Cmd<'RestartCampaign'>, state: CampaignState): CampaignEvent[] {
  const { campaignId, companyId, restartedAt } = command;
  const s = existing(state, companyId);
  if (s.status !== 'CANCELADA') throw invalidTransition('restarting', s);
  return [{ type: 'CampaignRestarted', data: { campaignId, companyId, restartedAt } }];
}

/** FINALIZADA once every recipient was attempted; finishing again records nothing. */
function finishCampaign(command: Cmd<'FinishCampaign'>, state: CampaignState): CampaignEvent[] {
  const { campaignId, companyId, completedAt } = command;
  const s = existing(state, companyId);
  if (s.status === 'FINALIZADA') return [];
  if (s.status !== 'EM_ANDAMENTO') throw invalidTransition('finishing', s);
  const total = s.recipients?.length ?? 0;
  if (s.nextIndex < total) {
    throw new DomainError(
      'ERR_CAMPAIGN_INVALID_TRANSITION',
      `recipient ${s.nextIndex + 1} of ${total} was not attempted yet`,
    );
  }
  return [{ type: 'CampaignFinished', data: { campaignId, companyId, completedAt } }];
}

export function decideCampaign(command: CampaignCommand, state: CampaignState): CampaignEvent[] {
  switch (command.type) {
    case 'CreateCampaign':
      return createCampaign(command, state);
    case 'UpdateCampaign':
      return updateCampaign(command, state);
    case 'DeleteCampaign':
      return deleteCampaign(command, state);
    case 'AttachCampaignMedia':
      return attachCampaignMedia(command, state);
    case 'RemoveCampaignMedia':
      return removeCampaignMedia(command, state);
    case 'StartCampaign':
      return startCampaign(command, state);
    case 'RefuseCampaignStart':
      return refuseCampaignStart(command, state);
    case 'RecordMessageQueued':
      return recordMessageQueued(command, state);
    case 'RecordMessageFailed':
      return recordMessageFailed(command, state);
    case 'RecordMessageSent':
      return recordMessageSent(command, state);
    case 'RecordMessageSkipped':
      return recordMessageSkipped(command, state);
    case 'RecordShipments':
      return recordShipments(command, state);
    case 'CancelCampaign':
      return cancelCampaign(command, state);
    case 'RestartCampaign':
      return restartCampaign(command, state);
    case 'FinishCampaign':
      return finishCampaign(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
