import { defaultDatabaseUrl } from './db.ts';

export type Role = 'api' | 'projections' | 'channels' | 'workflows';

export interface Config {
  databaseUrl: string;
  host: string;
  port: number;
  webOrigins: string[];
  jwtSecret: string;
  refreshSecret: string;
  roles: Set<Role>;
  simulator: boolean;
  demoAutoPair: boolean;
  seedDemo: boolean;
  temporalAddress: string;
  temporalTaskQueue: string;
  eventStore: 'postgres' | 'eventstoredb';
  eventStoreUrl: string | null;
  logger: boolean;
}

const DEV_SECRET = 'zelo-development-secret-change-me';

/** Everything is configured by environment variables; the defaults are the embedded single-machine setup. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const roles = (env.ZELO_ROLES ?? 'api,projections,channels,workflows')
    .split(',')
    .map((r) => r.trim()) as Role[];
  const jwtSecret = env.JWT_SECRET ?? DEV_SECRET;
  if (jwtSecret === DEV_SECRET && env.NODE_ENV === 'production')
    throw new Error('JWT_SECRET must be set in production');
  return {
    databaseUrl: env.DATABASE_URL ?? defaultDatabaseUrl,
    host: env.HOST ?? '0.0.0.0',
    port: Number(env.PORT ?? 8080),
    webOrigins: (env.WEB_ORIGIN ?? 'http://localhost:3000,http://127.0.0.1:3000').split(','),
    jwtSecret,
    refreshSecret: env.JWT_REFRESH_SECRET ?? `${jwtSecret}-refresh`,
    roles: new Set(roles),
    simulator: (env.ZELO_SIMULATOR ?? 'true') === 'true',
    demoAutoPair: (env.ZELO_DEMO_AUTOPAIR ?? 'true') === 'true',
    seedDemo: (env.ZELO_SEED_DEMO ?? 'true') === 'true',
    temporalAddress: env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
    /** Tests give each system its own queue, so no other worker runs their workflows. */
    temporalTaskQueue: env.TEMPORAL_TASK_QUEUE ?? 'zelo',
    eventStore: env.EVENT_STORE === 'eventstoredb' ? 'eventstoredb' : 'postgres',
    eventStoreUrl: env.EVENTSTORE_URL ?? null,
    logger: (env.ZELO_LOG ?? 'true') === 'true',
  };
}
