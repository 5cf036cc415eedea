// A subject is whose personal data a key protects: destroying its key makes every field sealed under
// it unreadable, in every event that holds one (crypto-shredding, issue 25). Only ids appear here.

export const personalSubject = {
  contact: (contactId: string) => `contact:${contactId}`,
  ticket: (ticketId: string) => `ticket:${ticketId}`,
  listItem: (itemId: string) => `listitem:${itemId}`,
  recipient: (campaignId: string, index: number) => `recipient:${campaignId}:${index}`,
  /** A company's message contents of one UTC day (`yyyy-mm-dd`): what retention shreds. */
  messageDay: (companyId: string, isoDay: string) => `day:${companyId}:${isoDay}`,
};
