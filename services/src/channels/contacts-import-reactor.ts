import type { Projection } from '@zelo/projections/runner';
import { ensureContact } from '../contacts/handlers.ts';
import type { Deps } from '../platform/command-handler.ts';
import { REACTORS } from '../reactors.ts';
import type { ChannelAdapter } from './port.ts';

/**
 * Imports a phone's contacts when someone asked for it (ConnectionContactsImportRequested). It runs
 * beside the channel worker because only the process holding the session can read the phone. Every
 * contact goes through ensureContact, so a replayed request creates nothing twice.
 */
export function contactsImportReactor(
  deps: Deps,
  adapterFor: (whatsappId: string) => Promise<ChannelAdapter | undefined>,
): Projection {
  return {
    name: REACTORS.contactsImport,
    tables: [],
    handles: new Set(['ConnectionContactsImportRequested']),
    async handle(_tx, e) {
      if (e.type !== 'ConnectionContactsImportRequested') return;
      const { whatsappId, companyId, requestedBy } = e.data;
      const adapter = await adapterFor(whatsappId);
      // A connection that is gone or offline has nothing to read; the request is not retried.
      const contacts = await adapter?.phoneContacts(whatsappId).catch(() => []);
      for (const c of contacts ?? []) {
        await ensureContact(
          deps,
          companyId,
          { name: c.name, number: c.number, isGroup: false },
          {
            companyId,
            actor: requestedBy,
            correlationId: e.id,
          },
        );
      }
    },
  };
}
