import type * as v from 'valibot';
import { ConnectionEvent } from './connections/events.ts';
import { ContactEvent, ContactNumberEvent } from './contacts/events.ts';
import { MessageEvent } from './messaging/events.ts';
import { QueueEvent } from './queues/events.ts';
import { QueueOptionEvent } from './queues/option-events.ts';
import { QuickMessageEvent } from './quick-messages/events.ts';
import { ScheduleEvent } from './schedules/events.ts';
import { TagEvent, TicketTagsEvent } from './tags/events.ts';
import { TenancyEvent } from './tenancy/events.ts';
import { TicketNoteEvent } from './ticket-notes/events.ts';
import { ConversationEvent, TicketEvent } from './tickets/events.ts';
import { UserEmailEvent, UserEvent } from './users/events.ts';

/** Every event of every context: validated when written and when read. */
export const schemasByContext = [
  TenancyEvent,
  UserEvent,
  UserEmailEvent,
  QueueEvent,
  ConnectionEvent,
  ContactEvent,
  ContactNumberEvent,
  ConversationEvent,
  TicketEvent,
  MessageEvent,
];

const registry = new Map<string, v.GenericSchema>();

/** Contexts added later (schedules, campaigns, flows) register their union here. */
export function registerEvents(union: v.VariantSchema<'type', v.ObjectSchema<any, any>[], any>): void {
  for (const option of union.options) {
    const type = (option.entries.type as v.LiteralSchema<string, undefined>).literal;
    if (registry.has(type)) throw new Error(`event type ${type} registered twice`);
    registry.set(type, option);
  }
}
for (const union of schemasByContext) registerEvents(union as never);

export function eventSchema(type: string): v.GenericSchema | undefined {
  return registry.get(type);
}

export type AnyEvent =
  | TenancyEvent
  | UserEvent
  | v.InferOutput<typeof UserEmailEvent>
  | QueueEvent
  | ConnectionEvent
  | ContactEvent
  | v.InferOutput<typeof ContactNumberEvent>
  | ConversationEvent
  | TicketEvent
  | MessageEvent;

registerEvents(ScheduleEvent as never);
registerEvents(TagEvent as never);
registerEvents(TicketTagsEvent as never);
registerEvents(QuickMessageEvent as never);
registerEvents(QueueOptionEvent as never);
registerEvents(TicketNoteEvent as never);
