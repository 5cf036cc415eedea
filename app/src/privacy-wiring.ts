import type { Client } from '@temporalio/client';
import type { Deps } from '@zelo/services/platform/command-handler';
import type { Pool } from '@zelo/services/platform/db';
import { contactBelongings } from '@zelo/services/privacy/erasure-collect';
import { deleteStoredMedia } from '@zelo/services/privacy/erasure-media';
import { recordContactErased } from '@zelo/services/privacy/erasure-record';
import type { ContactErasures } from '@zelo/services/privacy/erasure-starts';
import type { KeyVault } from '@zelo/services/privacy/key-vault';
import { companiesWithRetention, shredCompanyMessages } from '@zelo/services/privacy/retention-shred';
import { createContactErasureActivities } from '@zelo/workflows/privacy/erase-contact/activities';
import { contactErasureClient } from '@zelo/workflows/privacy/erase-contact/client';
import { createMessageRetentionActivities } from '@zelo/workflows/privacy/retention/activities';

// LGPD (issue 25): where the services' erasure and retention handlers meet their Temporal workflows.

/** The erasure's steps on the services' handlers; `caughtUp` resolves once every read model passed. */
export function contactErasureActivities(
  deps: Deps,
  pool: Pool,
  vault: KeyVault,
  mediaRoot: string,
  caughtUp: (position: string) => Promise<unknown>,
) {
  return createContactErasureActivities({
    collect: (companyId, contactId) => contactBelongings(deps, pool, companyId, contactId),
    destroyKeys: async (companyId, subjects) => {
      await vault.destroy(subjects, companyId);
    },
    recordErased: (companyId, contactId, userId) =>
      recordContactErased(deps, pool, companyId, contactId, userId),
    deleteMedia: async (companyId, contactId, urls) => {
      await deleteStoredMedia(pool, mediaRoot, companyId, urls, { contactId });
    },
    readModelsPassed: async (position) => {
      await caughtUp(position);
    },
  });
}

/** Retention's rounds on the services' handlers. */
export function messageRetentionActivities(deps: Deps, pool: Pool, vault: KeyVault, mediaRoot: string) {
  return createMessageRetentionActivities({
    companiesWithRetention: () => companiesWithRetention(pool),
    shredCompanyMessages: (companyId) => shredCompanyMessages(deps, pool, vault, mediaRoot, companyId),
  });
}

/** The API's port to start erasures, on a client opened on the first use. */
export function contactErasuresOn(connect: () => Promise<Client>, taskQueue: string): ContactErasures {
  return contactErasureClient(connect, taskQueue);
}
