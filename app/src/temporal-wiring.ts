import { Client } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { getSubscription } from '@zelo/projections/billing/queries';
import type { Projection } from '@zelo/projections/runner';
import { automationDispatcher, replyTimeoutMsFromEnv } from '@zelo/services/automation/dispatcher';
import { automationRuntime } from '@zelo/services/automation/runtime';
import { issueInvoice, loadInvoice } from '@zelo/services/billing/handlers';
import { subscriptionRenewalsReactor } from '@zelo/services/billing/renewal-reactor';
import { startCampaignRunsReconciler } from '@zelo/services/campaigns/reconcile-runs';
import { campaignRuntime } from '@zelo/services/campaigns/runtime';
import { campaignTimersReactor } from '@zelo/services/campaigns/timers-reactor';
import { ticketTimerHandlers, ticketTimersReactor } from '@zelo/services/chatbot/timers';
import { exportDirFromEnv } from '@zelo/services/contacts/export-archive';
import { contactExportsReactor } from '@zelo/services/contacts/export-reactor';
import { contactExportRuntime } from '@zelo/services/contacts/export-runtime';
import { mediaDirFromEnv } from '@zelo/services/media/storage';
import type { Deps } from '@zelo/services/platform/command-handler';
import type { Pool } from '@zelo/services/platform/db';
import type { Mailer } from '@zelo/services/platform/mailer';
import { secretBox } from '@zelo/services/platform/secret-box';
import { vaultOf } from '@zelo/services/privacy/sealed-event-store';
import { webhookDeliveryReactor } from '@zelo/services/queue-integrations/webhook-reactor';
import { webhookSender } from '@zelo/services/queue-integrations/webhook-sender';
import {
  loadSchedule,
  runScheduleCommand,
  scheduledMessageId,
  scheduledMessageSender,
} from '@zelo/services/schedules/handlers';
import { scheduleTimersReactor } from '@zelo/services/schedules/reactor';
import { slaTimersReactor } from '@zelo/services/sla/timers';
import { companyErasureReactor } from '@zelo/services/tenancy/erasure-reactor';
import { runCompanyCommand } from '@zelo/services/tenancy/handlers';
import { createAutomationActivities } from '@zelo/workflows/automation/ticket-automation/activities';
import { ticketAutomationClient } from '@zelo/workflows/automation/ticket-automation/client';
import {
  createRenewalActivities,
  type RenewalActivityDeps,
} from '@zelo/workflows/billing/renew-subscription/activities';
import {
  type RenewalTiming,
  subscriptionRenewalsClient,
} from '@zelo/workflows/billing/renew-subscription/client';
import { createCampaignActivities } from '@zelo/workflows/campaigns/run-campaign/activities';
import { campaignRunsClient } from '@zelo/workflows/campaigns/run-campaign/client';
import { createContactExportActivities } from '@zelo/workflows/privacy/export-contact/activities';
import { contactExportsClient } from '@zelo/workflows/privacy/export-contact/client';
import { createWebhookDeliveryActivities } from '@zelo/workflows/queue-integrations/deliver-webhook/activities';
import { webhookDeliveriesClient } from '@zelo/workflows/queue-integrations/deliver-webhook/client';
import type { WebhookRetry } from '@zelo/workflows/queue-integrations/deliver-webhook/workflow';
import {
  createScheduleActivities,
  type ScheduleActivityDeps,
} from '@zelo/workflows/schedules/send-scheduled-message/activities';
import { scheduleTimersClient } from '@zelo/workflows/schedules/send-scheduled-message/client';
import { createCompanyErasureActivities } from '@zelo/workflows/tenancy/erase-company/activities';
import { companyErasureClient } from '@zelo/workflows/tenancy/erase-company/client';
import { createTicketTimerActivities } from '@zelo/workflows/tickets/ticket-timer/activities';
import { ticketTimersClient } from '@zelo/workflows/tickets/ticket-timer/client';

// Where the services' handlers meet Temporal: workflows never import services, and services reach
// Temporal only through the timer ports their reactors declare.

/** The schedule activities' handlers: the schedule's stream, and the messaging side's send. */
export function scheduleActivityDeps(
  deps: Deps,
  sendMessage: ScheduleActivityDeps['sendMessage'] = scheduledMessageSender(deps),
): ScheduleActivityDeps {
  return {
    clock: deps.clock,
    loadSchedule: (scheduleId) => loadSchedule(deps, scheduleId),
    runScheduleCommand: (command, who) => runScheduleCommand(deps, command, who),
    scheduledMessageId,
    sendMessage,
  };
}

/** The renewal's handlers: the read models of companies and plans, the invoice's stream, the mailer. */
export function renewalActivityDeps(
  deps: Deps,
  pool: Pool,
  mail: { mailer: Mailer; webUrl: string },
): RenewalActivityDeps {
  const who = (companyId: string) => ({ companyId, actor: 'system:renewal' });
  return {
    loadSubscription: (companyId) => getSubscription(pool, companyId),
    issueInvoice: (i) => issueInvoice(deps, i, who(i.companyId)),
    invoicePaid: async (invoiceId) => {
      const s = await loadInvoice(deps, invoiceId);
      return s.kind === 'issued' && !!s.paid;
    },
    sendMail: (m) => mail.mailer.send(m),
    webUrl: mail.webUrl,
  };
}

/** Every activity the worker runs, each built on the services' handlers it needs. */
export function workflowActivities(
  deps: Deps,
  pool: Pool,
  mail: { mailer: Mailer; webUrl: string },
  /** The deployment's secret, which opens the prompts' and integrations' sealed keys. */
  secret = '',
  /** Resolves once the read models applied the events up to a position (campaigns wait on it). */
  caughtUp?: (position: string) => Promise<void>,
) {
  return {
    ...createAutomationActivities(automationRuntime(deps, pool, secret)),
    ...createScheduleActivities(scheduleActivityDeps(deps)),
    ...createTicketTimerActivities(ticketTimerHandlers(deps, pool)),
    ...createCampaignActivities(campaignRuntime(deps, pool, { caughtUp })),
    ...createRenewalActivities(renewalActivityDeps(deps, pool, mail)),
    ...createContactExportActivities(
      contactExportRuntime(deps, pool, { mediaRoot: mediaDirFromEnv(), exportRoot: exportDirFromEnv() }),
    ),
    ...createCompanyErasureActivities({
      // The keys first (LGPD, issue 25): the company's customers' data in events is unreadable even if
      // the command below has to be retried.
      eraseCompany: async (companyId) => {
        await vaultOf(deps.store).destroyCompany(companyId);
        return runCompanyCommand(
          deps,
          companyId,
          { type: 'EraseCompany' },
          { companyId, actor: 'system:erasure' },
        );
      },
    }),
  };
}

/** Webhook/n8n deliveries: one POST per activity attempt, signed with the integration's sealed secret. */
export function webhookDeliveryActivities(deps: Deps, pool: Pool, deploymentSecret: string) {
  return createWebhookDeliveryActivities(webhookSender(deps, pool, secretBox(deploymentSecret)));
}

/** The reactor that hands each customer message for a webhook/n8n integration to its delivery workflow. */
export function webhookDeliveryReactors(
  client: Client,
  taskQueue: string,
  deps: Deps,
  pool: Pool,
  retry: WebhookRetry,
): Projection[] {
  return [webhookDeliveryReactor(deps, pool, webhookDeliveriesClient(client, taskQueue, retry))];
}

/** The chatbot reactor's automation half: starts and signals ticket automation runs on Temporal. */
export function automationDispatch(
  connect: () => Promise<Client>,
  taskQueue: string,
  deps: Deps,
  pool: Pool,
) {
  return automationDispatcher(
    deps,
    pool,
    ticketAutomationClient(connect, taskQueue),
    replyTimeoutMsFromEnv(),
  );
}

/**
 * A Temporal client on the SDK's native connection (a signal costs the API process about a third less
 * CPU than over grpc-js), opened on the first call and again after a failed one, so that the role using
 * it starts while Temporal is down.
 */
export function lazyTemporalClient(address: string, namespace = 'default') {
  let client: Promise<Client> | null = null;
  let connection: NativeConnection | null = null;
  return {
    connect(): Promise<Client> {
      client ??= NativeConnection.connect({ address }).then(
        (c) => {
          connection = c;
          return new Client({ connection: c, namespace });
        },
        (err) => {
          client = null;
          throw err;
        },
      );
      return client;
    },
    async close() {
      await connection?.close();
    },
  };
}

/** The reactors that set Temporal timers from events, each through its workflow's client. */
export function timerReactors(
  client: Client,
  taskQueue: string,
  deps: Deps,
  pool: Pool,
  renewal: RenewalTiming = {},
  /** How long a deleted company's data is kept (config.companyRetentionDays). */
  retentionMs = 90 * 86_400_000,
): Projection[] {
  return [
    companyErasureReactor(companyErasureClient(client, taskQueue), retentionMs),
    subscriptionRenewalsReactor(subscriptionRenewalsClient(client, taskQueue, renewal)),
    scheduleTimersReactor(scheduleTimersClient(client, taskQueue)),
    ticketTimersReactor(ticketTimersClient(client, taskQueue), pool, deps),
    campaignTimersReactor(campaignRunsClient(client, taskQueue)),
  ];
}

/** LGPD (issue 25): the reactor that starts each contact export's workflow, and expires them on erasure. */
export function contactExportReactors(
  client: Client,
  taskQueue: string,
  pool: Pool,
  ttlMs: number,
): Projection[] {
  return [contactExportsReactor(contactExportsClient(client, taskQueue), pool, ttlMs)];
}

/**
 * The reactor that arms each ticket's SLA timer, once the sla-clocks read model has passed its events
 * (`caughtUp`): in a runner of its own, so that a read model behind delays only these timers.
 */
export function slaTimerReactors(
  client: Client,
  taskQueue: string,
  deps: Deps,
  pool: Pool,
  caughtUp: (position: string) => Promise<unknown>,
): Projection[] {
  return [slaTimersReactor(ticketTimersClient(client, taskQueue), deps, pool, caughtUp)];
}

/** EM_ANDAMENTO campaigns whose run is not open get it resumed: now, then every `everyMs`. */
export function campaignRunsReconciler(
  client: Client,
  taskQueue: string,
  deps: Deps,
  pool: Pool,
  everyMs: number,
) {
  return startCampaignRunsReconciler(pool, campaignRunsClient(client, taskQueue), deps.clock, everyMs);
}
