import type { ContactExportView } from '@zelo/contracts/contacts/privacy';
import { useCallback, useEffect } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { atom, useAtom } from '../../../lib/store.ts';
import { downloadContactExport, getContactExport, requestContactExport } from '../api/contact-export.ts';
import { nextExportView } from './privacy.ts';

/** How often a pending export is asked for, in case a socket frame was missed. */
const POLL_MS = 2_000;

/** The last export this tab asked for, per contact: closing and reopening the drawer keeps it. */
const exportsAtom = atom<Record<string, ContactExportView>>({});

/**
 * LGPD (issue 25) "Exportar dados": asks for the export, follows its progress from the requester's
 * `contactExport` frames with a poll as the fallback, and downloads the zip once it is ready.
 * `download` answers 'gone' when the server says the file was already downloaded or expired (410).
 */
export function useContactExport(companyId: string | undefined, contactId: string) {
  const [exports, setExports] = useAtom(exportsAtom);
  const current = exports[contactId] ?? null;

  const apply = useCallback(
    (incoming: ContactExportView) =>
      setExports((all) => {
        const next = nextExportView(all[incoming.contactId] ?? null, incoming);
        return next && next !== all[incoming.contactId] ? { ...all, [incoming.contactId]: next } : all;
      }),
    [setExports],
  );

  // The frame reaches only the requester's sockets; it names the export, so other contacts' are ignored.
  useSocketEvent(companyId ? `company-${companyId}-contactExport` : null, apply);

  const pendingId = current?.status === 'pending' ? current.id : null;
  useEffect(() => {
    if (!pendingId) return;
    const ctrl = new AbortController();
    const timer = setInterval(() => {
      getContactExport(pendingId, ctrl.signal)
        .then(apply)
        .catch(() => {
          // The next tick or a frame brings it.
        });
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      ctrl.abort();
    };
  }, [pendingId, apply]);

  const start = async () => {
    const view = await requestContactExport(contactId);
    setExports((all) => ({ ...all, [contactId]: view }));
  };

  const download = async (): Promise<'downloaded' | 'gone'> => {
    if (!current) return 'gone';
    try {
      await downloadContactExport(current.id);
      setExports((all) => ({ ...all, [contactId]: { ...current, status: 'downloaded' } }));
      return 'downloaded';
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 410) throw err;
      const gone = await getContactExport(current.id).catch(() => null);
      const status = gone && gone.status !== 'ready' ? gone.status : 'expired';
      setExports((all) => ({ ...all, [contactId]: { ...current, status } }));
      return 'gone';
    }
  };

  return { current, start, download };
}
