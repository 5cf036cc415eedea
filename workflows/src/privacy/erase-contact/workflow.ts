import { proxyActivities } from '@temporalio/workflow';
import type { ContactErasureActivities } from './activities.ts';

/** One erasure per contact: a second request finds it by name and starts nothing. */
export const contactErasureWorkflowId = (contactId: string) => `erase-contact-${contactId}`;

export interface ContactErasureInput {
  companyId: string;
  contactId: string;
  /** The admin who asked (recorded on ContactErased). */
  userId: string | null;
}

// Every step is idempotent and retried until it succeeds: an erasure that was asked for must finish.
const acts = proxyActivities<ContactErasureActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/**
 * LGPD art. 18 (issue 25): the keys first, so that from the first step on the contact's events read
 * back redacted (and what is written for it later is redacted as written); then the fact (ContactErased,
 * with the number released so that the number's next message starts a new contact), a second look for
 * what arrived meanwhile, the files, and a wait until the read models have scrubbed their rows. A crash
 * in between resumes at the step it stopped at.
 */
export async function contactErasureWorkflow({ companyId, contactId, userId }: ContactErasureInput) {
  const found = await acts.collectContactBelongings(companyId, contactId);
  await acts.destroyContactKeys(companyId, found.subjects);
  const position = await acts.recordContactErased(companyId, contactId, userId);
  // What the contact's messages brought while the keys went (a new ticket, a picture), read again now
  // that the number no longer leads to this contact.
  const late = await acts.collectContactBelongings(companyId, contactId);
  const lateSubjects = late.subjects.filter((s) => !found.subjects.includes(s));
  if (lateSubjects.length > 0) await acts.destroyContactKeys(companyId, lateSubjects);
  const files = [...new Set([...found.mediaUrls, ...late.mediaUrls])];
  await acts.deleteContactMedia(companyId, contactId, files);
  if (position) await acts.awaitErasureProjected(position);
  return { contactId, subjects: found.subjects.length + lateSubjects.length, files: files.length };
}
