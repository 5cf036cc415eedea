import type { ContactView } from '@zelo/contracts/contacts/read-models';

/** What the schedule dialog picks a contact from: a schedule's contact or a contact GET /contacts found. */
export type ContactOption = Pick<ContactView, 'id' | 'name' | 'number'>;
