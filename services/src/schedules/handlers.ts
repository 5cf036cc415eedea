import { DomainError } from '@zelo/contracts/errors';
import type { ScheduleRequest } from '@zelo/contracts/schedules/api';
import type { ScheduledSend } from '@zelo/contracts/schedules/commands';
import { loadConnections } from '../connections/handlers.ts';
import { loadContact } from '../contacts/handlers.ts';
import { queueOutboundMessage } from '../messaging/handlers.ts';
import { type Actor, commandHandler, type Deps, load } from '../platform/command-handler.ts';
import { idFromName } from '../platform/ids.ts';
import { loadTicket, ticketForInbound } from '../tickets/handlers.ts';
import {
  decideSchedule,
  evolveSchedule,
  initialScheduleState,
  type ScheduleCommand,
  type ScheduleMedia,
  type ScheduleState,
  scheduleStreamId,
} from './domain/schedule.ts';

const aggregate = { initialState: initialScheduleState, evolve: evolveSchedule };

const handleScheduleCommand = commandHandler(aggregate, scheduleStreamId, decideSchedule);

/** Every schedule command names its schedule, and so its stream. */
export const runScheduleCommand = (deps: Deps, command: ScheduleCommand, who: Actor) =>
  handleScheduleCommand(deps, command.scheduleId, command, who);

export async function loadSchedule(deps: Deps, scheduleId: string): Promise<ScheduleState> {
  return (await load(deps.store, scheduleStreamId(scheduleId), aggregate)).state;
}

/** The one message a schedule sends: a retried send names the same message, so it is queued once. */
export const scheduledMessageId = (scheduleId: string) => idFromName('schedule-message', scheduleId);

/** What a schedule points at must be the company's own: the contact, and the ticket or connection if named. */
async function assertReferences(deps: Deps, companyId: string, r: ScheduleRequest) {
  const contact = await loadContact(deps, r.contactId);
  if (contact.kind === 'none' || contact.deleted || contact.companyId !== companyId) {
    throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
  }
  if (r.ticketId) {
    const ticket = await loadTicket(deps, r.ticketId);
    if (ticket.kind === 'none' || ticket.deleted || ticket.companyId !== companyId) {
      throw new DomainError('ERR_NO_TICKET_FOUND', 'ticket not found');
    }
  }
  if (r.whatsappId && !(await loadConnections(deps, companyId)).connections[r.whatsappId]) {
    throw new DomainError('ERR_NO_WAPP_FOUND', 'connection not found');
  }
}

export async function createSchedule(
  deps: Deps,
  scheduleId: string,
  request: ScheduleRequest,
  who: Actor & { companyId: string; actor: string },
) {
  await assertReferences(deps, who.companyId, request);
  const schedule = { ...request, userId: who.actor };
  return runScheduleCommand(
    deps,
    { type: 'CreateSchedule', scheduleId, companyId: who.companyId, schedule },
    who,
  );
}

/** Editing keeps the author; it moves the timer through the ScheduleUpdated event. */
export async function updateSchedule(
  deps: Deps,
  scheduleId: string,
  request: ScheduleRequest,
  who: Actor & { companyId: string },
) {
  const current = await loadSchedule(deps, scheduleId);
  if (current.kind !== 'exists' || current.companyId !== who.companyId)
    throw new DomainError('ERR_NO_SCHEDULE_FOUND', 'schedule not found');
  await assertReferences(deps, who.companyId, request);
  const schedule = { ...request, userId: current.fields.userId };
  return runScheduleCommand(
    deps,
    { type: 'UpdateSchedule', scheduleId, companyId: who.companyId, schedule },
    who,
  );
}

export const deleteSchedule = (deps: Deps, scheduleId: string, who: Actor & { companyId: string }) =>
  runScheduleCommand(deps, { type: 'DeleteSchedule', scheduleId, companyId: who.companyId }, who);

/** The dialog's image (doc 2 §2.8), stored already; a second one replaces it. */
export const attachScheduleMedia = (
  deps: Deps,
  scheduleId: string,
  media: ScheduleMedia,
  who: Actor & { companyId: string },
) =>
  runScheduleCommand(deps, { type: 'AttachScheduleMedia', scheduleId, companyId: who.companyId, media }, who);

export const removeScheduleMedia = (deps: Deps, scheduleId: string, who: Actor & { companyId: string }) =>
  runScheduleCommand(deps, { type: 'RemoveScheduleMedia', scheduleId, companyId: who.companyId }, who);

/**
 * The messaging side of a schedule (the activities' `sendMessage`): queue the body (and its image) on
 * the schedule's ticket, else on the contact's active ticket of the chosen connection or the company's default one
 * (opened pending when there is none). The stable messageId makes a retried send queue nothing new.
 * Refusals are DomainErrors, which the activity records as the schedule's ERRO reason.
 */
export function scheduledMessageSender(deps: Deps) {
  return async (send: ScheduledSend): Promise<{ messageId: string }> => {
    const { companyId } = send;
    const who: Actor = { companyId, actor: 'system:schedules' };
    let ticketId: string | null = null;
    if (send.ticketId) {
      const ticket = await loadTicket(deps, send.ticketId);
      // A ticket deleted since: the contact is still reachable through a connection.
      if (ticket.kind === 'exists' && !ticket.deleted && ticket.companyId === companyId)
        ticketId = ticket.ticketId;
    }
    if (!ticketId) {
      const contact = await loadContact(deps, send.contactId);
      if (contact.kind === 'none' || contact.deleted || contact.companyId !== companyId) {
        throw new DomainError('ERR_NO_CONTACT_FOUND', 'the contact no longer exists');
      }
      const { connections } = await loadConnections(deps, companyId);
      const chosen =
        (send.whatsappId && connections[send.whatsappId]?.whatsappId) ||
        Object.values(connections).find((c) => c.isDefault)?.whatsappId;
      if (!chosen) throw new DomainError('ERR_NO_DEF_WAPP_FOUND', 'the company has no default connection');
      ({ ticketId } = await ticketForInbound(
        deps,
        { companyId, whatsappId: chosen, contactId: contact.contactId, isGroup: contact.isGroup },
        who,
      ));
    }
    // With an image, one image message whose caption is the body (as the composer sends a quick
    // answer's attachment): one message id, so a retry still queues nothing new.
    const media = send.media ? { mediaType: 'image' as const, mediaUrl: send.media.mediaPath } : {};
    const queued = await queueOutboundMessage(
      deps,
      {
        companyId,
        ticketId,
        userId: send.userId,
        body: send.body,
        messageId: send.messageId,
        automatic: true,
        ...media,
      },
      who,
    );
    return { messageId: queued.messageId };
  };
}
