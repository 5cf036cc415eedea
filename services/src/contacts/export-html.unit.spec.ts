import type { ContactView } from '@zelo/contracts/contacts/read-models';
import type { TicketView } from '@zelo/contracts/tickets/read-models';
import { describe, expect, it } from 'vitest';
import { type ArchivedTicket, renderArchiveHtml } from './export-html.ts';

// The archive's page is opened from the customer's disk: nothing typed by anyone may become markup.

const evil = '<img src=x onerror=alert(1)>"\'&';
const at = '2026-03-01T10:00:00.000Z';
const contact: ContactView = {
  id: 'c1',
  name: evil,
  number: '5511999990000',
  email: evil,
  isGroup: false,
  profilePicUrl: '',
  extraInfo: [{ name: evil, value: evil }],
  optedOut: true,
  optedOutAt: '2026-01-02T10:00:00.000Z',
  createdAt: at,
  updatedAt: at,
};
const message = (body: string): ArchivedTicket['messages'][number] => ({
  id: 'm1',
  ticketId: 't1',
  body,
  fromMe: false,
  read: true,
  mediaType: 'image',
  mediaUrl: '/public/x.png',
  ack: 3,
  error: null,
  isDeleted: false,
  isEdited: false,
  createdAt: at,
  updatedAt: at,
  userId: null,
  senderName: evil,
  waMessageId: 'w1',
  contactId: 'c1',
  companyId: 'co',
  contact: { id: 'c1', name: evil },
  quotedMsg: { id: 'm0', body: evil, fromMe: true },
  mediaFile: `media/m1-"><script>alert(1)</script>.png`,
});

describe('the archive page', () => {
  it('escapes every value that people typed', () => {
    const html = renderArchiveHtml({
      exportedAt: at,
      contact,
      tickets: [
        {
          ticket: {
            id: 't1',
            status: 'closed',
            createdAt: at,
            whatsapp: { id: 'w', name: evil },
            queue: { id: 'q', name: evil, color: '#000' },
            user: { id: 'u', name: evil },
          } as TicketView,
          messages: [message(evil)],
          ratings: [{ rate: 3, at }],
          variables: [{ key: evil, value: evil, at }],
        },
      ],
      notes: [
        {
          id: 'n',
          note: evil,
          ticketId: 't1',
          contactId: 'c1',
          userId: 'u',
          user: { id: 'u', name: evil },
          createdAt: at,
        },
      ],
      history: [{ stream: 'contact-c1', type: 'ContactCreated', at, actor: 'u', data: { name: evil } }],
    });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror=alert(1)>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;');
    expect(html).toContain('Não (descadastrado)');
  });
});
