/**
 * The checkpointed subscribers that act on events (send, start timers, import) rather than keep a read
 * model. They share the projections' checkpoint table, but replaying one would act again (send the
 * greetings twice), so the CLI shows them and never replays them. One name each, used by the reactor.
 */
export const REACTORS = {
  scheduleTimers: 'schedule-timers',
  contactsImport: 'contacts-import',
  contactListValidation: 'contact-list-validation',
  chatbot: 'ticket-chatbot',
  automationReplies: 'ticket-automation-replies',
  ticketTimers: 'ticket-timers',
  slaTimers: 'sla-timers',
  automaticMessages: 'ticket-automatic-messages',
  /** LGPD (issue 25): a customer's opt-out / opt-in word, and its one confirmation. */
  optOutWords: 'contact-opt-out-words',
  campaignTimers: 'campaign-timers',
  campaignDelivery: 'campaign-delivery',
  invoicePayments: 'invoice-payments',
  subscriptionRenewals: 'subscription-renewals',
  companyErasure: 'company-erasure',
  webhookDeliveries: 'queue-integration-webhooks',
  contactExports: 'contact-exports-timers',
} as const;

export const reactorNames: readonly string[] = Object.values(REACTORS);
