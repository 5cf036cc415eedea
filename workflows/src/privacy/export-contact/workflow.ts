import { ActivityFailure, condition, defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';
import type { ContactExportActivities, ContactExportInput } from './activities.ts';

export type { ContactExportInput } from './activities.ts';

/** One workflow per export: the request's reactor finds it by name and never starts it twice. */
export const contactExportWorkflowId = (exportId: string) => `contact-export-${exportId}`;

/** The contact was erased: its export must not outlive its data. */
export const contactErasedSignal = defineSignal('contactErased');

const { buildContactExport, markContactExportReady, failContactExport, expireContactExport } =
  proxyActivities<ContactExportActivities>({
    startToCloseTimeout: '10 minutes',
    retry: {
      initialInterval: '1 second',
      backoffCoefficient: 2,
      maximumInterval: '1 minute',
      maximumAttempts: 3,
    },
  });

/**
 * LGPD (issue 25): builds the archive of a contact's data, records it ready, then waits (a durable
 * timer) for its expiry and deletes it unless downloaded. An erasure on the way expires it at once.
 */
export async function contactExportWorkflow(input: ContactExportInput): Promise<void> {
  let erased = false;
  setHandler(contactErasedSignal, () => {
    erased = true;
  });
  let built: Awaited<ReturnType<typeof buildContactExport>>;
  try {
    built = await buildContactExport(input);
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    // The reason is read by the requester: no personal data, only what went wrong.
    await failContactExport(input, 'the archive could not be built');
    return;
  }
  if (!erased && !built.erased) {
    await markContactExportReady(input, built.bytes);
    await condition(() => erased, input.ttlMs);
  }
  await expireContactExport(input);
}
