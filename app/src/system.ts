import { CheckpointWatcher } from '@zelo/projections/checkpoint-watcher';
import { connectionProvider } from '@zelo/projections/connections/queries';
import { allProjections, readModelMigrations } from '@zelo/projections/registry';
import { type Projection, ProjectionRunner } from '@zelo/projections/runner';
import type { buildApp, RouteSummary } from '@zelo/services/api/app';
import type { AppContext } from '@zelo/services/api/context';
import { idempotencyMigrations } from '@zelo/services/api/idempotency';
import { refreshTokenMigrations } from '@zelo/services/auth/refresh-tokens';
import { deriveSecret, resolveSecret } from '@zelo/services/auth/sessions';
import { invoiceDueDate } from '@zelo/services/billing/handlers';
import { invoicePaymentsReactor } from '@zelo/services/billing/payment-reactor';
import { paymentsFor } from '@zelo/services/billing/payments/from-config';
import { campaignDeliveryMigrations } from '@zelo/services/campaigns/delivery-reactor';
import { baileysMigrations } from '@zelo/services/channels/baileys/migrations';
import { channelEventsFor, companyResolver, groupsIgnoredBy } from '@zelo/services/channels/channel-events';
import { leaseMigrations } from '@zelo/services/channels/leases';
import type { ChannelAdapter } from '@zelo/services/channels/port';
import { SimulatorChannel, simulatorMigrations } from '@zelo/services/channels/simulator';
import { ChannelWorker } from '@zelo/services/channels/worker';
import type { EventStore } from '@zelo/services/event-store/port';
import { eventStoreMigrations, PostgresEventStore } from '@zelo/services/event-store/postgres';
import { mediaUploadsMigrations } from '@zelo/services/media/uploads';
import { type Clock, systemClock } from '@zelo/services/platform/clock';
import type { Deps } from '@zelo/services/platform/command-handler';
import type { Config } from '@zelo/services/platform/config';
import { createPool, ensureDatabase } from '@zelo/services/platform/db';
import { smtpMailer } from '@zelo/services/platform/mailer';
import { migrate } from '@zelo/services/platform/migrate';
import { keyVaultMigrations } from '@zelo/services/privacy/key-vault';
import { sealRecordedHistory } from '@zelo/services/privacy/seal-recorded-history';
import { sealedEventStore } from '@zelo/services/privacy/sealed-event-store';
import { startPrivacy } from '@zelo/services/privacy/start';
import { seed } from '@zelo/services/seed';
import { moveDueDateForPayment } from '@zelo/services/tenancy/handlers';
import { setPasswordHashCost } from '@zelo/services/users/password';

/**
 * How long a campaign batch waits for the read models to apply the one before it: long enough to
 * absorb a batch under load, short enough that projections stopped or far behind only slow a campaign.
 */
const CAMPAIGN_CATCH_UP_MS = 3_000;

export const allMigrations = [
  ...eventStoreMigrations,
  ...readModelMigrations,
  ...refreshTokenMigrations,
  ...simulatorMigrations,
  ...baileysMigrations,
  ...leaseMigrations,
  ...idempotencyMigrations,
  ...campaignDeliveryMigrations,
  ...mediaUploadsMigrations,
  ...keyVaultMigrations,
];

async function createEventStore(config: Config, pool: ReturnType<typeof createPool>): Promise<EventStore> {
  if (config.eventStore === 'eventstoredb') {
    if (!config.eventStoreUrl) throw new Error('EVENT_STORE=eventstoredb needs EVENTSTORE_URL');
    const { EventStoreDBEventStore } = await import('@zelo/services/event-store/eventstoredb');
    return new EventStoreDBEventStore(config.eventStoreUrl);
  }
  return new PostgresEventStore(pool, config.listenDatabaseUrl);
}

export interface Zelo {
  deps: Deps;
  ctx: AppContext;
  runner: ProjectionRunner | null;
  channels: ChannelWorker | null;
  simulator: SimulatorChannel | null;
  app: Awaited<ReturnType<typeof buildApp>>['app'] | null;
  gateway: Awaited<ReturnType<typeof buildApp>>['gateway'] | null;
  /** The API's routes (empty without the api role). */
  routes: RouteSummary[];
  url: string | null;
  stop(): Promise<void>;
}

/**
 * Starts the roles this process plays. `npm start` plays all of them in one process on the embedded
 * defaults; docker-compose runs one role per container against the same database and event store.
 */
export async function startZelo(config: Config, options: StartOptions = {}): Promise<Zelo> {
  // What is up so far, to stop in reverse when the start fails or is aborted (a SIGTERM during
  // start-up): a half-started process must not keep serving, nor hold connections.
  const started: (() => Promise<void>)[] = [];
  try {
    return await startRoles(config, options, started);
  } catch (err) {
    for (const stop of started.reverse()) await stop().catch(() => {});
    throw err;
  }
}

export interface StartOptions {
  clock?: Clock;
  extraStops?: (() => Promise<void>)[];
  /** Aborted (main's SIGTERM/SIGINT): the start stops what it started and throws. */
  signal?: AbortSignal;
  /** The API's log goes here (a test reads it). */
  logStream?: { write(line: string): void };
}

async function startRoles(
  config: Config,
  options: StartOptions,
  started: (() => Promise<void>)[],
): Promise<Zelo> {
  const go = () => options.signal?.throwIfAborted();
  go();
  await ensureDatabase(config.databaseUrl);
  go();
  const pool = createPool(config.databaseUrl, config.databasePoolMax);
  started.push(() => pool.end());
  await migrate(pool, allMigrations);
  go();
  setPasswordHashCost(config.passwordHashLog2N);
  // The configured secret, else the one generated on this database's first start.
  const jwtSecret = await resolveSecret(pool, 'jwt', config.jwtSecret);
  const refreshSecret = config.refreshSecret ?? deriveSecret(jwtSecret, 'refresh');
  // Personal data in events is sealed under keys that erasure and retention destroy (issue 25); the
  // store's vault (privacy/sealed-event-store.ts vaultOf) is the one every role of this process uses.
  const vault = await startPrivacy(pool, config.listenDatabaseUrl);
  started.push(() => vault.close());
  if (config.eventStore !== 'eventstoredb') await sealRecordedHistory(pool, vault);
  const store = sealedEventStore(await createEventStore(config, pool), vault);
  started.push(() => store.close());
  const deps: Deps = { store, clock: options.clock ?? systemClock };
  const watcher = new CheckpointWatcher(config.listenDatabaseUrl, (a, b) => store.comparePositions(a, b));
  started.push(() => watcher.stop());
  await watcher.start(pool);
  go();

  let runner: ProjectionRunner | null = null;
  if (config.roles.has('projections')) {
    runner = new ProjectionRunner(pool, store, allProjections(), { pollMs: 500, batchSize: 500, paceMs: 25 });
    runner.on('applied', (name: string, position: string) => watcher.record(name, position));
    runner.start();
    started.push(() => runner!.stop());
  }

  // One process seeds (the API's); a projections-only process must not race it.
  if (config.roles.has('api')) await seed(deps, { demo: config.seedDemo, firstAdmin: config.firstAdmin });
  go();

  let channels: ChannelWorker | null = null;
  // The simulator's customer side is served by the API; its sessions and sends by the channel worker.
  const events = channelEventsFor(deps, companyResolver(pool), groupsIgnoredBy(pool));
  const simulator =
    config.simulator && (config.roles.has('channels') || config.roles.has('api'))
      ? new SimulatorChannel(pool, events, { autoPair: config.demoAutoPair })
      : null;
  if (config.roles.has('channels')) {
    // Real WhatsApp numbers: one Baileys socket per connection this worker holds.
    const { BaileysChannel } = await import('@zelo/services/channels/baileys/adapter');
    const { messageLookup } = await import('@zelo/services/channels/baileys/get-message');
    const { localMediaPath } = await import('@zelo/services/channels/baileys/outbound');
    const { localMediaStorage, mediaDirFromEnv } = await import('@zelo/services/media/storage');
    const { uploadLedger } = await import('@zelo/services/media/uploads');
    const mediaRoot = mediaDirFromEnv();
    const baileys = new BaileysChannel({
      pool,
      events,
      storage: localMediaStorage(mediaRoot, deps.clock, uploadLedger(pool)),
      mediaPath: (url) => localMediaPath(mediaRoot, url),
      lookupMessage: messageLookup(deps),
    });
    const adapterFor = (provider: string): ChannelAdapter | undefined =>
      provider === 'simulator' ? (simulator ?? undefined) : provider === 'baileys' ? baileys : undefined;
    channels = new ChannelWorker(deps, pool, config.listenDatabaseUrl, adapterFor);
    // Connections projected later (the seed's, new ones) reach the worker through the change feed.
    started.push(() => channels!.stop());
    await channels.start();
    go();
    // Greetings and transfer notices are sends, so they react beside the channel; own runner, own lag.
    const { automaticMessagesReactor } = await import('@zelo/services/tickets/automatic-messages-reactor');
    const { contactsImportReactor } = await import('@zelo/services/channels/contacts-import-reactor');
    const adapterOf = async (whatsappId: string) => {
      const provider = await connectionProvider(pool, whatsappId);
      return provider ? adapterFor(provider) : undefined;
    };
    const { chatbotReactor } = await import('@zelo/services/chatbot/reactor');
    // Flows, prompts and integrations run as Temporal workflows, started and signalled from the chatbot
    // reactor; the connection opens on the first use.
    const { automationDispatch, lazyTemporalClient } = await import('./temporal-wiring.ts');
    const temporal = lazyTemporalClient(config.temporalAddress, config.temporalNamespace);
    started.push(() => temporal.close());
    const automation = automationDispatch(() => temporal.connect(), config.temporalTaskQueue, deps, pool);
    const { repliesReactor } = await import('@zelo/services/chatbot/replies-reactor');
    const { campaignDeliveryReactor } = await import('@zelo/services/campaigns/delivery-reactor');
    const { contactListValidationReactor } = await import('@zelo/services/contact-lists/validation-reactor');
    const { optOutReactor } = await import('@zelo/services/contacts/opt-out-reactor');
    // One runner per hot reactor: a group's batch waits for its slowest member, and who answers a
    // customer (the chatbot, a flow's signal) must not wait for a campaign's deliveries or for the
    // replies of the batch before.
    // paceMs: how long a group's work may wait while events keep coming (each read is round trips
    // that every append would otherwise cost it); the chatbot answers customers, so it never waits.
    const groups: [Projection[], number][] = [
      [[chatbotReactor(deps, pool, automation)], 0],
      [
        [
          // What an automation said that its writer did not queue in the same write (events recorded
          // before writers did, a stop in between on EventStoreDB): nothing to do on PostgreSQL today,
          // so it no longer keeps a runner (a read and a transaction per append) of its own.
          repliesReactor(deps, pool),
          automaticMessagesReactor(deps),
          contactsImportReactor(deps, adapterOf),
          // Asks WhatsApp whether contact list numbers have an account: only a session here can ask.
          contactListValidationReactor(deps, pool, adapterFor),
          // A campaign shipment's deliveredAt (or failure) from its message's outcome.
          campaignDeliveryReactor(deps),
          // A customer's opt-out word (LGPD): the contact opted out, and one confirmation queued.
          optOutReactor(deps),
        ],
        // Greetings answer a customer's first message: paced, one came after the customer's second.
        0,
      ],
    ];
    for (const [group, paceMs] of groups) {
      const reactions = new ProjectionRunner(pool, store, group, { pollMs: 500, paceMs });
      reactions.start();
      started.push(() => reactions.stop());
    }
    // What the validation reactor could not ask (it ran in a worker holding none of the company's sessions).
    const { contactListValidationSweep } = await import('@zelo/services/contact-lists/validation-reactor');
    const sweep = contactListValidationSweep(deps, pool, adapterFor);
    started.push(() => sweep.stop());
  }

  // Pooled SMTP connections open on the first e-mail; closed with the rest.
  const mailer = smtpMailer(config.smtpUrl, config.mailFrom);
  started.push(async () => mailer.close());
  const ctx: AppContext = {
    deps,
    pool,
    watcher,
    simulator,
    mailer,
    payments: paymentsFor(config.payments),
    config: {
      jwtSecret,
      refreshSecret,
      webOrigins: config.webOrigins,
      accessTtl: 15 * 60,
      refreshTtlDays: 7,
      cookieSecure: config.cookieSecure,
      trustProxy: config.trustProxy,
      publicWebUrl: config.publicWebUrl,
    },
  };

  // A paid invoice moves its company's due date: a reactor that only sends commands, beside the read
  // models (so a payment renews without the workflows role).
  if (config.roles.has('projections')) {
    const billing = new ProjectionRunner(
      pool,
      store,
      [
        invoicePaymentsReactor(
          (companyId, payment, who) => moveDueDateForPayment(deps, companyId, payment, who),
          invoiceDueDate(deps),
        ),
      ],
      // A payment's due date can wait a quarter of a second; reading on every append cannot.
      { pollMs: 500, paceMs: 250 },
    );
    billing.start();
    started.push(() => billing.stop());
  }

  // Workflows: the Temporal worker, and the reactors that keep the schedules' and tickets' timers. The
  // reactors have their own runner so that a Temporal outage delays timers without stopping the read models.
  if (config.roles.has('workflows')) {
    const { Client } = await import('@temporalio/client');
    const { startWorker } = await import('@zelo/workflows/worker');
    const {
      campaignRunsReconciler,
      contactExportReactors,
      slaTimerReactors,
      timerReactors,
      workflowActivities,
      webhookDeliveryActivities,
      webhookDeliveryReactors,
    } = await import('./temporal-wiring.ts');
    const taskQueue = config.temporalTaskQueue;
    // A campaign batch waits (at most this long) for the read models to apply the previous one.
    const caughtUp = (position: string) =>
      watcher.waitFor(position, ['conversations'], CAMPAIGN_CATCH_UP_MS).then(
        () => {},
        () => {},
      );
    // LGPD (issue 25): erasures and retention destroy keys and remove media files.
    const { mediaDirFromEnv } = await import('@zelo/services/media/storage');
    const { contactErasureActivities, messageRetentionActivities } = await import('./privacy-wiring.ts');
    const readModelsPassed = (position: string) =>
      watcher.waitFor(
        position,
        allProjections().map((p) => p.name),
        50_000,
      );
    const worker = await startWorker({
      address: config.temporalAddress,
      namespace: config.temporalNamespace,
      taskQueue,
      activities: {
        ...contactErasureActivities(deps, pool, vault, mediaDirFromEnv(), readModelsPassed),
        ...messageRetentionActivities(deps, pool, vault, mediaDirFromEnv()),
        ...workflowActivities(deps, pool, { mailer, webUrl: config.publicWebUrl }, jwtSecret, caughtUp),
        ...webhookDeliveryActivities(deps, pool, jwtSecret),
      },
    });
    started.push(() => worker.stop());
    go();
    // The timers' client shares the worker's native connection (closed by worker.stop, after the timers).
    const client = new Client({ connection: worker.connection, namespace: config.temporalNamespace });
    const day = 24 * 3600 * 1000;
    const renewal = {
      issueLeadMs: config.renewal.issueLeadDays * day,
      reminderLeadMs: config.renewal.reminderDays * day,
    };
    const retentionMs = config.companyRetentionDays * day;
    const timers = new ProjectionRunner(
      pool,
      store,
      [
        ...timerReactors(client, taskQueue, deps, pool, renewal, retentionMs),
        ...webhookDeliveryReactors(client, taskQueue, deps, pool, config.webhookRetry),
        ...contactExportReactors(client, taskQueue, pool, config.contactExportTtlMs),
      ],
      // Timers and webhook deliveries can wait a quarter of a second; reading on every append cannot.
      { pollMs: 500, paceMs: 250 },
    );
    timers.start();
    started.push(() => timers.stop());
    // SLA timers wait for the sla-clocks read model to pass each event they arm for (sla/timers.ts): a
    // runner of their own, so that a read model behind (or a rebuild's swap) delays only them.
    const slaCaughtUp = (position: string) => watcher.waitFor(position, ['sla-clocks']);
    const slaReactors = slaTimerReactors(client, taskQueue, deps, pool, slaCaughtUp);
    const slaTimers = new ProjectionRunner(pool, store, slaReactors, { pollMs: 500, paceMs: 250 });
    slaTimers.start();
    started.push(() => slaTimers.stop());
    // Message retention's daily round (idempotent start: the first workflows process starts it).
    const { ensureMessageRetention } = await import('@zelo/workflows/privacy/retention/client');
    await ensureMessageRetention(client, taskQueue, { everyMs: config.messageRetentionEveryMs });
    // A campaign EM_ANDAMENTO with no open run (lost under a restart, terminated) is resumed.
    const reconciler = campaignRunsReconciler(client, taskQueue, deps, pool, config.campaignReconcileMs);
    started.push(() => reconciler.stop());
  }

  // The API stores the uploads: it also removes, now and then, those nothing refers to any more.
  if (config.roles.has('api')) {
    const { mediaDirFromEnv } = await import('@zelo/services/media/storage');
    const { startUploadSweeps } = await import('@zelo/services/media/sweep');
    const sweeps = startUploadSweeps({
      pool,
      root: mediaDirFromEnv(),
      source: store,
      projections: allProjections(),
    });
    started.push(() => sweeps.stop());
  }

  let built: Awaited<ReturnType<typeof buildApp>> | null = null;
  let url: string | null = null;
  if (config.roles.has('api')) {
    // Contacts' erasures (LGPD) start from the API: a Temporal client opened on the first one.
    const { lazyTemporalClient } = await import('./temporal-wiring.ts');
    const { contactErasuresOn } = await import('./privacy-wiring.ts');
    const temporal = lazyTemporalClient(config.temporalAddress, config.temporalNamespace);
    started.push(() => temporal.close());
    ctx.contactErasures = contactErasuresOn(() => temporal.connect(), config.temporalTaskQueue);
    // The HTTP stack (Fastify, mercurius, GraphQL) only where it serves: other roles start lighter.
    const { buildApp } = await import('@zelo/services/api/app');
    built = await buildApp(ctx, {
      listenDatabaseUrl: config.listenDatabaseUrl,
      logger: config.logger,
      logStream: options.logStream,
    });
    const app = built.app;
    started.push(() => app.close());
    go();
    url = await app.listen({ host: config.host, port: config.port });
    go();
  }

  return {
    deps,
    ctx,
    runner,
    channels,
    simulator,
    app: built?.app ?? null,
    gateway: built?.gateway ?? null,
    routes: built?.routes ?? [],
    url,
    // What started, stopped in reverse: the API first, the pool last.
    async stop() {
      for (const s of [...(options.extraStops ?? []), ...[...started].reverse()]) await s();
    },
  };
}
