import type { ContactExportEvent } from '@zelo/contracts/contacts/export-events';
import { DomainError } from '@zelo/contracts/errors';

// LGPD art. 18 (issue 25): one export of a contact's data, from its request to its one download (or
// its expiry). Pure: the handler passes ids and times in.

export const contactExportStreamId = (exportId: string) => `contactexport-${exportId}`;

export type ContactExportState =
  | { status: 'none' }
  | {
      status: 'pending' | 'ready' | 'failed' | 'downloaded' | 'expired';
      exportId: string;
      contactId: string;
      companyId: string;
      userId: string;
      expiresAt: string | null;
    };

export const initialContactExportState = (): ContactExportState => ({ status: 'none' });

export function evolveContactExport(state: ContactExportState, e: ContactExportEvent): ContactExportState {
  const { exportId, contactId, companyId, userId } = e.data;
  const ref = { exportId, contactId, companyId, userId };
  switch (e.type) {
    case 'ContactExportRequested':
      return { status: 'pending', ...ref, expiresAt: null };
    case 'ContactExportReady':
      return { status: 'ready', ...ref, expiresAt: e.data.expiresAt };
    case 'ContactExportFailed':
      return { status: 'failed', ...ref, expiresAt: null };
    case 'ContactExportDownloaded':
      return { status: 'downloaded', ...ref, expiresAt: state.status === 'none' ? null : state.expiresAt };
    case 'ContactExportExpired':
      return { status: 'expired', ...ref, expiresAt: state.status === 'none' ? null : state.expiresAt };
  }
}

export type ContactExportCommand =
  | {
      type: 'RequestContactExport';
      exportId: string;
      contactId: string;
      companyId: string;
      userId: string;
      at: string;
    }
  | { type: 'MarkContactExportReady'; at: string; expiresAt: string; bytes: number }
  | { type: 'FailContactExport'; reason: string; at: string }
  | { type: 'DownloadContactExport'; userId: string; companyId: string; at: string }
  | { type: 'ExpireContactExport'; at: string };

type Existing = Exclude<ContactExportState, { status: 'none' }>;
const refOf = (s: Existing) => ({
  exportId: s.exportId,
  contactId: s.contactId,
  companyId: s.companyId,
  userId: s.userId,
});

export function decideContactExport(
  command: ContactExportCommand,
  state: ContactExportState,
): ContactExportEvent[] {
  if (command.type === 'RequestContactExport') {
    if (state.status !== 'none') return [];
    const { type: _, at, ...ref } = command;
    return [{ type: 'ContactExportRequested', data: { ...ref, requestedAt: at } }];
  }
  if (state.status === 'none') throw new DomainError('ERR_NO_EXPORT_FOUND', 'export not found');
  switch (command.type) {
    // The workflow's steps: a retried activity finds its step done and records nothing.
    case 'MarkContactExportReady':
      if (state.status !== 'pending') return [];
      return [
        {
          type: 'ContactExportReady',
          data: { ...refOf(state), readyAt: command.at, expiresAt: command.expiresAt, bytes: command.bytes },
        },
      ];
    case 'FailContactExport':
      if (state.status !== 'pending') return [];
      return [
        {
          type: 'ContactExportFailed',
          data: { ...refOf(state), reason: command.reason, failedAt: command.at },
        },
      ];
    case 'ExpireContactExport':
      if (state.status !== 'pending' && state.status !== 'ready') return [];
      return [{ type: 'ContactExportExpired', data: { ...refOf(state), expiredAt: command.at } }];
    case 'DownloadContactExport': {
      // Only its requester may even learn that it exists.
      if (state.userId !== command.userId || state.companyId !== command.companyId)
        throw new DomainError('ERR_NO_EXPORT_FOUND', 'export not found');
      if (state.status === 'pending' || state.status === 'failed')
        throw new DomainError('ERR_NO_EXPORT_FOUND', 'export not ready');
      const expired = state.expiresAt !== null && Date.parse(command.at) >= Date.parse(state.expiresAt);
      if (state.status !== 'ready' || expired)
        throw new DomainError('ERR_EXPORT_GONE', 'export no longer available');
      return [{ type: 'ContactExportDownloaded', data: { ...refOf(state), downloadedAt: command.at } }];
    }
  }
}
