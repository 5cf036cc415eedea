import type { CampaignRequest } from '@zelo/contracts/campaigns/api';
import type { CampaignFields, CampaignSettingsFields } from '@zelo/contracts/campaigns/events';
import { DomainError } from '@zelo/contracts/errors';
import { loadConnections } from '../connections/handlers.ts';
import { contactListStreamId } from '../contact-lists/domain/contact-list.ts';
import type { EventStore } from '../event-store/port.ts';
import { fileListStreamId } from '../file-lists/domain/file-list.ts';
import { type Actor, commandHandler, type Deps, load, loadSince } from '../platform/command-handler.ts';
import {
  assertExists as assertTagExists,
  evolveTags,
  initialTagsState,
  tagsStreamId,
} from '../tags/domain/tags.ts';
import {
  type CampaignCommand,
  type CampaignState,
  campaignStreamId,
  decideCampaign,
  evolveCampaign,
  initialCampaignState,
} from './domain/campaign.ts';
import {
  campaignSettingsStreamId,
  decideCampaignSettings,
  evolveCampaignSettings,
  initialCampaignSettingsState,
} from './domain/settings.ts';

export { campaignStreamId };

const aggregate = { initialState: initialCampaignState, evolve: evolveCampaign };
const settingsAggregate = { initialState: initialCampaignSettingsState, evolve: evolveCampaignSettings };

const handleCampaignCommand = commandHandler(aggregate, campaignStreamId, decideCampaign);
const handleSettingsCommand = commandHandler(
  settingsAggregate,
  campaignSettingsStreamId,
  decideCampaignSettings,
);

type KeptCampaign = { state: CampaignState; revision: number };

/**
 * The campaigns this process folded last, per event store. A run appends a shipment per recipient to
 * its campaign's stream, and each send reads the campaign: folded from the start every time, a run
 * would cost the square of its size (the recipients' snapshot included). Only the tail after the kept
 * revision is read instead; the append's expected revision still decides, so a state kept while other
 * processes wrote only means a longer tail. Each caller gets its own copy (evolve grows the shipments
 * map in place).
 */
const keptByStore = new WeakMap<EventStore, Map<string, KeptCampaign>>();
const KEPT_CAMPAIGNS = 200;

const copyOf = (s: CampaignState): CampaignState =>
  s.kind === 'exists' ? { ...s, shipments: new Map(s.shipments) } : s;

function keep(store: EventStore, campaignId: string, { state, revision }: KeptCampaign) {
  const kept = keptByStore.get(store) ?? new Map<string, KeptCampaign>();
  keptByStore.set(store, kept);
  if ((kept.get(campaignId)?.revision ?? -1) > revision) return;
  kept.delete(campaignId);
  kept.set(campaignId, { state: copyOf(state), revision });
  // The least recently kept goes first (a Map iterates in insertion order).
  if (kept.size > KEPT_CAMPAIGNS) kept.delete(kept.keys().next().value as string);
}

async function loadCampaignState(deps: Deps, campaignId: string): Promise<KeptCampaign> {
  const streamId = campaignStreamId(campaignId);
  const hit = keptByStore.get(deps.store)?.get(campaignId);
  const loaded = hit
    ? await loadSince(deps.store, streamId, aggregate, { state: copyOf(hit.state), revision: hit.revision })
    : await load(deps.store, streamId, aggregate);
  keep(deps.store, campaignId, loaded);
  return loaded;
}

/** Every campaign command names its campaign, and so its stream. */
export async function runCampaignCommand(deps: Deps, command: CampaignCommand, who: Actor) {
  const handled = await handleCampaignCommand(deps, command.campaignId, command, who, {
    load: () => loadCampaignState(deps, command.campaignId),
  });
  if (handled.appended.length) keep(deps.store, command.campaignId, handled);
  return handled;
}

export async function loadCampaign(deps: Deps, campaignId: string): Promise<CampaignState> {
  return (await loadCampaignState(deps, campaignId)).state;
}

/** The company's settings, the defaults (doc 2 §9) while it never saved any. */
export async function loadCampaignSettings(deps: Deps, companyId: string): Promise<CampaignSettingsFields> {
  return (await load(deps.store, campaignSettingsStreamId(companyId), settingsAggregate)).state.settings;
}

/** Merges `settings` over the current ones (keys left out keep their value). */
export const changeCampaignSettings = (
  deps: Deps,
  companyId: string,
  settings: Partial<CampaignSettingsFields>,
  who: Actor,
) => handleSettingsCommand(deps, companyId, { type: 'ChangeCampaignSettings', companyId, settings }, who);

type Who = Actor & { companyId: string; actor: string };

/**
 * Whether stream `streamId` is a list of `companyId` that was not deleted: its first event is the
 * creation naming the company, and no deletion followed (contact lists and file lists alike).
 */
async function ownList(deps: Deps, streamId: string, created: string, deleted: string, companyId: string) {
  const { events } = await deps.store.readStream(streamId);
  const [first] = events;
  return (
    first?.type === created &&
    (first.data as { companyId?: string }).companyId === companyId &&
    !events.some((e) => e.type === deleted)
  );
}

/**
 * What a campaign points at must be the company's own. A reference kept from before is checked again
 * only when the campaign is being scheduled (it must still be there to run); a draft or a cancelled
 * campaign may keep one deleted since.
 */
async function assertReferences(
  deps: Deps,
  companyId: string,
  f: CampaignFields,
  before: Extract<CampaignState, { kind: 'exists' }> | null,
) {
  const scheduling = f.scheduledAt !== null && before?.status !== 'CANCELADA';
  const check = (k: keyof CampaignFields) =>
    f[k] !== null && (scheduling || before === null || f[k] !== before.fields[k]);
  if (
    check('whatsappId') &&
    f.whatsappId &&
    !(await loadConnections(deps, companyId)).connections[f.whatsappId]
  ) {
    throw new DomainError('ERR_NO_WAPP_FOUND', 'connection not found');
  }
  if (
    check('contactListId') &&
    f.contactListId &&
    !(await ownList(
      deps,
      contactListStreamId(f.contactListId),
      'ContactListCreated',
      'ContactListDeleted',
      companyId,
    ))
  ) {
    throw new DomainError('ERR_NO_CONTACT_LIST_FOUND', 'contact list not found');
  }
  if (check('tagListId') && f.tagListId) {
    const { state } = await load(deps.store, tagsStreamId(companyId), {
      initialState: initialTagsState,
      evolve: evolveTags,
    });
    assertTagExists(state, f.tagListId);
  }
  if (
    check('fileListId') &&
    f.fileListId &&
    !(await ownList(deps, fileListStreamId(f.fileListId), 'FileListCreated', 'FileListDeleted', companyId))
  ) {
    throw new DomainError('ERR_NO_FILE_LIST_FOUND', 'file list not found');
  }
}

/**
 * Decides `command` against the current state first, so a rule of the campaign (not found, not
 * editable, nothing to send...) answers before the references are looked up; then checks the
 * references and runs it for real (re-deciding against the fresh state).
 */
async function save(deps: Deps, command: Extract<CampaignCommand, { fields: CampaignFields }>, who: Who) {
  const state = await loadCampaign(deps, command.campaignId);
  decideCampaign(command, state);
  await assertReferences(deps, who.companyId, command.fields, state.kind === 'exists' ? state : null);
  return runCampaignCommand(deps, command, who);
}

const now = (deps: Deps) => deps.clock.now().toISOString();

export const createCampaign = (deps: Deps, campaignId: string, request: CampaignRequest, who: Who) =>
  save(
    deps,
    {
      type: 'CreateCampaign',
      campaignId,
      companyId: who.companyId,
      userId: who.actor,
      fields: request,
      now: now(deps),
    },
    who,
  );

export const updateCampaign = (deps: Deps, campaignId: string, request: CampaignRequest, who: Who) =>
  save(
    deps,
    {
      type: 'UpdateCampaign',
      campaignId,
      companyId: who.companyId,
      fields: request,
      now: now(deps),
    },
    who,
  );

export const deleteCampaign = (deps: Deps, campaignId: string, who: Who) =>
  runCampaignCommand(deps, { type: 'DeleteCampaign', campaignId, companyId: who.companyId }, who);

export const cancelCampaign = (deps: Deps, campaignId: string, who: Who) =>
  runCampaignCommand(
    deps,
    { type: 'CancelCampaign', campaignId, companyId: who.companyId, cancelledAt: now(deps) },
    who,
  );

export const restartCampaign = (deps: Deps, campaignId: string, who: Who) =>
  runCampaignCommand(
    deps,
    { type: 'RestartCampaign', campaignId, companyId: who.companyId, restartedAt: now(deps) },
    who,
  );

export const attachCampaignMedia = (
  deps: Deps,
  campaignId: string,
  media: { mediaPath: string; mediaName: string },
  who: Who,
) =>
  runCampaignCommand(
    deps,
    { type: 'AttachCampaignMedia', campaignId, companyId: who.companyId, ...media, now: now(deps) },
    who,
  );

export const removeCampaignMedia = (deps: Deps, campaignId: string, who: Who) =>
  runCampaignCommand(
    deps,
    { type: 'RemoveCampaignMedia', campaignId, companyId: who.companyId, now: now(deps) },
    who,
  );

/**
 * Before a file is stored for it: the campaign is the caller's company's and its attachment may change
 * now (a refused upload stores nothing).
 */
export async function assertMediaChangeable(deps: Deps, campaignId: string, companyId: string) {
  const state = await loadCampaign(deps, campaignId);
  decideCampaign(
    { type: 'AttachCampaignMedia', campaignId, companyId, mediaPath: '', mediaName: '', now: now(deps) },
    state,
  );
}
