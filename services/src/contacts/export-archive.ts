import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { TicketNoteView } from '@zelo/contracts/ticket-notes/read-models';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { contactTicketIds, ticketMessageIds } from '@zelo/projections/contacts/exports-queries';
import { getContact } from '@zelo/projections/contacts/queries';
import { listTicketNotes } from '@zelo/projections/ticket-notes/queries';
import { getMessagesByIds, getTicketsByIds } from '@zelo/projections/tickets/queries';
import { strToU8, type Zippable, zip } from 'fflate';
import { mediaDirFromEnv, storedPath } from '../media/storage.ts';
import type { Deps } from '../platform/command-handler.ts';
import type { Pool } from '../platform/db.ts';
import { ticketStreamId } from '../tickets/handlers.ts';
import {
  type ArchivedHistoryEvent,
  type ArchivedTicket,
  type ContactArchive,
  renderArchiveHtml,
} from './export-html.ts';
import { contactStreamId } from './handlers.ts';

// The archive of one export (LGPD issue 25): one zip per export, in a private folder beside the media
// folder and never under it (/public serves that one to anyone with a link).

/** ZELO_EXPORT_DIR, else `exports` beside the media folder; never inside it (it is served publicly). */
export function exportDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const media = mediaDirFromEnv(env);
  const dir = resolve(env.ZELO_EXPORT_DIR ?? join(dirname(media), 'exports'));
  if (dir === media || dir.startsWith(`${media}${sep}`))
    throw new Error('ZELO_EXPORT_DIR must not be inside ZELO_MEDIA_DIR: /public would serve the exports');
  return dir;
}

export const archivePath = (root: string, companyId: string, exportId: string) =>
  join(root, companyId, `${exportId}.zip`);

export async function deleteArchive(root: string, companyId: string, exportId: string): Promise<void> {
  await rm(archivePath(root, companyId, exportId), { force: true });
}

export interface ArchiveRequest {
  exportId: string;
  companyId: string;
  contactId: string;
}

export interface ArchiveSources {
  deps: Deps;
  pool: Pool;
  mediaRoot: string;
  exportRoot: string;
}

/** What a stream recorded, read through the store so that sealed fields come back readable. */
async function historyOf(deps: Deps, stream: string): Promise<ArchivedHistoryEvent[]> {
  const { events } = await deps.store.readStream(stream);
  return events.map((e) => ({
    stream,
    type: e.type,
    at: e.metadata.at,
    actor: e.metadata.actor,
    data: e.data,
  }));
}

/** One ticket: its messages in order (with their media added to `files`), ratings and variables. */
async function archiveTicket(
  src: ArchiveSources,
  ticket: TicketView,
  history: ArchivedHistoryEvent[],
  files: Zippable,
): Promise<ArchivedTicket> {
  const ids = await ticketMessageIds(src.pool, ticket.companyId, ticket.id);
  const messages = (await getMessagesByIds(src.pool, ids)).sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
  const archived: ArchivedTicket['messages'] = [];
  for (const m of messages)
    archived.push({ ...m, mediaFile: await addMedia(files, src.mediaRoot, m.id, m.mediaUrl) });
  const data = (e: ArchivedHistoryEvent) => e.data as Record<string, unknown>;
  return {
    ticket,
    messages: archived,
    ratings: history.flatMap((e) =>
      e.type === 'TicketRated' ? [{ rate: Number(data(e).rate), at: e.at }] : [],
    ),
    variables: history.flatMap((e) =>
      e.type === 'TicketVariableSet'
        ? [{ key: String(data(e).key), value: String(data(e).value), at: e.at }]
        : [],
    ),
  };
}

/**
 * Gathers the contact, its tickets with every message, its notes, the history of its streams and its
 * media, and writes the zip; `progress` hears 0-99 as it goes. Returns the archive's size in bytes.
 */
export async function buildContactArchive(
  src: ArchiveSources,
  req: ArchiveRequest,
  progress: (percent: number) => Promise<void>,
): Promise<number> {
  const { deps, pool } = src;
  const contact = await getContact(pool, req.companyId, req.contactId);
  if (!contact) throw new Error('contact not found');
  const history = await historyOf(deps, contactStreamId(req.contactId));
  await progress(5);
  const found = await getTicketsByIds(pool, await contactTicketIds(pool, req.companyId, req.contactId));
  found.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const files: Zippable = {};
  const tickets: ArchivedTicket[] = [];
  const notes: TicketNoteView[] = [];
  for (const [i, ticket] of found.entries()) {
    const ticketHistory = await historyOf(deps, ticketStreamId(ticket.id));
    history.push(...ticketHistory);
    tickets.push(await archiveTicket(src, ticket, ticketHistory, files));
    notes.push(...(await listTicketNotes(pool, req.companyId, ticket.id, req.contactId)));
    await progress(5 + Math.round((75 * (i + 1)) / found.length));
  }
  notes.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  // Stable: events of one instant keep their stream's order.
  history.sort((a, b) => a.at.localeCompare(b.at));
  const archive: ContactArchive = {
    exportedAt: deps.clock.now().toISOString(),
    contact,
    tickets,
    notes,
    history,
  };
  await progress(80);
  const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));
  files['contact.json'] = json(contact);
  files['tickets.json'] = json(tickets);
  files['notes.json'] = json(notes);
  files['history.json'] = json(history);
  files['index.html'] = strToU8(renderArchiveHtml(archive));
  const bytes = await new Promise<Uint8Array>((ok, fail) =>
    zip(files, { level: 6 }, (err, data) => (err ? fail(err) : ok(data))),
  );
  await progress(95);
  // Written aside and renamed: a download never meets half an archive.
  const path = archivePath(src.exportRoot, req.companyId, req.exportId);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(`${path}.part`, bytes, { mode: 0o600 });
  await rename(`${path}.part`, path);
  return bytes.length;
}

/** A message's media file into the archive's media folder; its name there, or null without one. */
async function addMedia(files: Zippable, root: string, messageId: string, url: string | null) {
  const path = url ? storedPath(root, url) : null;
  if (!path) return null;
  const data = await readFile(path).catch(() => null);
  if (!data) return null;
  const name = `media/${messageId}-${basename(path)}`;
  files[name] = [new Uint8Array(data), { level: 0 }];
  return name;
}
