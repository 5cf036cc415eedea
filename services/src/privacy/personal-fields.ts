import type { EventMetadata } from '../event-store/port.ts';
import { personalSubject } from './subjects.ts';

// The one inventory of personal data inside events (issue 25): per event type, which data fields are
// personal, under whose key they are sealed, and what they read as once that key is gone. Ids,
// timestamps, types and counts stay in clear, so reports and counts survive an erasure unchanged.
// A new event that carries a name, a number, an e-mail or a customer's text adds its line here
// (personal-fields.unit.spec.ts checks every redaction against the event's schema).

/** What a name or a text reads as once its contact (or ticket, list item, recipient) was erased. */
export const ERASED_TEXT = 'Contato removido';
/** What a message's content reads as once retention shredded its day. */
export const SHREDDED_TEXT = 'Mensagem removida';

/**
 * How a field reads once unreadable: `text` a fixed text, `blank` '' (numbers, e-mails, urls), `null`
 * (nullable urls), `empty` [] (lists), `json` '{}' (a JSON body the webhook sender posts as is).
 */
export type Redaction = 'text' | 'blank' | 'null' | 'empty' | 'json';

type Data = Record<string, unknown>;

export interface FieldGroup {
  /** The subject whose key seals these fields. */
  subject: (data: Data, metadata: EventMetadata) => string;
  fields: Record<string, Redaction>;
  /**
   * A message's content: sealed a second time, outside, under its company's key of the event's day,
   * which retention destroys (messageRetentionDays).
   */
  content?: true;
}

/** An array whose every item is a different person's (a campaign's recipients), each under its own key. */
export interface ItemGroup {
  field: string;
  subject: (data: Data, index: number) => string;
  redacted: unknown;
}

export interface PersonalFields {
  groups: FieldGroup[];
  items?: ItemGroup;
}

const contact = (d: Data) => personalSubject.contact(d.contactId as string);
const ticket = (d: Data) => personalSubject.ticket(d.ticketId as string);
const listItem = (d: Data) => personalSubject.listItem(d.itemId as string);
const recipient = (d: Data) => personalSubject.recipient(d.campaignId as string, d.index as number);
/** The day is the event's (the handler's clock, in UTC): what retention counts from. */
export const contentDay = (d: Data, m: EventMetadata) =>
  personalSubject.messageDay(
    (d.companyId as string | undefined) ?? (m.companyId as string),
    m.at.slice(0, 10),
  );

const contactFields: PersonalFields = {
  groups: [
    {
      subject: contact,
      fields: { name: 'text', number: 'blank', email: 'blank', profilePicUrl: 'blank', extraInfo: 'empty' },
    },
  ],
};
const claimedNumber: PersonalFields = { groups: [{ subject: contact, fields: { number: 'blank' } }] };
const messageContent: FieldGroup = {
  subject: contact,
  fields: { body: 'text', mediaUrl: 'null' },
  content: true,
};
const ticketText = (field: string, redaction: Redaction): PersonalFields => ({
  groups: [{ subject: ticket, fields: { [field]: redaction } }],
});
const listItemFields: PersonalFields = {
  groups: [{ subject: listItem, fields: { name: 'text', number: 'blank', email: 'blank' } }],
};
const recipientNumber: PersonalFields = { groups: [{ subject: recipient, fields: { number: 'blank' } }] };

export const personalFields: Record<string, PersonalFields> = {
  ContactCreated: contactFields,
  ContactUpdated: contactFields,
  ContactNumberClaimed: claimedNumber,
  ContactNumberReleased: claimedNumber,
  InboundMessageReceived: {
    groups: [{ subject: contact, fields: { senderName: 'text' } }, messageContent],
  },
  OutboundMessageQueued: { groups: [messageContent] },
  PhoneMessageSent: { groups: [messageContent] },
  MessageEdited: {
    groups: [{ subject: contact, fields: { body: 'text', previousBody: 'text' }, content: true }],
  },
  TicketNoteAdded: { groups: [{ subject: contact, fields: { note: 'text' } }] },
  ScheduleCreated: { groups: [{ subject: contact, fields: { body: 'text' } }] },
  ScheduleUpdated: { groups: [{ subject: contact, fields: { body: 'text' } }] },
  // Ticket-stream events that name no contact: under the ticket, which an erasure destroys with it.
  TicketBotStepped: ticketText('replies', 'empty'),
  TicketAutomationReplied: ticketText('replies', 'empty'),
  TicketVariableSet: ticketText('value', 'text'),
  TicketRatingRequested: ticketText('message', 'text'),
  TicketRatingReasked: ticketText('message', 'text'),
  WebhookDeliveryRequested: ticketText('payload', 'json'),
  CampaignStarted: {
    groups: [],
    items: {
      field: 'recipients',
      subject: (d, i) => personalSubject.recipient(d.campaignId as string, i),
      redacted: { number: '', name: ERASED_TEXT, email: '' },
    },
  },
  CampaignMessageQueued: recipientNumber,
  CampaignMessageFailed: recipientNumber,
  ContactListItemAdded: listItemFields,
  ContactListItemUpdated: listItemFields,
  ContactListItemValidated: { groups: [{ subject: listItem, fields: { number: 'blank' } }] },
};

/** The value a field reads as when unreadable; `shredded`: its content's day was destroyed, not its person. */
export function redactedValue(redaction: Redaction, shredded = false): unknown {
  switch (redaction) {
    case 'text':
      return shredded ? SHREDDED_TEXT : ERASED_TEXT;
    case 'blank':
      return '';
    case 'null':
      return null;
    case 'empty':
      return [];
    case 'json':
      return '{}';
  }
}
