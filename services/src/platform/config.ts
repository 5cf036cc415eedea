import { defaultDatabaseUrl } from './db.ts';

export type Role = 'api' | 'projections' | 'channels' | 'workflows';

export interface Config {
  databaseUrl: string;
  /** Connections this process's pool may open (several processes share PostgreSQL's max_connections). */
  databasePoolMax: number;
  /**
   * Where the LISTEN connections go (change feed, checkpoints, outbound queue, event appends): a direct
   * connection to PostgreSQL when DATABASE_URL goes through a transaction pooler, which cannot LISTEN.
   */
  listenDatabaseUrl: string;
  host: string;
  port: number;
  webOrigins: string[];
  /** null: none configured, the one generated on first start and kept in the database is used. */
  jwtSecret: string | null;
  refreshSecret: string | null;
  /** scrypt cost of new password hashes, as log2(N); 17 (OWASP) unless a test lowers it. */
  passwordHashLog2N: number;
  /** Fastify's trustProxy: whom to believe for the client address and the protocol (x-forwarded-*). */
  trustProxy: TrustProxy;
  /** The refresh cookie's Secure flag: on, off, or 'auto' (on when the request came over HTTPS). */
  cookieSecure: boolean | 'auto';
  roles: Set<Role>;
  simulator: boolean;
  demoAutoPair: boolean;
  seedDemo: boolean;
  /** The first super-admin of a deployment without the demo seed (ZELO_ADMIN_EMAIL / ZELO_ADMIN_PASSWORD). */
  firstAdmin: { email: string | null; password: string | null };
  temporalAddress: string;
  temporalTaskQueue: string;
  /** The Temporal namespace (`default` unless TEMPORAL_NAMESPACE): test workers each keep one of their own. */
  temporalNamespace: string;
  eventStore: 'postgres' | 'eventstoredb';
  eventStoreUrl: string | null;
  logger: boolean;
  /** Outgoing e-mail (password reset, invoice reminders): Mailpit on the embedded setup. */
  smtpUrl: string;
  mailFrom: string;
  /** The web app's address, for links in e-mails. */
  publicWebUrl: string;
  /** Payments: the embedded Pix sandbox (operator marks charges paid) or Efí. */
  payments: PaymentsConfig;
  /** Days a deleted company's data is kept before it is erased. */
  companyRetentionDays: number;
  /** Days before the due date the renewal issues the invoice, and sends its second reminder. */
  renewal: { issueLeadDays: number; reminderDays: number };
  /** Webhook/n8n deliveries: the first retry's delay, doubling up to maxMs, at most `attempts` POSTs. */
  webhookRetry: { initialMs: number; maxMs: number; attempts: number };
  /** How often the workflows role looks for EM_ANDAMENTO campaigns without a run (and resumes them). */
  campaignReconcileMs: number;
  /** How long an export of a contact's data waits for its one download (LGPD: 24 h; tests shorten it). */
  contactExportTtlMs: number;
  /** How often the workflows role shreds messages past their company's messageRetentionDays (a day). */
  messageRetentionEveryMs: number;
}

export type PaymentsConfig =
  | { provider: 'sandbox'; pixKey: string; merchantName: string; merchantCity: string }
  | {
      provider: 'efi';
      pixKey: string;
      clientId: string;
      clientSecret: string;
      /** Path of the .p12 certificate Efí issues for the Pix API. */
      certificatePath: string;
      sandbox: boolean;
      /** Base URL override (tests point it at a local server speaking Efí's API). */
      baseUrl: string | null;
      /** Shared secret Efí's webhook calls must carry (`?hmac=` on the registered URL). */
      webhookSecret: string;
    };

/** Everything is configured by environment variables; the defaults are the embedded single-machine setup. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const roles = (env.ZELO_ROLES ?? 'api,projections,channels,workflows')
    .split(',')
    .map((r) => r.trim()) as Role[];
  const production = env.NODE_ENV === 'production';
  // No secret in the repository: without JWT_SECRET a random one is generated on first start and kept
  // in the database. Production must say which secret it signs with.
  const jwtSecret = env.JWT_SECRET?.trim() ? env.JWT_SECRET : null;
  if (!jwtSecret && production) throw new Error('JWT_SECRET must be set in production (NODE_ENV=production)');
  const log2N = Number(env.ZELO_PASSWORD_HASH_LOG2N ?? 17);
  if (!Number.isInteger(log2N) || log2N < 10 || log2N > 20)
    throw new Error('ZELO_PASSWORD_HASH_LOG2N must be an integer from 10 to 20');
  const poolMax = Number(env.ZELO_DB_POOL_MAX ?? 20);
  if (!Number.isInteger(poolMax) || poolMax < 2 || poolMax > 200)
    throw new Error('ZELO_DB_POOL_MAX must be an integer from 2 to 200');
  if (production && log2N < 17) throw new Error('ZELO_PASSWORD_HASH_LOG2N cannot be lowered in production');
  // The simulator's endpoints have no session and the demo admin's password is public: both are for the
  // embedded `npm start`. Production runs without them unless the operator insists.
  const simulator = (env.ZELO_SIMULATOR ?? (production ? 'false' : 'true')) === 'true';
  const seedDemo = (env.ZELO_SEED_DEMO ?? (production ? 'false' : 'true')) === 'true';
  if (production && (simulator || seedDemo) && env.ZELO_ALLOW_DEMO_IN_PRODUCTION !== 'true')
    throw new Error(
      'ZELO_SIMULATOR and ZELO_SEED_DEMO are refused in production (NODE_ENV=production): the simulator needs no session and the demo admin has a public password; set ZELO_ALLOW_DEMO_IN_PRODUCTION=true to force them',
    );
  return {
    databaseUrl: env.DATABASE_URL ?? defaultDatabaseUrl,
    databasePoolMax: poolMax,
    listenDatabaseUrl: env.LISTEN_DATABASE_URL || env.DATABASE_URL || defaultDatabaseUrl,
    host: env.HOST ?? '0.0.0.0',
    port: Number(env.PORT ?? 8080),
    webOrigins: (env.WEB_ORIGIN ?? 'http://localhost:3000,http://127.0.0.1:3000').split(','),
    jwtSecret,
    refreshSecret: env.JWT_REFRESH_SECRET?.trim() ? env.JWT_REFRESH_SECRET : null,
    passwordHashLog2N: log2N,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    cookieSecure: env.COOKIE_SECURE === 'true' ? true : env.COOKIE_SECURE === 'false' ? false : 'auto',
    roles: new Set(roles),
    simulator,
    demoAutoPair: (env.ZELO_DEMO_AUTOPAIR ?? 'true') === 'true',
    seedDemo,
    firstAdmin: {
      email: env.ZELO_ADMIN_EMAIL?.trim() || null,
      password: env.ZELO_ADMIN_PASSWORD ? env.ZELO_ADMIN_PASSWORD : null,
    },
    temporalAddress: env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
    temporalTaskQueue: env.TEMPORAL_TASK_QUEUE ?? taskQueueOf(env.DATABASE_URL ?? defaultDatabaseUrl),
    temporalNamespace: env.TEMPORAL_NAMESPACE || 'default',
    eventStore: env.EVENT_STORE === 'eventstoredb' ? 'eventstoredb' : 'postgres',
    eventStoreUrl: env.EVENTSTORE_URL ?? null,
    logger: (env.ZELO_LOG ?? 'true') === 'true',
    smtpUrl: env.SMTP_URL ?? 'smtp://127.0.0.1:1025',
    mailFrom: env.MAIL_FROM ?? 'Zelo <no-reply@zelo.local>',
    publicWebUrl: env.PUBLIC_WEB_URL ?? 'http://localhost:3000',
    payments: loadPayments(env),
    companyRetentionDays: Number(env.ZELO_COMPANY_RETENTION_DAYS ?? 90),
    renewal: {
      issueLeadDays: Number(env.ZELO_RENEWAL_ISSUE_LEAD_DAYS ?? 20),
      reminderDays: Number(env.ZELO_RENEWAL_REMINDER_DAYS ?? 3),
    },
    webhookRetry: {
      initialMs: Number(env.ZELO_WEBHOOK_RETRY_INITIAL_MS ?? 5_000),
      maxMs: Number(env.ZELO_WEBHOOK_RETRY_MAX_MS ?? 10 * 60_000),
      attempts: Number(env.ZELO_WEBHOOK_RETRY_ATTEMPTS ?? 10),
    },
    campaignReconcileMs: Number(env.ZELO_CAMPAIGN_RECONCILE_MS ?? 60_000),
    contactExportTtlMs: Number(env.ZELO_CONTACT_EXPORT_TTL_MS ?? 24 * 3600 * 1000),
    messageRetentionEveryMs: Number(env.ZELO_MESSAGE_RETENTION_EVERY_MS ?? 24 * 3600 * 1000),
  };
}

function loadPayments(env: NodeJS.ProcessEnv): PaymentsConfig {
  if (env.PAYMENTS_PROVIDER === 'efi') {
    const need = (name: string) => {
      const value = env[name]?.trim();
      if (!value) throw new Error(`${name} must be set when PAYMENTS_PROVIDER=efi`);
      return value;
    };
    return {
      provider: 'efi',
      pixKey: need('EFI_PIX_KEY'),
      clientId: need('EFI_CLIENT_ID'),
      clientSecret: need('EFI_CLIENT_SECRET'),
      certificatePath: need('EFI_CERTIFICATE'),
      sandbox: env.EFI_SANDBOX === 'true',
      baseUrl: env.EFI_BASE_URL?.trim() || null,
      webhookSecret: need('EFI_WEBHOOK_SECRET'),
    };
  }
  // Without a provider the BR Codes pay a sandbox key: no money moves, the operator marks charges paid
  // (a self-hosted single company, or billing done elsewhere).
  return {
    provider: 'sandbox',
    pixKey: env.PIX_SANDBOX_KEY ?? 'sandbox@zelo.dev',
    merchantName: env.PIX_MERCHANT_NAME ?? 'ZELO DEMO',
    merchantCity: env.PIX_MERCHANT_CITY ?? 'SAO PAULO',
  };
}

/** Fastify's trustProxy: whether, or which proxies (addresses/CIDRs, or a hop test), to believe. */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

/** TRUST_PROXY: unset/false (direct), true (any proxy), a hop count, or addresses/CIDRs separated by commas. */
function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim();
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

/**
 * The Temporal task queue of a deployment: its database's name (`zelo` for the default one). Workflows
 * carry their task queue, so a dev server shared by several databases (npm start, every test run) never
 * hands one database's timers to a worker of another.
 */
export function taskQueueOf(databaseUrl: string): string {
  try {
    return decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || 'zelo';
  } catch {
    return 'zelo';
  }
}
