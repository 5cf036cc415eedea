import { isPersonReply } from '@zelo/contracts/messaging/events';
import type { Projection, ProjectionEvent, ProjectionEventOf } from '../runner.ts';
import { type Held, type OpeningRow, ReportBatch } from './batch.ts';

// The reports' read model (issue 24), fed only by events: each opening of a ticket (its creation, each
// reopen), its first answer by a person, its close and rating, and each later customer wait a person
// answered. "A person's answer" is isPersonReply's, the one definition SLA clocks and the dashboard
// share: the chatbot, flows, prompts, campaigns, the API and automatic greetings never answer.
// Durations are business seconds on the company's hours as its events had set them at that moment.
// Group tickets are not reported; a campaign's carrier ticket (closed with reason campaign) neither.

/** The events this projection reads (and a person's answer); any other is not even looked at. */
const READS = new Set([
  'CompanySchedulesChanged',
  'TicketCreated',
  'TicketAccepted',
  'TicketReturned',
  'TicketTransferred',
  'TicketQueueAssigned',
  'TicketAutomationEnded',
  'TicketClosed',
  'TicketReopened',
  'TicketDeleted',
  'TicketRatingRequested',
  'TicketRated',
  'InboundMessageReceived',
  'PhoneMessageSent',
]);
const concerns = (e: ProjectionEvent) =>
  READS.has(e.type) || (e.type === 'OutboundMessageQueued' && isPersonReply(e));

/** The projection, counting business time in `timeZone` (the company's wall clock). */
export function reportsProjectionIn(timeZone: string): Projection {
  const projection: Projection = {
    name: 'reports',
    tables: ['report_company_hours', 'report_tickets', 'report_openings', 'report_responses'],
    async handleBatch(tx, events) {
      const relevant = events.filter(concerns);
      if (relevant.length === 0) return [];
      const batch = new ReportBatch(tx, timeZone);
      const ticketIds = new Set<string>();
      for (const e of relevant) if ('ticketId' in e.data && e.data.ticketId) ticketIds.add(e.data.ticketId);
      await batch.load([...ticketIds]);
      for (const e of relevant) await apply(batch, e);
      await batch.flush();
      return [];
    },
    async handle(tx, e) {
      return projection.handleBatch?.(tx, [e]);
    },
  };
  return projection;
}

/** The zone services/src/platform/time-zone.ts names (projections may not import services). */
export const reportsProjection = reportsProjectionIn(process.env.ZELO_TIME_ZONE ?? 'America/Sao_Paulo');

async function apply(batch: ReportBatch, e: ProjectionEvent): Promise<void> {
  if (e.type === 'CompanySchedulesChanged') return batch.setHours(e.data.companyId, e.data.schedules);
  if (e.type === 'TicketCreated') return created(batch, e);
  if (!('ticketId' in e.data) || !e.data.ticketId) return;
  const held = batch.get(e.data.ticketId);
  if (!held || held.ticket.deleted) return;
  const at = e.metadata.at;
  const { ticket } = held;
  switch (e.type) {
    case 'TicketAccepted':
      return place(batch, held, { userId: e.data.userId, queueId: e.data.queueId });
    case 'TicketReturned':
      return place(batch, held, { userId: null });
    case 'TicketTransferred':
      return place(batch, held, {
        userId: e.data.userId,
        queueId: e.data.queueId,
        whatsappId: e.data.whatsappId,
      });
    case 'TicketQueueAssigned':
      return place(batch, held, { queueId: e.data.queueId });
    case 'TicketAutomationEnded':
      if (e.data.queueId !== undefined) place(batch, held, { queueId: e.data.queueId });
      return;
    case 'TicketClosed':
      return closed(batch, held, e);
    case 'TicketReopened':
      if (ticket.open) return;
      Object.assign(ticket, {
        opening: ticket.opening + 1,
        open: true,
        waitingSince: null,
        userId: e.data.userId,
        queueId: e.data.queueId,
      });
      batch.open(ticket, newOpening(ticket, at, true));
      return;
    case 'TicketDeleted':
      return batch.markDeleted(held);
    case 'TicketRatingRequested':
      return changeOpening(batch, held, (o) => {
        o.ratingAskedAt ??= at;
        o.ratedUserId = e.data.userId ?? o.ratedUserId;
      });
    case 'TicketRated':
      return changeOpening(batch, held, (o) => {
        o.ratingAskedAt ??= at;
        o.rating = e.data.rate;
        o.ratedUserId = e.data.userId ?? o.ratedUserId;
      });
    case 'InboundMessageReceived':
      // The customer waits from their first message after a person's answer; later ones change nothing.
      if (!ticket.open || ticket.waitingSince !== null) return;
      ticket.waitingSince = at;
      return batch.touchTicket(held);
    case 'OutboundMessageQueued':
    case 'PhoneMessageSent':
      return answered(batch, held, e);
  }
}

function created(batch: ReportBatch, e: ProjectionEventOf<'TicketCreated'>) {
  const d = e.data;
  if (d.isGroup || batch.get(d.ticketId)) return;
  const ticket = {
    ticketId: d.ticketId,
    companyId: d.companyId,
    contactId: d.contactId,
    whatsappId: d.whatsappId,
    queueId: d.queueId,
    userId: d.userId,
    opening: 1,
    open: true,
    waitingSince: null,
    deleted: false,
  };
  batch.open(ticket, newOpening(ticket, e.metadata.at, false));
}

function newOpening(t: Held['ticket'], at: string, reopened: boolean): OpeningRow {
  return {
    ticketId: t.ticketId,
    opening: t.opening,
    companyId: t.companyId,
    contactId: t.contactId,
    whatsappId: t.whatsappId,
    queueId: t.queueId,
    userId: t.userId,
    openedAt: at,
    reopened,
    firstResponseAt: null,
    firstResponseSecs: null,
    firstResponseUserId: null,
    answeredByPerson: false,
    closedAt: null,
    closeReason: null,
    resolutionSecs: null,
    ratingAskedAt: null,
    ratedUserId: null,
    rating: null,
    deleted: false,
  };
}

type Placement = Partial<Pick<OpeningRow, 'userId' | 'queueId' | 'whatsappId'>>;

/** Where the ticket now sits; an open opening follows it (a closed one keeps where it closed). */
function place(batch: ReportBatch, held: Held, p: Placement) {
  Object.assign(held.ticket, p);
  batch.touchTicket(held);
  if (held.ticket.open) changeOpening(batch, held, (o) => Object.assign(o, p));
}

function changeOpening(batch: ReportBatch, held: Held, change: (o: OpeningRow) => void) {
  if (!held.opening) return;
  change(held.opening);
  batch.touchOpening(held);
}

async function closed(batch: ReportBatch, held: Held, e: ProjectionEventOf<'TicketClosed'>) {
  const { ticket, opening } = held;
  if (!ticket.open) return;
  Object.assign(ticket, { open: false, waitingSince: null, userId: e.data.userId ?? ticket.userId });
  batch.touchTicket(held);
  if (e.data.reason === 'campaign') return batch.drop(held);
  if (!opening) return;
  opening.closedAt = e.metadata.at;
  opening.closeReason = e.data.reason ?? 'resolved';
  opening.userId = ticket.userId;
  // Resolution time is measured only where a person answered; the others are the bot's share.
  opening.resolutionSecs = opening.answeredByPerson
    ? await batch.businessSecs(ticket.companyId, opening.openedAt, e.metadata.at)
    : null;
  batch.touchOpening(held);
}

/** A person's answer: the opening's first, or the end of the customer's wait since the last one. */
async function answered(
  batch: ReportBatch,
  held: Held,
  e: ProjectionEventOf<'OutboundMessageQueued' | 'PhoneMessageSent'>,
) {
  const { ticket, opening } = held;
  if (!ticket.open || !opening) return;
  const at = e.metadata.at;
  const userId = e.type === 'OutboundMessageQueued' ? e.data.userId : null;
  const first = opening.firstResponseAt === null;
  const since = first ? opening.openedAt : ticket.waitingSince;
  if (since !== null) {
    const secs = await batch.businessSecs(ticket.companyId, since, at);
    if (first)
      Object.assign(opening, { firstResponseAt: at, firstResponseSecs: secs, firstResponseUserId: userId });
    batch.addResponse({
      messageId: e.data.messageId,
      companyId: ticket.companyId,
      ticketId: ticket.ticketId,
      opening: opening.opening,
      kind: first ? 'first' : 'next',
      customerAt: since,
      answeredAt: at,
      secs,
      userId,
      queueId: ticket.queueId,
      whatsappId: ticket.whatsappId,
    });
  }
  if (first) {
    opening.answeredByPerson = true;
    batch.touchOpening(held);
  }
  if (ticket.waitingSince !== null) {
    ticket.waitingSince = null;
    batch.touchTicket(held);
  }
}
