import type { ContactExportEvent } from '@zelo/contracts/contacts/export-events';
import { DomainError } from '@zelo/contracts/errors';
import { type Actor, type Deps, handle, load } from '../platform/command-handler.ts';
import { newId } from '../platform/ids.ts';
import {
  type ContactExportCommand,
  type ContactExportState,
  contactExportStreamId,
  decideContactExport,
  evolveContactExport,
  initialContactExportState,
} from './export-domain.ts';
import { loadContact } from './handlers.ts';

export const contactExportAggregate = {
  initialState: initialContactExportState,
  evolve: evolveContactExport,
};

/** How long a ready archive may be downloaded (LGPD issue 25: 24 hours). */
export const EXPORT_TTL_MS = 24 * 3600 * 1000;

const runExportCommand = (deps: Deps, exportId: string, command: ContactExportCommand, who: Actor) =>
  handle<ContactExportState, ContactExportEvent>(
    deps,
    contactExportStreamId(exportId),
    contactExportAggregate,
    (s) => decideContactExport(command, s),
    who,
  );

/** An admin asks for a contact's data: the contact must be the company's and not deleted nor erased. */
export async function requestContactExport(deps: Deps, companyId: string, contactId: string, who: Actor) {
  const contact = await loadContact(deps, contactId);
  if (contact.kind === 'none' || contact.deleted || contact.erased || contact.companyId !== companyId)
    throw new DomainError('ERR_NO_CONTACT_FOUND', 'contact not found');
  const exportId = newId();
  const at = deps.clock.now().toISOString();
  const r = await runExportCommand(
    deps,
    exportId,
    { type: 'RequestContactExport', exportId, contactId, companyId, userId: who.actor, at },
    who,
  );
  return { exportId, position: r.position };
}

export const loadContactExport = async (deps: Deps, exportId: string) =>
  load(deps.store, contactExportStreamId(exportId), contactExportAggregate);

const system = (companyId: string): Actor => ({ companyId, actor: 'system:contact-export' });

export async function markContactExportReady(
  deps: Deps,
  companyId: string,
  exportId: string,
  bytes: number,
  ttlMs: number,
) {
  const now = deps.clock.now();
  return runExportCommand(
    deps,
    exportId,
    {
      type: 'MarkContactExportReady',
      at: now.toISOString(),
      expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
      bytes,
    },
    system(companyId),
  );
}

export const failContactExport = (deps: Deps, companyId: string, exportId: string, reason: string) =>
  runExportCommand(
    deps,
    exportId,
    { type: 'FailContactExport', reason, at: deps.clock.now().toISOString() },
    system(companyId),
  );

export const expireContactExport = (deps: Deps, companyId: string, exportId: string) =>
  runExportCommand(
    deps,
    exportId,
    { type: 'ExpireContactExport', at: deps.clock.now().toISOString() },
    system(companyId),
  );

/**
 * The one download, recorded before a byte is sent: the append names the revision read, so of two
 * racing downloads one appends and the other, re-deciding on the stream as it now is, gets ERR_EXPORT_GONE.
 */
export const recordContactExportDownload = (deps: Deps, companyId: string, exportId: string, who: Actor) =>
  runExportCommand(
    deps,
    exportId,
    { type: 'DownloadContactExport', userId: who.actor, companyId, at: deps.clock.now().toISOString() },
    who,
  );
