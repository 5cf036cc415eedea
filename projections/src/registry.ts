import { announcementsMigrations, announcementsProjection } from './announcements/announcements.ts';
import { ticketHistoryMigrations, ticketHistoryProjection } from './audit/ticket-history.ts';
import { invoicesMigrations, invoicesProjection } from './billing/invoices.ts';
import { campaignsMigrations, campaignsProjection } from './campaigns/campaigns.ts';
import { chatsMigrations, chatsProjection } from './chats/chats.ts';
import { connectionsMigrations, connectionsProjection } from './connections/whatsapps.ts';
import { contactListsMigrations, contactListsProjection } from './contact-lists/contact-lists.ts';
import { contactsMigrations, contactsProjection } from './contacts/contacts.ts';
import { contactExportsMigrations, contactExportsProjection } from './contacts/exports.ts';
import { retiredTicketStatsMigrations } from './dashboard/retired-ticket-stats.ts';
import { fileListsMigrations, fileListsProjection } from './file-lists/file-lists.ts';
import { flowsMigrations, flowsProjection } from './flows/flows.ts';
import { helpsMigrations, helpsProjection } from './helps/helps.ts';
import { outboundQueueMigrations, outboundQueueProjection } from './messaging/outbound-queue.ts';
import { projectionFaultsMigration } from './projection-faults.ts';
import { promptsMigrations, promptsProjection } from './prompts/prompts.ts';
import {
  queueIntegrationsMigrations,
  queueIntegrationsProjection,
} from './queue-integrations/queue-integrations.ts';
import { queueOptionsMigrations, queueOptionsProjection } from './queues/queue-options.ts';
import { queuesMigrations, queuesProjection } from './queues/queues.ts';
import { quickMessagesMigrations, quickMessagesProjection } from './quick-messages/quick-messages.ts';
import { reportsMigrations } from './reports/migrations.ts';
import { reportsProjection } from './reports/projection.ts';
import { checkpointMigration, type Projection } from './runner.ts';
import { schedulesMigrations, schedulesProjection } from './schedules/schedules.ts';
import { slaClocksMigrations } from './sla/migrations.ts';
import { slaClocksProjection } from './sla/sla-clocks.ts';
import { tagsMigrations, tagsProjection } from './tags/tags.ts';
import { tenancyMigrations, tenancyProjection } from './tenancy/companies.ts';
import { ticketNotesMigrations, ticketNotesProjection } from './ticket-notes/ticket-notes.ts';
import { conversationsMigrations, conversationsProjection } from './tickets/conversations.ts';
import { ticketSearchMigrations } from './tickets/search-indexes.ts';
import { usersMigrations, usersProjection } from './users/users.ts';

/** Every read model's migrations, in order. */
export const readModelMigrations = [
  checkpointMigration,
  projectionFaultsMigration,
  ...tenancyMigrations,
  ...usersMigrations,
  ...queuesMigrations,
  ...queueOptionsMigrations,
  ...connectionsMigrations,
  ...contactsMigrations,
  ...conversationsMigrations,
  ...ticketSearchMigrations,
  ...outboundQueueMigrations,
  ...ticketHistoryMigrations,
  ...schedulesMigrations,
  ...tagsMigrations,
  ...quickMessagesMigrations,
  ...ticketNotesMigrations,
  ...retiredTicketStatsMigrations,
  ...chatsMigrations,
  ...contactListsMigrations,
  ...fileListsMigrations,
  ...flowsMigrations,
  ...campaignsMigrations,
  ...invoicesMigrations,
  ...helpsMigrations,
  ...announcementsMigrations,
  ...promptsMigrations,
  ...queueIntegrationsMigrations,
  ...reportsMigrations,
  ...slaClocksMigrations,
  ...contactExportsMigrations,
];

/** Every projection the runner keeps up to date (reactors with side effects are registered by services). */
export function allProjections(): Projection[] {
  return [
    tenancyProjection,
    usersProjection,
    queuesProjection,
    queueOptionsProjection,
    connectionsProjection,
    contactsProjection,
    conversationsProjection,
    outboundQueueProjection,
    ticketHistoryProjection,
    schedulesProjection,
    tagsProjection,
    quickMessagesProjection,
    ticketNotesProjection,
    reportsProjection,
    chatsProjection,
    contactListsProjection,
    fileListsProjection,
    flowsProjection,
    campaignsProjection,
    invoicesProjection,
    helpsProjection,
    announcementsProjection,
    promptsProjection,
    queueIntegrationsProjection,
    slaClocksProjection,
    contactExportsProjection,
  ];
}
