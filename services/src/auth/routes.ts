import '@fastify/cookie';
import { LoginRequest } from '@zelo/contracts/auth/api';
import type { SessionAnswer } from '@zelo/contracts/auth/read-models';
import { DomainError } from '@zelo/contracts/errors';
import type { SessionUserView } from '@zelo/contracts/users/read-models';
import { companyActivity } from '@zelo/projections/tenancy/queries';
import { sessionUser, userForLogin } from '@zelo/projections/users/queries';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessTokenClaims, AppContext } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import type { SocketGateway } from '../api/socket-gateway.ts';
import { newId } from '../platform/ids.ts';
import { isSubscriptionActive } from '../tenancy/domain/company.ts';
import { runUserCommand } from '../users/handlers.ts';
import { checkPassword, hashPassword } from '../users/password.ts';
import { issueRefreshToken, revokeToken, rotateRefreshToken } from './refresh-tokens.ts';
import { endUserSessions, sessionVersion } from './sessions.ts';
import { assertLoginAllowed, clearAccountFailures, perAddressLimit, recordLoginFailure } from './throttle.ts';

export const REFRESH_COOKIE = 'jrt';
/** Login requests per address and minute, successful or not (each costs a password hash). */
const LOGIN_REQUESTS_PER_MINUTE = 120;

const formatDate = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

export async function authRoutes(
  plain: FastifyInstance,
  { ctx, publish }: { ctx: AppContext; publish: SocketGateway['publish'] },
) {
  const app = typed(plain);
  // Secure follows the deployment: configured, or on when the request came over HTTPS (directly, or
  // per x-forwarded-proto from a proxy Fastify trusts, TRUST_PROXY).
  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.cookieSecure === 'auto' ? request.protocol === 'https' : ctx.config.cookieSecure,
    path: '/auth',
    maxAge: ctx.config.refreshTtlDays * 86_400,
  });

  function assertSubscriptionActive(user: { super: boolean; dueDate: string | Date | null }) {
    if (user.dueDate === null) return;
    const dueDate = new Date(user.dueDate).toISOString();
    if (!user.super && !isSubscriptionActive(dueDate, ctx.deps.clock.now())) {
      throw new DomainError(
        'ERR_SUBSCRIPTION_EXPIRED',
        `Opss! Sua assinatura venceu ${formatDate(dueDate)}. Entre em contato com o Suporte para mais informações!`,
        { dueDate },
      );
    }
  }

  /** A deleted company's users, and a switched-off one's (but the super user), are refused. */
  function assertCompanyActive(user: { super: boolean; companyActive: boolean; companyDeleted: boolean }) {
    if (user.companyDeleted || (!user.companyActive && !user.super))
      throw new DomainError('ERR_COMPANY_INACTIVE', 'this company is inactive');
  }

  /** The user as the login and refresh answers show it (the session's user and company). */
  async function sessionUserOf(userId: string): Promise<SessionUserView> {
    const user = await sessionUser(ctx.pool, userId);
    if (!user) throw new DomainError('ERR_SESSION_EXPIRED', 'please log in');
    return user;
  }

  /** An access token for the session (refresh family) `familyId`, and the rotated refresh cookie. */
  async function startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    user: SessionUserView,
    familyId: string,
    refreshToken: string,
  ): Promise<SessionAnswer> {
    const claims: AccessTokenClaims = {
      id: user.id,
      companyId: user.companyId,
      profile: user.profile,
      super: user.super,
      sid: familyId,
      v: await sessionVersion(ctx.pool, user.id),
    };
    const token = await reply.jwtSign(claims, { expiresIn: ctx.config.accessTtl });
    reply.setCookie(REFRESH_COOKIE, refreshToken, cookieOptions(request));
    return { token, user };
  }

  app.post(
    '/auth/login',
    { config: perAddressLimit('login', LOGIN_REQUESTS_PER_MINUTE, 60_000), schema: { body: LoginRequest } },
    async (request, reply) => {
      const { email, password } = request.body;
      const who = { email, ip: request.ip };
      // Throttled before the password is checked: past the limit even the right password waits.
      await assertLoginAllowed(ctx.pool, reply, who);
      const found = await userForLogin(ctx.pool, email);
      // An unknown e-mail costs the same hash as a wrong password, so timing does not tell them apart.
      const checked = await checkPassword(password, found?.passwordHash ?? '');
      if (!found || !checked.valid) {
        await recordLoginFailure(ctx.pool, who);
        throw new DomainError('ERR_INVALID_CREDENTIALS', 'invalid e-mail or password');
      }
      await clearAccountFailures(ctx.pool, email);
      assertCompanyActive(found);
      assertSubscriptionActive(found);
      if (checked.rehash) await rehash(found, password, request);
      const familyId = newId();
      const refresh = await issueRefreshToken(ctx.pool, found.id, ctx.config.refreshTtlDays, familyId);
      // One session per user (doc 1 §4 "Session elsewhere"): the user's own sockets (none of them this
      // login's yet) are told first, so that those browsers show why; then the other logins end: their
      // refresh and access tokens stop working and their sockets close (4001) when the gateway hears it.
      publish(
        found.companyId,
        `company-${found.companyId}-auth`,
        { action: 'update', user: { id: found.id } },
        found.id,
      );
      await endUserSessions(ctx.pool, found, { keepFamily: familyId, accessTokens: false });
      return startSession(request, reply, await sessionUserOf(found.id), familyId, refresh);
    },
  );

  /** A hash older than today's cost is replaced now that the password is known; a failure only logs. */
  async function rehash(user: { id: string; companyId: string }, password: string, request: FastifyRequest) {
    try {
      await runUserCommand(
        ctx.deps,
        user.id,
        { type: 'RehashPassword', passwordHash: await hashPassword(password) },
        { companyId: user.companyId, actor: user.id },
      );
    } catch (err) {
      request.log.warn({ err }, 'password rehash failed');
    }
  }

  app.post('/auth/refresh_token', async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    if (!token) throw new DomainError('ERR_SESSION_EXPIRED', 'please log in');
    const rotated = await rotateRefreshToken(ctx.pool, token, ctx.config.refreshTtlDays);
    if (!rotated.ok) {
      reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
      throw new DomainError('ERR_SESSION_EXPIRED', `please log in (${rotated.reason} refresh token)`);
    }
    const user = await sessionUserOf(rotated.userId);
    assertCompanyActive({ super: user.super, ...(await companyActivity(ctx.pool, user.companyId)) });
    // An expired subscription ends sessions too, not only new logins.
    assertSubscriptionActive({ super: user.super, dueDate: user.company.dueDate });
    return startSession(request, reply, user, rotated.familyId, rotated.token);
  });

  app.delete('/auth/logout', async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    if (token) await revokeToken(ctx.pool, token);
    reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
    return reply.status(204).send();
  });
}
