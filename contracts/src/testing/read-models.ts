import type { TicketView } from '../tickets/read-models.ts';

/**
 * A ticket as the API answers it, for specs of what reads it (the web app's lists and board): open in
 * queue q1, no agent, no tags unless `over` says otherwise.
 */
export const ticketView = (id: string, over: Partial<TicketView> = {}): TicketView => ({
  id,
  uuid: id,
  companyId: 'co1',
  status: 'open',
  userId: null,
  user: null,
  queueId: 'q1',
  queue: { id: 'q1', name: 'Vendas', color: '#f00' },
  whatsappId: 'w1',
  whatsapp: { id: 'w1', name: 'Main' },
  contactId: `c-${id}`,
  contact: { id: `c-${id}`, name: `Contact ${id}`, number: '5511', profilePicUrl: '' },
  isGroup: false,
  chatbot: false,
  lastMessage: 'hi',
  unreadMessages: 0,
  updatedAt: '2025-01-01T10:00:00Z',
  createdAt: '2025-01-01T10:00:00Z',
  tags: [],
  ...over,
});
