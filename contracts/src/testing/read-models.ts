import type { CampaignShipmentView, CampaignView } from '../campaigns/read-models.ts';
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
  sla: null,
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
  useIntegration: false,
  promptId: null,
  integrationId: null,
  ...over,
});

/** A campaign as the API answers it, for the web's campaign specs: an INATIVA draft unless `over` says otherwise. */
export const campaignView = (id: string, over: Partial<CampaignView> = {}): CampaignView => ({
  id,
  companyId: 'co1',
  name: `Campaign ${id}`,
  message1: 'Olá {nome}',
  message2: '',
  message3: '',
  message4: '',
  message5: '',
  status: 'INATIVA',
  scheduledAt: null,
  completedAt: null,
  whatsappId: 'w1',
  whatsapp: { id: 'w1', name: 'Main' },
  contactListId: 'l1',
  contactList: { id: 'l1', name: 'Clientes' },
  tagId: null,
  tagListId: null,
  fileListId: null,
  fileList: null,
  mediaPath: null,
  mediaName: null,
  mediaUrl: null,
  lastError: null,
  validContacts: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
  optedOut: 0,
  pending: 0,
  createdAt: '2025-01-01T10:00:00Z',
  updatedAt: '2025-01-01T10:00:00Z',
  ...over,
});

/** One recipient of a run, pending unless `over` says otherwise. */
export const shipmentView = (
  index: number,
  over: Partial<CampaignShipmentView> = {},
): CampaignShipmentView => ({
  index,
  number: `55119000000${String(index).padStart(2, '0')}`,
  name: `Contact ${index}`,
  status: 'pending',
  messageId: null,
  sentAt: null,
  deliveredAt: null,
  failedAt: null,
  reason: null,
  ...over,
});
