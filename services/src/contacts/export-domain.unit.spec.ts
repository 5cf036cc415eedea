import type { ContactExportEvent } from '@zelo/contracts/contacts/export-events';
import {
  contactExportDownloaded,
  contactExportExpired,
  contactExportReady,
  contactExportRequested,
} from '@zelo/contracts/testing/events';
import { describe, it } from 'vitest';
import { decider } from '../testing/given-when-then.ts';
import {
  type ContactExportCommand,
  type ContactExportState,
  decideContactExport,
  evolveContactExport,
  initialContactExportState,
} from './export-domain.ts';

const exports = decider<ContactExportState, ContactExportCommand, ContactExportEvent>({
  initialState: initialContactExportState,
  evolve: evolveContactExport,
  decide: decideContactExport,
});

const ref = {
  exportId: '00000000-0000-4000-8000-0000000000e1',
  contactId: '00000000-0000-4000-8000-0000000000c1',
  companyId: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-0000000000a1',
};
const requested = contactExportRequested({ ...ref, requestedAt: '2026-03-01T10:00:00.000Z' });
const ready = contactExportReady({
  ...ref,
  readyAt: '2026-03-01T10:01:00.000Z',
  expiresAt: '2026-03-02T10:01:00.000Z',
  bytes: 2048,
});
const download = (at: string, who = ref.userId, companyId = ref.companyId): ContactExportCommand => ({
  type: 'DownloadContactExport',
  userId: who,
  companyId,
  at,
});

describe('contact export', () => {
  it('downloads once, by its requester, before it expires', () => {
    exports
      .given([requested, ready])
      .when(download('2026-03-02T10:00:59.000Z'))
      .then([contactExportDownloaded({ ...ref, downloadedAt: '2026-03-02T10:00:59.000Z' })]);
    exports
      .given([requested, ready, contactExportDownloaded({ ...ref })])
      .when(download('2026-03-01T11:00:00.000Z'))
      .thenThrows('ERR_EXPORT_GONE');
  });

  it('is gone at its expiry, and after it expired', () => {
    exports
      .given([requested, ready])
      .when(download('2026-03-02T10:01:00.000Z'))
      .thenThrows('ERR_EXPORT_GONE');
    exports
      .given([requested, ready, contactExportExpired({ ...ref })])
      .when(download('2026-03-01T11:00:00.000Z'))
      .thenThrows('ERR_EXPORT_GONE');
  });

  it('does not exist for anyone else, even an admin of the same company', () => {
    const otherAdmin = '00000000-0000-4000-8000-0000000000a2';
    const otherCompany = '00000000-0000-4000-8000-000000000002';
    exports
      .given([requested, ready])
      .when(download('2026-03-01T11:00:00.000Z', otherAdmin))
      .thenThrows('ERR_NO_EXPORT_FOUND');
    exports
      .given([requested, ready])
      .when(download('2026-03-01T11:00:00.000Z', ref.userId, otherCompany))
      .thenThrows('ERR_NO_EXPORT_FOUND');
    exports.given([]).when(download('2026-03-01T11:00:00.000Z')).thenThrows('ERR_NO_EXPORT_FOUND');
  });

  it('is not downloadable while pending', () => {
    exports.given([requested]).when(download('2026-03-01T10:00:30.000Z')).thenThrows('ERR_NO_EXPORT_FOUND');
  });

  it('a downloaded export never expires afterwards, a ready one does once', () => {
    const expire: ContactExportCommand = { type: 'ExpireContactExport', at: '2026-03-02T10:01:00.000Z' };
    exports
      .given([requested, ready, contactExportDownloaded({ ...ref })])
      .when(expire)
      .thenNothing();
    exports
      .given([requested, ready])
      .when(expire)
      .then([contactExportExpired({ ...ref, expiredAt: '2026-03-02T10:01:00.000Z' })]);
    exports
      .given([requested, ready, contactExportExpired({ ...ref })])
      .when(expire)
      .thenNothing();
  });

  it('a retried step records once', () => {
    exports
      .given([requested, ready])
      .when({
        type: 'MarkContactExportReady',
        at: '2026-03-01T10:02:00.000Z',
        expiresAt: '2026-03-02T10:02:00.000Z',
        bytes: 1,
      })
      .thenNothing();
    exports
      .given([requested])
      .when({ type: 'RequestContactExport', ...ref, at: '2026-03-01T10:00:00.000Z' })
      .thenNothing();
  });
});
