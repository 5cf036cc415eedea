import type { AnyEvent } from '@zelo/contracts/events';
import {
  testId,
  ticketNoteAdded,
  ticketNoteDeleted,
  userCreated,
  userDeleted,
} from '@zelo/contracts/testing/events';
import { describe, expect, it } from 'vitest';
import { useReadModelDatabase } from '../testing/read-model-database.ts';
import { usersProjection } from '../users/users.ts';
import { getTicketNote, listTicketNotes } from './queries.ts';
import { ticketNotesProjection } from './ticket-notes.ts';

// A note shows its author's current name, which the users projection keeps.
const readers = [usersProjection, ticketNotesProjection];

describe('ticket-notes read model', () => {
  const db = useReadModelDatabase();
  const given = async (...events: AnyEvent[]) => (await db.given(readers, events)).history;

  it("lists a ticket's notes about its contact newest first, with their author, without deleted ones", async () => {
    const companyId = testId();
    const author = userCreated({ companyId, name: 'Bruno Lima' });
    const userId = author.data.userId;
    const about = { companyId, ticketId: testId(), contactId: testId(), userId };
    const first = ticketNoteAdded({ ...about, note: 'Ligou pedindo boleto' });
    const second = ticketNoteAdded({ ...about, note: 'Boleto enviado' });
    const gone = ticketNoteAdded({ ...about, note: 'Nota errada' });
    const history = await given(
      author,
      first,
      second,
      gone,
      ticketNoteDeleted({ ...about, noteId: gone.data.noteId }),
      // Another ticket's note stays out of this ticket's list.
      ticketNoteAdded({ ...about, ticketId: testId(), note: 'Outro ticket' }),
    );
    expect(await listTicketNotes(db.pool, companyId, about.ticketId, about.contactId)).toEqual([
      {
        id: second.data.noteId,
        note: 'Boleto enviado',
        ticketId: about.ticketId,
        contactId: about.contactId,
        userId,
        user: { id: userId, name: 'Bruno Lima' },
        createdAt: history[2].metadata.at,
      },
      {
        id: first.data.noteId,
        note: 'Ligou pedindo boleto',
        ticketId: about.ticketId,
        contactId: about.contactId,
        userId,
        user: { id: userId, name: 'Bruno Lima' },
        createdAt: history[1].metadata.at,
      },
    ]);
    await given(userDeleted({ companyId, userId }));
    expect(await getTicketNote(db.pool, companyId, first.data.noteId)).toMatchObject({ userId, user: null });
    expect(await getTicketNote(db.pool, testId(), first.data.noteId)).toBeNull();
  });
});
