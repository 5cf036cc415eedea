import type { EventOfType, EventType } from '../events.ts';

// Test builders, one per event type: `ticketCreated({ ticketId, status: 'open' })` gives a valid
// `{ type, data }` of the contract's type. Defaults pass the event's schema (events.unit.spec.ts parses
// every builder's output), so a builder cannot drift from its contract. Pass the ids that tie events
// together; every id left out is a fresh one.

let lastId = 0;
/** A fresh uuid from a counter: contracts import nothing but valibot, so no node:crypto here. */
export function testId(): string {
  lastId += 1;
  return `00000000-0000-4000-8000-${lastId.toString(16).padStart(12, '0')}`;
}

/** The instant every builder's date defaults to, so tests can assert on it. */
export const TEST_NOW = '2026-01-05T12:00:00.000Z';

type Data<T extends EventType> = EventOfType<T>['data'];
export type EventBuilder<T extends EventType> = (overrides?: Partial<Data<T>>) => EventOfType<T>;

const builder =
  <T extends EventType>(type: T, defaults: () => Data<T>): EventBuilder<T> =>
  (overrides = {}) =>
    ({ type, data: { ...defaults(), ...overrides } }) as unknown as EventOfType<T>;

const placement = () => ({
  status: 'pending' as const,
  userId: null,
  queueId: null,
  whatsappId: testId(),
});
const claim = () => ({ conversationId: `conversation-${testId()}`, revision: 1 });
const connectionFields = () => ({
  name: 'Main line',
  isDefault: true,
  provider: 'simulator' as const,
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  expiresInactiveMessage: '',
  expiresTicket: 0,
  timeUseBotQueues: 0,
  maxUseBotQueues: 0,
  timeToTransfer: 0,
  transferQueueId: null,
  queueIds: [],
});
const contactFields = () => ({
  name: 'Ana Souza',
  number: '5511987654321',
  email: '',
  isGroup: false,
  profilePicUrl: '',
  extraInfo: [],
});
const messageRef = () => ({
  messageId: testId(),
  companyId: testId(),
  ticketId: testId(),
  contactId: testId(),
  whatsappId: testId(),
});
const content = () => ({ body: 'Hello', mediaType: 'chat' as const, mediaUrl: null, quotedMsgId: null });
const queueFields = () => ({
  name: 'Sales',
  color: '#00aa55',
  greetingMessage: '',
  outOfHoursMessage: '',
  orderQueue: null,
});
const optionFields = () => ({ title: 'Billing', message: 'Choose', option: 1, parentId: null });
const quickMessageFields = () => ({
  shortcode: 'hi',
  message: 'Hello, how can I help?',
  geral: true,
  status: true,
  userId: testId(),
});
const scheduleFields = () => ({
  body: 'Reminder',
  contactId: testId(),
  sendAt: TEST_NOW,
  ticketId: null,
  whatsappId: null,
});
const tagFields = () => ({ name: 'VIP', color: '#aa0055', kanban: false, userId: null });
const userFields = () => ({
  name: 'Bruno Lima',
  email: `agent-${testId()}@example.com`,
  profile: 'user' as const,
  super: false,
  allTicket: 'desabled' as const,
  whatsappId: null,
  queueIds: [],
});
const ticketRef = () => ({ ticketId: testId(), companyId: testId() });
const planLimits = () => ({
  name: 'Basic',
  users: 10,
  connections: 2,
  queues: 5,
  value: 100,
  useCampaigns: false,
  useKanban: true,
  useOpenAi: false,
  useIntegrations: false,
  useSchedules: true,
  useInternalChat: false,
  useExternalApi: false,
  useReports: true,
});
const weekdays = () => [{ weekday: 'monday' as const, startTime: '08:00', endTime: '18:00' }];

// tenancy
export const planCreated = builder('PlanCreated', () => ({ planId: testId(), ...planLimits() }));
export const companySignedUp = builder('CompanySignedUp', () => ({
  companyId: testId(),
  name: 'Acme',
  email: 'owner@acme.example',
  phone: '5511900000000',
  planId: testId(),
  recurrence: 'MENSAL' as const,
  dueDate: TEST_NOW,
  settings: {},
}));
export const companySettingChanged = builder('CompanySettingChanged', () => ({
  companyId: testId(),
  key: 'userRating',
  value: 'enabled',
}));
export const companySchedulesChanged = builder('CompanySchedulesChanged', () => ({
  companyId: testId(),
  schedules: weekdays(),
}));
export const planUpdated = builder('PlanUpdated', () => ({ planId: testId(), ...planLimits() }));
export const planDeleted = builder('PlanDeleted', () => ({ planId: testId() }));
export const planNameClaimed = builder('PlanNameClaimed', () => ({ planId: testId(), name: 'basic' }));
export const planNameReleased = builder('PlanNameReleased', () => ({ planId: testId(), name: 'basic' }));
const companyProfile = () => ({
  name: 'Acme',
  email: 'owner@acme.example',
  phone: '11900000000',
  planId: testId(),
  status: true,
  dueDate: TEST_NOW as string | null,
  recurrence: 'MENSAL' as const,
});
export const companyCreated = builder('CompanyCreated', () => ({
  companyId: testId(),
  ...companyProfile(),
  settings: {},
}));
export const companyUpdated = builder('CompanyUpdated', () => ({ companyId: testId(), ...companyProfile() }));
export const companyDueDateMoved = builder('CompanyDueDateMoved', () => ({
  companyId: testId(),
  dueDate: '2026-02-05T12:00:00.000Z',
  previousDueDate: TEST_NOW as string | null,
  invoiceId: testId(),
  reason: 'payment' as const,
}));
export const companyDeleted = builder('CompanyDeleted', () => ({ companyId: testId() }));
export const companyErased = builder('CompanyErased', () => ({ companyId: testId() }));

// users
export const userCreated = builder('UserCreated', () => ({
  userId: testId(),
  companyId: testId(),
  passwordHash: 'hash',
  ...userFields(),
}));
export const userUpdated = builder('UserUpdated', () => ({
  userId: testId(),
  companyId: testId(),
  ...userFields(),
}));
export const userDeleted = builder('UserDeleted', () => ({ userId: testId(), companyId: testId() }));
export const userLanguageChanged = builder('UserLanguageChanged', () => ({
  userId: testId(),
  companyId: testId(),
  language: 'en' as const,
}));
export const userEmailClaimed = builder('UserEmailClaimed', () => ({
  email: `agent-${testId()}@example.com`,
  userId: testId(),
}));
export const userEmailReleased = builder('UserEmailReleased', () => ({
  email: `agent-${testId()}@example.com`,
  userId: testId(),
}));
const seatRef = () => ({ companyId: testId(), userId: testId() });
export const userSeatsCounted = builder('UserSeatsCounted', () => ({ companyId: testId(), userIds: [] }));
export const userSeatTaken = builder('UserSeatTaken', seatRef);
export const userSeatFreed = builder('UserSeatFreed', seatRef);

// queues and their option menus
export const queueCreated = builder('QueueCreated', () => ({
  queueId: testId(),
  companyId: testId(),
  ...queueFields(),
}));
export const queueUpdated = builder('QueueUpdated', () => ({
  queueId: testId(),
  companyId: testId(),
  ...queueFields(),
}));
export const queueDeleted = builder('QueueDeleted', () => ({ queueId: testId(), companyId: testId() }));
export const queueSchedulesChanged = builder('QueueSchedulesChanged', () => ({
  queueId: testId(),
  companyId: testId(),
  schedules: weekdays(),
}));
export const queueAutomationChanged = builder('QueueAutomationChanged', () => ({
  queueId: testId(),
  companyId: testId(),
  promptId: testId(),
  integrationId: null,
}));
export const queueOptionCreated = builder('QueueOptionCreated', () => ({
  optionId: testId(),
  queueId: testId(),
  companyId: testId(),
  ...optionFields(),
}));
export const queueOptionUpdated = builder('QueueOptionUpdated', () => ({
  optionId: testId(),
  queueId: testId(),
  companyId: testId(),
  ...optionFields(),
}));
export const queueOptionDeleted = builder('QueueOptionDeleted', () => ({
  optionId: testId(),
  queueId: testId(),
  companyId: testId(),
  removedIds: [],
}));

// connections
export const connectionCreated = builder('ConnectionCreated', () => ({
  whatsappId: testId(),
  companyId: testId(),
  // The read model keeps tokens unique: two connections of one test must not share one.
  token: `token-${testId()}`,
  ...connectionFields(),
}));
export const connectionUpdated = builder('ConnectionUpdated', () => ({
  whatsappId: testId(),
  companyId: testId(),
  ...connectionFields(),
}));
export const connectionDeleted = builder('ConnectionDeleted', () => ({
  whatsappId: testId(),
  companyId: testId(),
}));
export const connectionStatusChanged = builder('ConnectionStatusChanged', () => ({
  whatsappId: testId(),
  companyId: testId(),
  status: 'CONNECTED' as const,
  qrcode: '',
  retries: 0,
}));
export const connectionSessionRequested = builder('ConnectionSessionRequested', () => ({
  whatsappId: testId(),
  companyId: testId(),
  action: 'start' as const,
  requestedBy: testId(),
}));
export const connectionContactsImportRequested = builder('ConnectionContactsImportRequested', () => ({
  whatsappId: testId(),
  companyId: testId(),
  requestedBy: testId(),
}));

// contacts
export const contactCreated = builder('ContactCreated', () => ({
  contactId: testId(),
  companyId: testId(),
  ...contactFields(),
}));
export const contactUpdated = builder('ContactUpdated', () => ({
  contactId: testId(),
  companyId: testId(),
  ...contactFields(),
}));
export const contactDeleted = builder('ContactDeleted', () => ({ contactId: testId(), companyId: testId() }));
export const contactNumberClaimed = builder('ContactNumberClaimed', () => ({
  companyId: testId(),
  number: '5511987654321',
  contactId: testId(),
}));
export const contactNumberReleased = builder('ContactNumberReleased', () => ({
  companyId: testId(),
  number: '5511987654321',
  contactId: testId(),
}));

// tickets
export const conversationTicketClaimed = builder('ConversationTicketClaimed', () => ({
  companyId: testId(),
  contactId: testId(),
  ticketId: testId(),
  reason: 'created' as const,
  isGroup: false,
  ...placement(),
}));
export const ticketCreated = builder('TicketCreated', () => ({
  ...ticketRef(),
  contactId: testId(),
  isGroup: false,
  ...placement(),
  claim: claim(),
}));
export const ticketAccepted = builder('TicketAccepted', () => ({
  ...ticketRef(),
  userId: testId(),
  queueId: null,
}));
export const ticketReturned = builder('TicketReturned', () => ({ ...ticketRef(), previousUserId: null }));
export const ticketTransferred = builder('TicketTransferred', () => ({
  ...ticketRef(),
  from: { userId: null, queueId: null, whatsappId: testId() },
  ...placement(),
  claim: null,
}));
export const ticketClosed = builder('TicketClosed', () => ({
  ...ticketRef(),
  userId: null,
  queueId: null,
  reason: 'resolved' as const,
}));
export const ticketReopened = builder('TicketReopened', () => ({
  ...ticketRef(),
  userId: null,
  queueId: null,
  claim: claim(),
}));
export const ticketDeleted = builder('TicketDeleted', () => ({ ...ticketRef() }));
export const ticketMessagesRead = builder('TicketMessagesRead', () => ({ ...ticketRef(), userId: testId() }));
const slaClock = () => ({
  ...ticketRef(),
  policyId: testId(),
  target: 'firstResponse' as const,
  clockId: 'firstResponse:1',
  startedAt: TEST_NOW,
  dueAt: TEST_NOW,
});
export const ticketSlaWarned = builder('TicketSlaWarned', slaClock);
export const ticketSlaBreached = builder('TicketSlaBreached', slaClock);
export const ticketBotStepped = builder('TicketBotStepped', () => ({
  ...ticketRef(),
  inReplyTo: testId(),
  bot: { stage: 'queues' as const, path: [], menuSends: 1, startedAt: TEST_NOW },
  replies: ['Choose a queue'],
}));
export const ticketBotEnded = builder('TicketBotEnded', () => ({
  ...ticketRef(),
  reason: 'maxUse' as const,
}));
export const ticketAutomationStarted = builder('TicketAutomationStarted', () => ({
  ...ticketRef(),
  runId: testId(),
  kind: 'flow' as const,
  refId: testId(),
  trigger: 'phrase' as const,
  inReplyTo: testId(),
}));
export const ticketAutomationReplied = builder('TicketAutomationReplied', () => ({
  ...ticketRef(),
  runId: testId(),
  stepId: 'node:1',
  replies: [{ body: 'Olá' }],
}));
export const ticketVariableSet = builder('TicketVariableSet', () => ({
  ...ticketRef(),
  runId: testId(),
  key: 'name',
  value: 'Ana',
}));
export const ticketAutomationEnded = builder('TicketAutomationEnded', () => ({
  ...ticketRef(),
  runId: testId(),
  reason: 'finished' as const,
}));
export const ticketQueueAssigned = builder('TicketQueueAssigned', () => ({
  ...ticketRef(),
  queueId: testId(),
  reason: 'bot' as const,
}));
export const ticketRatingRequested = builder('TicketRatingRequested', () => ({
  ...ticketRef(),
  userId: null,
  message: 'Rate us from 1 to 3',
}));
export const ticketRatingReasked = builder('TicketRatingReasked', () => ({
  ...ticketRef(),
  inReplyTo: testId(),
  message: 'Please answer 1, 2 or 3',
}));
export const ticketRated = builder('TicketRated', () => ({
  ...ticketRef(),
  userId: null,
  inReplyTo: testId(),
  rate: 3 as const,
}));

// ticket notes and tags
export const ticketNoteAdded = builder('TicketNoteAdded', () => ({
  noteId: testId(),
  ticketId: testId(),
  contactId: testId(),
  companyId: testId(),
  userId: testId(),
  note: 'Called back',
}));
export const ticketNoteDeleted = builder('TicketNoteDeleted', () => ({
  noteId: testId(),
  ticketId: testId(),
  companyId: testId(),
  userId: testId(),
}));
export const tagCreated = builder('TagCreated', () => ({
  tagId: testId(),
  companyId: testId(),
  ...tagFields(),
}));
export const tagUpdated = builder('TagUpdated', () => ({
  tagId: testId(),
  companyId: testId(),
  ...tagFields(),
}));
export const tagDeleted = builder('TagDeleted', () => ({ tagId: testId(), companyId: testId() }));
export const ticketTagsSynced = builder('TicketTagsSynced', () => ({
  ticketId: testId(),
  companyId: testId(),
  tagIds: [],
}));

// messaging
export const inboundMessageReceived = builder('InboundMessageReceived', () => ({
  ...messageRef(),
  ...content(),
  waMessageId: `wa-${testId()}`,
  senderName: 'Ana Souza',
  receivedAt: TEST_NOW,
}));
export const outboundMessageQueued = builder('OutboundMessageQueued', () => ({
  ...messageRef(),
  ...content(),
  userId: null,
  waMessageId: `wa-${testId()}`,
}));
export const outboundMessageSent = builder('OutboundMessageSent', () => ({
  ...messageRef(),
  sentAt: TEST_NOW,
  attempts: 1,
}));
export const outboundMessageFailed = builder('OutboundMessageFailed', () => ({
  ...messageRef(),
  reason: 'channel offline',
  attempts: 1,
}));
export const messageAcknowledged = builder('MessageAcknowledged', () => ({ ...messageRef(), ack: 2 }));
export const messageDeleted = builder('MessageDeleted', () => ({ ...messageRef(), userId: null }));
export const phoneMessageSent = builder('PhoneMessageSent', () => ({
  ...messageRef(),
  ...content(),
  waMessageId: `wa-${testId()}`,
  sentAt: TEST_NOW,
}));
export const messageEdited = builder('MessageEdited', () => ({
  ...messageRef(),
  body: 'Hello again',
  previousBody: 'Hello',
  editedAt: TEST_NOW,
}));

// quick messages
export const quickMessageCreated = builder('QuickMessageCreated', () => ({
  quickMessageId: testId(),
  companyId: testId(),
  ...quickMessageFields(),
}));
export const quickMessageUpdated = builder('QuickMessageUpdated', () => ({
  quickMessageId: testId(),
  companyId: testId(),
  ...quickMessageFields(),
}));
export const quickMessageDeleted = builder('QuickMessageDeleted', () => ({
  quickMessageId: testId(),
  companyId: testId(),
}));
export const quickMessageMediaAttached = builder('QuickMessageMediaAttached', () => ({
  quickMessageId: testId(),
  companyId: testId(),
  mediaUrl: '/public/company/hello.png',
  mediaName: 'hello.png',
  mediaType: 'image' as const,
}));
export const quickMessageMediaRemoved = builder('QuickMessageMediaRemoved', () => ({
  quickMessageId: testId(),
  companyId: testId(),
}));

// schedules
export const scheduleCreated = builder('ScheduleCreated', () => ({
  scheduleId: testId(),
  companyId: testId(),
  userId: testId(),
  ...scheduleFields(),
}));
export const scheduleUpdated = builder('ScheduleUpdated', () => ({
  scheduleId: testId(),
  companyId: testId(),
  userId: testId(),
  ...scheduleFields(),
}));
export const scheduleDeleted = builder('ScheduleDeleted', () => ({
  scheduleId: testId(),
  companyId: testId(),
}));
export const scheduleSent = builder('ScheduleSent', () => ({
  scheduleId: testId(),
  companyId: testId(),
  messageId: testId(),
  sentAt: TEST_NOW,
  late: false,
}));
export const scheduleFailed = builder('ScheduleFailed', () => ({
  scheduleId: testId(),
  companyId: testId(),
  reason: 'no connection',
  failedAt: TEST_NOW,
}));
export const scheduleMediaAttached = builder('ScheduleMediaAttached', () => ({
  scheduleId: testId(),
  companyId: testId(),
  mediaPath: '/public/company/lembrete.png',
  mediaName: 'lembrete.png',
}));
export const scheduleMediaRemoved = builder('ScheduleMediaRemoved', () => ({
  scheduleId: testId(),
  companyId: testId(),
}));

// internal chat
const chatRef = () => ({ chatId: testId(), companyId: testId() });
export const chatCreated = builder('ChatCreated', () => {
  const ownerId = testId();
  return { ...chatRef(), ownerId, title: 'Equipe', userIds: [ownerId, testId()] };
});
export const chatUpdated = builder('ChatUpdated', () => ({
  ...chatRef(),
  title: 'Equipe',
  userIds: [testId()],
}));
export const chatDeleted = builder('ChatDeleted', () => ({ ...chatRef(), userIds: [testId()] }));
export const chatMessagePosted = builder('ChatMessagePosted', () => ({
  ...chatRef(),
  messageId: testId(),
  senderId: testId(),
  message: 'Bom dia, equipe',
}));
export const chatRead = builder('ChatRead', () => ({ ...chatRef(), userId: testId() }));

// campaigns
const campaignRef = () => ({ campaignId: testId(), companyId: testId() });
export const campaignFields = () => ({
  name: 'Black Friday',
  message1: 'Olá {nome}, temos ofertas!',
  message2: '',
  message3: '',
  message4: '',
  message5: '',
  whatsappId: testId(),
  scheduledAt: TEST_NOW,
  contactListId: testId(),
  tagListId: null,
  fileListId: null,
});
export const campaignCreated = builder('CampaignCreated', () => ({
  ...campaignRef(),
  userId: testId(),
  fields: campaignFields(),
  status: 'PROGRAMADA' as const,
}));
export const campaignUpdated = builder('CampaignUpdated', () => ({
  ...campaignRef(),
  fields: campaignFields(),
  status: 'PROGRAMADA' as const,
}));
export const campaignDeleted = builder('CampaignDeleted', campaignRef);
export const campaignMediaAttached = builder('CampaignMediaAttached', () => ({
  ...campaignRef(),
  mediaPath: 'campaigns/banner.png',
  mediaName: 'banner.png',
}));
export const campaignMediaRemoved = builder('CampaignMediaRemoved', campaignRef);
export const campaignStarted = builder('CampaignStarted', () => ({
  ...campaignRef(),
  whatsappId: testId(),
  startedAt: TEST_NOW,
  recipients: [{ number: '5511988887777', name: 'Maria', email: 'maria@example.com' }],
}));
export const campaignStartRefused = builder('CampaignStartRefused', () => ({
  ...campaignRef(),
  reason: 'ERR_CAMPAIGN_NO_RECIPIENTS',
  refusedAt: TEST_NOW,
}));
export const campaignMessageQueued = builder('CampaignMessageQueued', () => ({
  ...campaignRef(),
  index: 0,
  number: '5511988887777',
  messageId: testId(),
  ticketId: testId(),
  variant: 1,
  queuedAt: TEST_NOW,
}));
export const campaignMessageSent = builder('CampaignMessageSent', () => ({
  ...campaignRef(),
  index: 0,
  sentAt: TEST_NOW,
}));
export const campaignMessageFailed = builder('CampaignMessageFailed', () => ({
  ...campaignRef(),
  index: 0,
  number: '5511988887777',
  reason: 'ERR_WAPP_INVALID_CONTACT',
  failedAt: TEST_NOW,
}));
export const campaignCancelled = builder('CampaignCancelled', () => ({
  ...campaignRef(),
  cancelledAt: TEST_NOW,
}));
export const campaignRestarted = builder('CampaignRestarted', () => ({
  ...campaignRef(),
  restartedAt: TEST_NOW,
}));
export const campaignFinished = builder('CampaignFinished', () => ({
  ...campaignRef(),
  completedAt: TEST_NOW,
}));
export const campaignSettingsChanged = builder('CampaignSettingsChanged', () => ({
  companyId: testId(),
  settings: {
    messageInterval: 20,
    longerIntervalAfter: 20,
    greaterInterval: 60,
    variables: [],
    jitterSeconds: 0,
    dailyLimitPerConnection: 0,
    sendingWindow: null,
  },
}));
export const campaignDailySlotTaken = builder('CampaignDailySlotTaken', () => ({
  companyId: testId(),
  whatsappId: testId(),
  day: '2030-01-31',
  slotKey: 'campaign:0',
}));

// file lists
const fileListRef = () => ({ fileListId: testId(), companyId: testId() });
export const fileListCreated = builder('FileListCreated', () => ({
  ...fileListRef(),
  userId: testId(),
  name: 'Catálogo',
  message: 'Segue o catálogo',
  options: [{ optionId: testId(), name: 'Tabela de preços' }],
}));
export const fileListUpdated = builder('FileListUpdated', () => ({
  ...fileListRef(),
  name: 'Catálogo',
  message: 'Segue o catálogo',
  options: [{ optionId: testId(), name: 'Tabela de preços' }],
}));
export const fileListDeleted = builder('FileListDeleted', fileListRef);
export const fileListOptionFileUploaded = builder('FileListOptionFileUploaded', () => ({
  ...fileListRef(),
  optionId: testId(),
  path: '/public/company/2026/01/1-00000000000000000000000000000000-tabela.pdf',
  originalName: 'tabela.pdf',
  mediaType: 'application' as const,
}));

// contact lists
const contactListRef = () => ({ contactListId: testId(), companyId: testId() });
export const contactListCreated = builder('ContactListCreated', () => ({
  ...contactListRef(),
  name: 'Clientes VIP',
}));
export const contactListUpdated = builder('ContactListUpdated', () => ({
  ...contactListRef(),
  name: 'Clientes VIP',
}));
export const contactListDeleted = builder('ContactListDeleted', contactListRef);
const contactListItemFields = () => ({
  ...contactListRef(),
  itemId: testId(),
  name: 'Maria',
  number: '5511988887777',
  email: 'maria@example.com',
});
export const contactListItemAdded = builder('ContactListItemAdded', contactListItemFields);
export const contactListItemUpdated = builder('ContactListItemUpdated', contactListItemFields);
export const contactListItemRemoved = builder('ContactListItemRemoved', () => ({
  ...contactListRef(),
  itemId: testId(),
}));
export const contactListItemValidated = builder('ContactListItemValidated', () => ({
  ...contactListRef(),
  itemId: testId(),
  number: '5511988887777',
  isWhatsappValid: true,
}));

const helpFields = () => ({ title: 'Primeiros passos', video: 'dQw4w9WgXcQ', description: 'Como começar' });
export const helpCreated = builder('HelpCreated', () => ({ helpId: testId(), ...helpFields() }));
export const helpUpdated = builder('HelpUpdated', () => ({ helpId: testId(), ...helpFields() }));
export const helpDeleted = builder('HelpDeleted', () => ({ helpId: testId() }));

const announcementFields = () => ({
  title: 'Manutenção',
  text: 'O sistema ficará fora do ar às 22h.',
  priority: 3 as const,
  status: true,
});
export const announcementCreated = builder('AnnouncementCreated', () => ({
  announcementId: testId(),
  ...announcementFields(),
}));
export const announcementUpdated = builder('AnnouncementUpdated', () => ({
  announcementId: testId(),
  ...announcementFields(),
}));
export const announcementDeleted = builder('AnnouncementDeleted', () => ({ announcementId: testId() }));
export const announcementMediaAttached = builder('AnnouncementMediaAttached', () => ({
  announcementId: testId(),
  mediaPath: '/public/announcements/aviso.png',
  mediaName: 'aviso.png',
}));
export const announcementMediaRemoved = builder('AnnouncementMediaRemoved', () => ({
  announcementId: testId(),
}));

// prompts
const promptRef = () => ({ promptId: testId(), companyId: testId() });
const promptFields = () => ({
  name: 'Atendente virtual',
  prompt: 'Você é a atendente virtual da loja. Responda com educação e em poucas palavras.',
  model: 'gpt-3.5-turbo-1106' as const,
  maxTokens: 100,
  temperature: 1,
  apiKeyEncrypted: 'v1.aaaa.bbbb.cccc',
  apiKeyMasked: 'sk-…abcd',
  queueId: testId(),
  maxMessages: 10,
});
export const promptCreated = builder('PromptCreated', () => ({
  ...promptRef(),
  userId: testId(),
  ...promptFields(),
}));
export const promptUpdated = builder('PromptUpdated', () => ({ ...promptRef(), ...promptFields() }));
export const promptDeleted = builder('PromptDeleted', promptRef);

const flowRef = () => ({ flowId: testId(), companyId: testId() });
export const flowCreated = builder('FlowCreated', () => ({
  ...flowRef(),
  userId: testId(),
  name: 'Boas-vindas',
  duplicatedFrom: null,
}));
export const flowRenamed = builder('FlowRenamed', () => ({ ...flowRef(), name: 'Atendimento' }));
export const flowSaved = builder('FlowSaved', () => ({
  ...flowRef(),
  version: 1,
  nodes: [
    { id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Inicio do fluxo' } },
    { id: 'm1', type: 'message', position: { x: 500, y: 100 }, data: { label: 'Olá!' } },
  ],
  connections: [{ id: 'e1', source: '1', target: 'm1', sourceHandle: null, targetHandle: null }],
}));
export const flowDeleted = builder('FlowDeleted', flowRef);
const flowCampaignRef = () => ({ flowCampaignId: testId(), companyId: testId() });
const flowCampaignFields = () => ({
  name: 'Promoção',
  phrase: 'quero a promoção',
  flowId: testId(),
  whatsappId: testId(),
  status: true,
});
export const flowCampaignCreated = builder('FlowCampaignCreated', () => ({
  ...flowCampaignRef(),
  userId: testId(),
  ...flowCampaignFields(),
}));
export const flowCampaignUpdated = builder('FlowCampaignUpdated', () => ({
  ...flowCampaignRef(),
  ...flowCampaignFields(),
}));
export const flowCampaignDeleted = builder('FlowCampaignDeleted', flowCampaignRef);

/** Every builder by its event type: the spec checks it lists each type of the contracts once. */
export const invoiceIssued = builder('InvoiceIssued', () => ({
  invoiceId: testId(),
  companyId: testId(),
  detail: 'Plano Profissional - MENSAL',
  value: 99.9,
  dueDate: TEST_NOW,
}));
export const pixChargeCreated = builder('PixChargeCreated', () => ({
  invoiceId: testId(),
  companyId: testId(),
  txid: 'abc123',
  copyPaste: '00020126',
  value: 99.9,
  provider: 'sandbox' as const,
}));
export const invoicePaid = builder('InvoicePaid', () => ({
  invoiceId: testId(),
  companyId: testId(),
  txid: 'abc123',
  paidAt: TEST_NOW,
}));

const queueIntegrationRef = () => ({ integrationId: testId(), companyId: testId() });
const queueIntegrationFields = () => ({
  type: 'webhook' as const,
  name: 'CRM',
  projectName: 'CRM',
  language: '',
  urlN8N: 'https://crm.example/hook',
  typebotDelayMessage: 1000,
  typebotExpires: 1,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotRestartMessage: '',
  typebotSlug: '',
  typebotUnknownMessage: '',
  flowId: null,
});
export const queueIntegrationCreated = builder('QueueIntegrationCreated', () => ({
  ...queueIntegrationRef(),
  fields: queueIntegrationFields(),
  sealedJsonContent: null,
  sealedSecret: 'v1.aaaa.bbbb.cccc',
}));
export const queueIntegrationUpdated = builder('QueueIntegrationUpdated', () => ({
  ...queueIntegrationRef(),
  fields: queueIntegrationFields(),
  sealedJsonContent: null,
}));
export const queueIntegrationDeleted = builder('QueueIntegrationDeleted', queueIntegrationRef);
const webhookDeliveryRef = () => ({ deliveryId: testId(), integrationId: testId(), companyId: testId() });
export const webhookDeliveryRequested = builder('WebhookDeliveryRequested', () => ({
  ...webhookDeliveryRef(),
  ticketId: testId(),
  messageId: testId(),
  url: 'https://crm.example/hook',
  payload: '{}',
  requestedAt: TEST_NOW,
}));
export const webhookDeliveryAttempted = builder('WebhookDeliveryAttempted', () => ({
  ...webhookDeliveryRef(),
  attempt: 1,
  at: TEST_NOW,
  ok: true,
  statusCode: 200,
  error: null,
}));
export const webhookDeliveryAbandoned = builder('WebhookDeliveryAbandoned', () => ({
  ...webhookDeliveryRef(),
  at: TEST_NOW,
  reason: 'retries ran out',
}));

const slaPolicyRef = () => ({ policyId: testId(), companyId: testId() });
const slaPolicyFields = () => ({
  name: 'Atendimento em 1 hora',
  queueId: testId(),
  whatsappId: null,
  firstResponseMinutes: 60,
  nextResponseMinutes: 30,
  resolutionMinutes: 480,
  clock: 'calendar' as const,
});
export const slaPolicyCreated = builder('SlaPolicyCreated', () => ({
  ...slaPolicyRef(),
  ...slaPolicyFields(),
}));
export const slaPolicyUpdated = builder('SlaPolicyUpdated', () => ({
  ...slaPolicyRef(),
  ...slaPolicyFields(),
}));
export const slaPolicyDeleted = builder('SlaPolicyDeleted', slaPolicyRef);

// LGPD (issue 25)
const at = () => '2026-01-01T00:00:00.000Z';
export const contactOptedOut = builder('ContactOptedOut', () => ({
  contactId: testId(),
  companyId: testId(),
  via: 'word' as const,
  word: 'SAIR',
  userId: null,
  optedOutAt: at(),
}));
export const contactOptedIn = builder('ContactOptedIn', () => ({
  contactId: testId(),
  companyId: testId(),
  via: 'admin' as const,
  word: null,
  userId: testId(),
  optedInAt: at(),
}));
export const contactErased = builder('ContactErased', () => ({
  contactId: testId(),
  companyId: testId(),
  userId: testId(),
  erasedAt: at(),
}));
const exportRef = () => ({ exportId: testId(), contactId: testId(), companyId: testId(), userId: testId() });
export const contactExportRequested = builder('ContactExportRequested', () => ({
  ...exportRef(),
  requestedAt: at(),
}));
export const contactExportReady = builder('ContactExportReady', () => ({
  ...exportRef(),
  readyAt: at(),
  expiresAt: '2026-01-02T00:00:00.000Z',
  bytes: 1024,
}));
export const contactExportFailed = builder('ContactExportFailed', () => ({
  ...exportRef(),
  reason: 'disk full',
  failedAt: at(),
}));
export const contactExportDownloaded = builder('ContactExportDownloaded', () => ({
  ...exportRef(),
  downloadedAt: at(),
}));
export const contactExportExpired = builder('ContactExportExpired', () => ({
  ...exportRef(),
  expiredAt: at(),
}));
export const campaignMessageSkipped = builder('CampaignMessageSkipped', () => ({
  campaignId: testId(),
  companyId: testId(),
  index: 0,
  reason: 'optedOut' as const,
  skippedAt: at(),
}));
export const companyMessagesShredded = builder('CompanyMessagesShredded', () => ({
  companyId: testId(),
  before: at(),
  retentionDays: 30,
  shreddedAt: at(),
}));

export const eventBuilders: { [T in EventType]: EventBuilder<T> } = {
  ContactOptedOut: contactOptedOut,
  ContactOptedIn: contactOptedIn,
  ContactErased: contactErased,
  ContactExportRequested: contactExportRequested,
  ContactExportReady: contactExportReady,
  ContactExportFailed: contactExportFailed,
  ContactExportDownloaded: contactExportDownloaded,
  ContactExportExpired: contactExportExpired,
  CampaignMessageSkipped: campaignMessageSkipped,
  CompanyMessagesShredded: companyMessagesShredded,
  SlaPolicyCreated: slaPolicyCreated,
  SlaPolicyUpdated: slaPolicyUpdated,
  SlaPolicyDeleted: slaPolicyDeleted,
  QueueIntegrationCreated: queueIntegrationCreated,
  QueueIntegrationUpdated: queueIntegrationUpdated,
  QueueIntegrationDeleted: queueIntegrationDeleted,
  WebhookDeliveryRequested: webhookDeliveryRequested,
  WebhookDeliveryAttempted: webhookDeliveryAttempted,
  WebhookDeliveryAbandoned: webhookDeliveryAbandoned,
  PromptCreated: promptCreated,
  PromptUpdated: promptUpdated,
  PromptDeleted: promptDeleted,
  FlowCreated: flowCreated,
  FlowRenamed: flowRenamed,
  FlowSaved: flowSaved,
  FlowDeleted: flowDeleted,
  FlowCampaignCreated: flowCampaignCreated,
  FlowCampaignUpdated: flowCampaignUpdated,
  FlowCampaignDeleted: flowCampaignDeleted,
  HelpCreated: helpCreated,
  HelpUpdated: helpUpdated,
  HelpDeleted: helpDeleted,
  AnnouncementCreated: announcementCreated,
  AnnouncementUpdated: announcementUpdated,
  AnnouncementDeleted: announcementDeleted,
  AnnouncementMediaAttached: announcementMediaAttached,
  AnnouncementMediaRemoved: announcementMediaRemoved,
  ContactListCreated: contactListCreated,
  ContactListUpdated: contactListUpdated,
  ContactListDeleted: contactListDeleted,
  ContactListItemAdded: contactListItemAdded,
  ContactListItemUpdated: contactListItemUpdated,
  ContactListItemRemoved: contactListItemRemoved,
  ContactListItemValidated: contactListItemValidated,
  PlanCreated: planCreated,
  PlanUpdated: planUpdated,
  PlanDeleted: planDeleted,
  PlanNameClaimed: planNameClaimed,
  PlanNameReleased: planNameReleased,
  CompanyCreated: companyCreated,
  CompanyUpdated: companyUpdated,
  CompanyDueDateMoved: companyDueDateMoved,
  CompanyDeleted: companyDeleted,
  CompanyErased: companyErased,
  ChatCreated: chatCreated,
  ChatUpdated: chatUpdated,
  ChatDeleted: chatDeleted,
  ChatMessagePosted: chatMessagePosted,
  ChatRead: chatRead,
  CampaignCreated: campaignCreated,
  CampaignUpdated: campaignUpdated,
  CampaignDeleted: campaignDeleted,
  CampaignMediaAttached: campaignMediaAttached,
  CampaignMediaRemoved: campaignMediaRemoved,
  CampaignStarted: campaignStarted,
  CampaignStartRefused: campaignStartRefused,
  CampaignMessageQueued: campaignMessageQueued,
  CampaignMessageSent: campaignMessageSent,
  CampaignMessageFailed: campaignMessageFailed,
  CampaignCancelled: campaignCancelled,
  CampaignRestarted: campaignRestarted,
  CampaignFinished: campaignFinished,
  CampaignSettingsChanged: campaignSettingsChanged,
  CampaignDailySlotTaken: campaignDailySlotTaken,
  FileListCreated: fileListCreated,
  FileListUpdated: fileListUpdated,
  FileListDeleted: fileListDeleted,
  FileListOptionFileUploaded: fileListOptionFileUploaded,
  CompanySignedUp: companySignedUp,
  CompanySettingChanged: companySettingChanged,
  CompanySchedulesChanged: companySchedulesChanged,
  UserCreated: userCreated,
  UserUpdated: userUpdated,
  UserDeleted: userDeleted,
  UserLanguageChanged: userLanguageChanged,
  UserEmailClaimed: userEmailClaimed,
  UserEmailReleased: userEmailReleased,
  UserSeatsCounted: userSeatsCounted,
  UserSeatTaken: userSeatTaken,
  UserSeatFreed: userSeatFreed,
  QueueCreated: queueCreated,
  QueueUpdated: queueUpdated,
  QueueDeleted: queueDeleted,
  QueueSchedulesChanged: queueSchedulesChanged,
  QueueAutomationChanged: queueAutomationChanged,
  QueueOptionCreated: queueOptionCreated,
  QueueOptionUpdated: queueOptionUpdated,
  QueueOptionDeleted: queueOptionDeleted,
  ConnectionCreated: connectionCreated,
  ConnectionUpdated: connectionUpdated,
  ConnectionDeleted: connectionDeleted,
  ConnectionStatusChanged: connectionStatusChanged,
  ConnectionSessionRequested: connectionSessionRequested,
  ConnectionContactsImportRequested: connectionContactsImportRequested,
  ContactCreated: contactCreated,
  ContactUpdated: contactUpdated,
  ContactDeleted: contactDeleted,
  ContactNumberClaimed: contactNumberClaimed,
  ContactNumberReleased: contactNumberReleased,
  ConversationTicketClaimed: conversationTicketClaimed,
  TicketCreated: ticketCreated,
  TicketAccepted: ticketAccepted,
  TicketReturned: ticketReturned,
  TicketTransferred: ticketTransferred,
  TicketClosed: ticketClosed,
  TicketReopened: ticketReopened,
  TicketDeleted: ticketDeleted,
  TicketMessagesRead: ticketMessagesRead,
  TicketSlaWarned: ticketSlaWarned,
  TicketSlaBreached: ticketSlaBreached,
  TicketBotStepped: ticketBotStepped,
  TicketBotEnded: ticketBotEnded,
  TicketQueueAssigned: ticketQueueAssigned,
  TicketAutomationStarted: ticketAutomationStarted,
  TicketAutomationReplied: ticketAutomationReplied,
  TicketVariableSet: ticketVariableSet,
  TicketAutomationEnded: ticketAutomationEnded,
  TicketRatingRequested: ticketRatingRequested,
  TicketRatingReasked: ticketRatingReasked,
  TicketRated: ticketRated,
  TicketNoteAdded: ticketNoteAdded,
  TicketNoteDeleted: ticketNoteDeleted,
  TagCreated: tagCreated,
  TagUpdated: tagUpdated,
  TagDeleted: tagDeleted,
  TicketTagsSynced: ticketTagsSynced,
  InboundMessageReceived: inboundMessageReceived,
  OutboundMessageQueued: outboundMessageQueued,
  OutboundMessageSent: outboundMessageSent,
  OutboundMessageFailed: outboundMessageFailed,
  MessageAcknowledged: messageAcknowledged,
  MessageDeleted: messageDeleted,
  PhoneMessageSent: phoneMessageSent,
  MessageEdited: messageEdited,
  QuickMessageCreated: quickMessageCreated,
  QuickMessageUpdated: quickMessageUpdated,
  QuickMessageDeleted: quickMessageDeleted,
  QuickMessageMediaAttached: quickMessageMediaAttached,
  QuickMessageMediaRemoved: quickMessageMediaRemoved,
  ScheduleCreated: scheduleCreated,
  ScheduleUpdated: scheduleUpdated,
  ScheduleDeleted: scheduleDeleted,
  ScheduleSent: scheduleSent,
  ScheduleFailed: scheduleFailed,
  ScheduleMediaAttached: scheduleMediaAttached,
  ScheduleMediaRemoved: scheduleMediaRemoved,
  InvoiceIssued: invoiceIssued,
  PixChargeCreated: pixChargeCreated,
  InvoicePaid: invoicePaid,
};
