import * as v from 'valibot';
import { event, Id } from '../common.ts';

// One stream per contact list, `contactlist-<listId>`: the list and its items, so that "a number once
// per list" is decided by the stream. The campaigns read this stream to know a list exists.

const ListRef = { contactListId: Id, companyId: Id };
const ItemFields = {
  itemId: Id,
  name: v.string(),
  /** Digits only, as WhatsApp ids use them. */
  number: v.string(),
  /** '' when the row had none. */
  email: v.string(),
};

export const ContactListCreated = event('ContactListCreated', { ...ListRef, name: v.string() });
export type ContactListCreated = v.InferOutput<typeof ContactListCreated>;
export const ContactListUpdated = event('ContactListUpdated', { ...ListRef, name: v.string() });
export type ContactListUpdated = v.InferOutput<typeof ContactListUpdated>;
export const ContactListDeleted = event('ContactListDeleted', ListRef);
export type ContactListDeleted = v.InferOutput<typeof ContactListDeleted>;

export const ContactListItemAdded = event('ContactListItemAdded', { ...ListRef, ...ItemFields });
export type ContactListItemAdded = v.InferOutput<typeof ContactListItemAdded>;
export const ContactListItemUpdated = event('ContactListItemUpdated', { ...ListRef, ...ItemFields });
export type ContactListItemUpdated = v.InferOutput<typeof ContactListItemUpdated>;
export const ContactListItemRemoved = event('ContactListItemRemoved', { ...ListRef, itemId: Id });
export type ContactListItemRemoved = v.InferOutput<typeof ContactListItemRemoved>;

/** WhatsApp said whether this number (the item's number when asked) has an account. */
export const ContactListItemValidated = event('ContactListItemValidated', {
  ...ListRef,
  itemId: Id,
  number: v.string(),
  isWhatsappValid: v.boolean(),
});
export type ContactListItemValidated = v.InferOutput<typeof ContactListItemValidated>;

export const ContactListEvent = v.variant('type', [
  ContactListCreated,
  ContactListUpdated,
  ContactListDeleted,
  ContactListItemAdded,
  ContactListItemUpdated,
  ContactListItemRemoved,
  ContactListItemValidated,
]);
export type ContactListEvent = v.InferOutput<typeof ContactListEvent>;
