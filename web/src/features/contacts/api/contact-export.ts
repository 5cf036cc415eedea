import type { ContactExportView } from '@zelo/contracts/contacts/privacy';
import { apiDownload, apiRequest } from '../../../lib/api.ts';
import { saveBlob } from '../../../lib/download.ts';

// LGPD (issue 25): a contact's data as one zip, made by a workflow and downloaded once by its requester.

export const requestContactExport = (contactId: string) =>
  apiRequest<ContactExportView>(`/contacts/${encodeURIComponent(contactId)}/exports`, {
    method: 'POST',
    body: {},
  });

export const getContactExport = (exportId: string, signal?: AbortSignal) =>
  apiRequest<ContactExportView>(`/contacts/exports/${encodeURIComponent(exportId)}`, { signal });

/** Fetches the zip with the session and hands it to the browser; the server allows this once. */
export async function downloadContactExport(exportId: string): Promise<void> {
  const { blob, fileName } = await apiDownload(`/contacts/exports/${encodeURIComponent(exportId)}/download`);
  saveBlob(blob, fileName ?? `contato-${exportId}.zip`);
}
