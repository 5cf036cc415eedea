import '@fastify/jwt';
import type { CheckpointWatcher } from '@zelo/projections/checkpoint-watcher';
import type { PaymentsPort } from '../billing/payments/port.ts';
import type { SimulatorChannel } from '../channels/simulator.ts';
import type { Actor, Deps } from '../platform/command-handler.ts';
import type { TrustProxy } from '../platform/config.ts';
import type { Pool } from '../platform/db.ts';
import type { Mailer } from '../platform/mailer.ts';
import type { ContactErasures } from '../privacy/erasure-starts.ts';

/** What every route plugin receives. */
export interface AppContext {
  deps: Deps;
  pool: Pool;
  watcher: CheckpointWatcher;
  config: {
    jwtSecret: string;
    refreshSecret: string;
    webOrigins: string[];
    /** Access token lifetime in seconds. */
    accessTtl: number;
    refreshTtlDays: number;
    /** The refresh cookie's Secure flag: on, off, or on when the request came over HTTPS. */
    cookieSecure: boolean | 'auto';
    /** Fastify's trustProxy (client address and protocol from x-forwarded-* when set). */
    trustProxy: TrustProxy;
    /** The web app's address, for links in e-mails. */
    publicWebUrl: string;
  };
  /** Outgoing e-mail (SMTP_URL; Mailpit on the embedded setup). */
  mailer: Mailer;
  /** Pix charges and their notices: the sandbox, or Efí (PAYMENTS_PROVIDER). */
  payments: PaymentsPort;
  simulator: SimulatorChannel | null;
  /** Users with a live socket in this API process (the dashboard's online column). */
  presence?: (companyId: string) => Set<string>;
  /** Starts contacts' erasure workflows (LGPD, issue 25); wired by the app on Temporal. */
  contactErasures?: ContactErasures;
}

export interface SessionUser {
  id: string;
  companyId: string;
  profile: 'admin' | 'user';
  super: boolean;
}

/**
 * The user behind a request or socket as he is now (sessions.ts `currentSession`): with the queues and
 * the allTicket setting that decide which tickets he sees (doc 1 §6).
 */
export interface Viewer extends SessionUser {
  queueIds: string[];
  allTicket: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Viewer;
  }
}

/**
 * Who acts in an authenticated request, as its events record it: the session's user in its company,
 * and the request's id as their correlation id (what one request wrote can be found together).
 */
export const actorOf = (request: { session: SessionUser; id: string }): Actor & { companyId: string } => ({
  companyId: request.session.companyId,
  actor: request.session.id,
  correlationId: request.id,
});

/**
 * An access token's claims: the user as at sign-in, its session (refresh family) and session version,
 * and, once signed, its expiry (seconds since the epoch).
 */
export interface AccessTokenClaims extends SessionUser {
  sid?: string;
  v?: number;
  exp?: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: AccessTokenClaims;
  }
}
