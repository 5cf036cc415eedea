import '@fastify/cookie';
import { LoginRequest } from '@zelo/contracts/auth/api';
import { DomainError } from '@zelo/contracts/errors';
import { sessionUser, userForLogin } from '@zelo/projections/users/queries';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext, SessionUser } from '../api/context.ts';
import { parse } from '../api/validation.ts';
import { isSubscriptionActive } from '../tenancy/domain/company.ts';
import { verifyPassword } from '../users/password.ts';
import { issueRefreshToken, revokeToken, rotateRefreshToken } from './refresh-tokens.ts';

export const REFRESH_COOKIE = 'jrt';
const DUMMY_HASH = 'scrypt$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

const formatDate = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

export async function authRoutes(
  app: FastifyInstance,
  { ctx, publish }: { ctx: AppContext; publish: (companyId: string, event: string, data: unknown) => void },
) {
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.secureCookies,
    path: '/auth',
    maxAge: ctx.config.refreshTtlDays * 86_400,
  };

  function assertSubscriptionActive(user: { super: boolean; dueDate: string | Date }) {
    const dueDate = new Date(user.dueDate).toISOString();
    if (!user.super && !isSubscriptionActive(dueDate, ctx.deps.clock.now())) {
      throw new DomainError(
        'ERR_SUBSCRIPTION_EXPIRED',
        `Opss! Sua assinatura venceu ${formatDate(dueDate)}. Entre em contato com o Suporte para mais informações!`,
        { dueDate },
      );
    }
  }

  async function startSession(reply: FastifyReply, userId: string, refreshToken: string) {
    const user = await sessionUser(ctx.pool, userId);
    if (!user) throw new DomainError('ERR_NO_USER_FOUND', 'user not found');
    const claims: SessionUser = {
      id: user.id,
      companyId: user.companyId,
      profile: user.profile,
      super: user.super,
    };
    const token = await reply.jwtSign(claims, { expiresIn: ctx.config.accessTtl });
    reply.setCookie(REFRESH_COOKIE, refreshToken, cookieOptions);
    return { token, user };
  }

  app.post('/auth/login', { config: { rateLimit: true } }, async (request, reply) => {
    const { email, password } = parse(LoginRequest, request.body);
    const found = await userForLogin(ctx.pool, email);
    // An unknown e-mail costs the same hash as a wrong password, so timing does not tell them apart.
    const valid = await verifyPassword(password, found?.passwordHash ?? DUMMY_HASH);
    if (!found || !valid) throw new DomainError('ERR_INVALID_CREDENTIALS', 'invalid e-mail or password');
    assertSubscriptionActive(found);
    const session = await startSession(
      reply,
      found.id,
      await issueRefreshToken(ctx.pool, found.id, ctx.config.refreshTtlDays),
    );
    // Other open sessions of this user are told (doc 1 §4 "Session elsewhere").
    publish(found.companyId, `company-${found.companyId}-auth`, { action: 'update', user: { id: found.id } });
    return session;
  });

  app.post('/auth/refresh_token', async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    if (!token) throw new DomainError('ERR_SESSION_EXPIRED', 'please log in');
    const rotated = await rotateRefreshToken(ctx.pool, token, ctx.config.refreshTtlDays);
    if (!rotated.ok) {
      reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
      throw new DomainError('ERR_SESSION_EXPIRED', `please log in (${rotated.reason} refresh token)`);
    }
    // An expired subscription ends sessions too, not only new logins.
    const { rows } = await ctx.pool.query(
      'SELECT u.super, c.due_date AS "dueDate" FROM users u JOIN companies c ON c.id = u.company_id WHERE u.id = $1',
      [rotated.userId],
    );
    if (!rows[0]) throw new DomainError('ERR_SESSION_EXPIRED', 'please log in');
    assertSubscriptionActive(rows[0]);
    return startSession(reply, rotated.userId, rotated.token);
  });

  app.get('/auth/me', { preHandler: app.authenticate }, async (request) => {
    const user = await sessionUser(ctx.pool, request.session.id);
    if (!user) throw new DomainError('ERR_SESSION_EXPIRED', 'please log in');
    return user;
  });

  app.delete('/auth/logout', async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    if (token) await revokeToken(ctx.pool, token);
    reply.clearCookie(REFRESH_COOKIE, { path: '/auth' });
    return reply.status(204).send();
  });
}
