import * as v from 'valibot';
import { event, Id, IsoDate } from '../common.ts';

// LGPD art. 18 (issue 25): an admin's request for one contact's data, as one archive that only the
// requester may download, once, within 24 hours. One stream per export, `contactexport-<exportId>`.

const ExportRef = { exportId: Id, contactId: Id, companyId: Id, userId: Id };

export const ContactExportRequested = event('ContactExportRequested', { ...ExportRef, requestedAt: IsoDate });
export type ContactExportRequested = v.InferOutput<typeof ContactExportRequested>;
/** The archive is written; downloadable until `expiresAt`. */
export const ContactExportReady = event('ContactExportReady', {
  ...ExportRef,
  readyAt: IsoDate,
  expiresAt: IsoDate,
  bytes: v.number(),
});
export type ContactExportReady = v.InferOutput<typeof ContactExportReady>;
export const ContactExportFailed = event('ContactExportFailed', {
  ...ExportRef,
  reason: v.string(),
  failedAt: IsoDate,
});
export type ContactExportFailed = v.InferOutput<typeof ContactExportFailed>;
/** The one download happened; the archive is deleted. */
export const ContactExportDownloaded = event('ContactExportDownloaded', {
  ...ExportRef,
  downloadedAt: IsoDate,
});
export type ContactExportDownloaded = v.InferOutput<typeof ContactExportDownloaded>;
/** 24 hours passed (or the contact was erased) without a download; the archive is deleted. */
export const ContactExportExpired = event('ContactExportExpired', { ...ExportRef, expiredAt: IsoDate });
export type ContactExportExpired = v.InferOutput<typeof ContactExportExpired>;

export const ContactExportEvent = v.variant('type', [
  ContactExportRequested,
  ContactExportReady,
  ContactExportFailed,
  ContactExportDownloaded,
  ContactExportExpired,
]);
export type ContactExportEvent = v.InferOutput<typeof ContactExportEvent>;
