import type * as v from 'valibot';
import { AnnouncementEvent } from './announcements/events.ts';
import { InvoiceEvent } from './billing/events.ts';
import { CampaignEvent, CampaignSettingsEvent } from './campaigns/events.ts';
import { ChatEvent } from './chats/events.ts';
import { ConnectionEvent } from './connections/events.ts';
import { ContactListEvent } from './contact-lists/events.ts';
import { ContactEvent, ContactNumberEvent } from './contacts/events.ts';
import { ContactExportEvent } from './contacts/export-events.ts';
import { FileListEvent } from './file-lists/events.ts';
import { FlowCampaignEvent, FlowEvent } from './flows/events.ts';
import { HelpEvent } from './helps/events.ts';
import { MessageEvent } from './messaging/events.ts';
import { PromptEvent } from './prompts/events.ts';
import { QueueIntegrationEvent, WebhookDeliveryEvent } from './queue-integrations/events.ts';
import { QueueEvent } from './queues/events.ts';
import { QueueOptionEvent } from './queues/option-events.ts';
import { QuickMessageEvent } from './quick-messages/events.ts';
import { ScheduleEvent } from './schedules/events.ts';
import { SlaPolicyEvent } from './sla/events.ts';
import { TagEvent, TicketTagsEvent } from './tags/events.ts';
import { TenancyEvent } from './tenancy/events.ts';
import { TicketNoteEvent } from './ticket-notes/events.ts';
import { ConversationEvent, TicketEvent } from './tickets/events.ts';
import { UserEmailEvent, UserEvent } from './users/events.ts';
import { UserSeatEvent } from './users/seat-events.ts';

/**
 * Every context's event union, the one list: the registry that validates events when written and
 * `AnyEvent` that types every reader both come from it, so a union left out of it is neither
 * writable nor readable. A new context adds its union here.
 */
export const eventUnions = [
  TenancyEvent,
  UserEvent,
  UserEmailEvent,
  UserSeatEvent,
  QueueEvent,
  QueueOptionEvent,
  ConnectionEvent,
  ContactEvent,
  ContactNumberEvent,
  ContactExportEvent,
  ConversationEvent,
  TicketEvent,
  TicketNoteEvent,
  TagEvent,
  TicketTagsEvent,
  MessageEvent,
  QuickMessageEvent,
  ScheduleEvent,
  ChatEvent,
  CampaignEvent,
  CampaignSettingsEvent,
  ContactListEvent,
  FileListEvent,
  FlowEvent,
  FlowCampaignEvent,
  HelpEvent,
  AnnouncementEvent,
  InvoiceEvent,
  PromptEvent,
  QueueIntegrationEvent,
  WebhookDeliveryEvent,
  SlaPolicyEvent,
] as const;

/** Every event of every context, discriminated on `type`. */
export type AnyEvent = v.InferOutput<(typeof eventUnions)[number]>;
export type EventType = AnyEvent['type'];
/** The one event of that type: `EventOfType<'TicketTransferred'>['data']`. */
export type EventOfType<T extends EventType> = Extract<AnyEvent, { type: T }>;

const registry = new Map<string, v.GenericSchema>();
for (const union of eventUnions) {
  for (const option of union.options) {
    const type = option.entries.type.literal;
    if (registry.has(type)) throw new Error(`event type ${type} registered twice`);
    registry.set(type, option);
  }
}

export function eventSchema(type: string): v.GenericSchema | undefined {
  return registry.get(type);
}
