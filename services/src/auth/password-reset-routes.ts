import {
  type ForgetPasswordAnswer,
  ForgetPasswordParams,
  ResetNewPassword,
  type ResetPasswordAnswer,
  ResetPasswordParams,
} from '@zelo/contracts/auth/api';
import { DomainError } from '@zelo/contracts/errors';
import { userForPasswordReset } from '@zelo/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppContext } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { runUserCommand } from '../users/handlers.ts';
import { hashPassword } from '../users/password.ts';
import {
  countResetRequest,
  dropResetCode,
  newResetCode,
  PASSWORD_RESET,
  redeemResetCode,
  storeResetCode,
} from './password-reset.ts';
import { passwordResetMail } from './password-reset-mail.ts';
import { deriveSecret, endUserSessions } from './sessions.ts';
import { clearAccountFailures, perAddressLimit } from './throttle.ts';

const WINDOW_MS = 15 * 60_000;
/** Per address and 15 minutes: code requests (each may send an e-mail) and code tries. */
const FORGET_PER_ADDRESS = 10;
const RESET_PER_ADDRESS = 20;

/** Password reset by an e-mailed code (doc 2 §2.21): public routes, their paths hold the secrets. */
export async function passwordResetRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { pool, deps, watcher } = ctx;
  const secret = deriveSecret(ctx.config.jwtSecret, 'password-reset');
  const expiresInMinutes = PASSWORD_RESET.ttlMs / 60_000;

  app.post(
    '/forgetpassword/:email',
    {
      config: perAddressLimit('forget-password', FORGET_PER_ADDRESS, WINDOW_MS),
      schema: { params: ForgetPasswordParams },
    },
    async (request, reply): Promise<ForgetPasswordAnswer> => {
      const { email } = request.params;
      const retryAfter = await countResetRequest(pool, deps.clock, email);
      if (retryAfter !== null) {
        reply.header('retry-after', String(retryAfter));
        throw new DomainError(
          'ERR_RATE_LIMITED',
          `too many codes asked for this e-mail, retry in ${retryAfter} s`,
        );
      }
      // The spec's client tells an unknown e-mail by this 404.
      const user = await userForPasswordReset(pool, email);
      if (!user) throw new DomainError('ERR_EMAIL_NOT_FOUND', 'no user has this e-mail');
      const code = newResetCode();
      await storeResetCode(pool, deps.clock, secret, {
        email,
        userId: user.id,
        companyId: user.companyId,
        code,
      });
      try {
        await ctx.mailer.send(
          passwordResetMail({
            to: email,
            name: user.name,
            language: user.language,
            code,
            expiresInMinutes,
            publicWebUrl: ctx.config.publicWebUrl,
          }),
        );
      } catch (err) {
        // A code nobody received must not stay usable.
        await dropResetCode(pool, secret, email, code);
        request.log.warn({ err: (err as Error).message }, 'password reset e-mail not sent');
        throw new DomainError('ERR_MAIL_UNAVAILABLE', 'the e-mail could not be sent, try again later');
      }
      return { status: 'sent', expiresInMinutes };
    },
  );

  app.post(
    '/resetpasswords/:email/:token/:newPassword',
    {
      config: perAddressLimit('reset-password', RESET_PER_ADDRESS, WINDOW_MS),
      schema: { params: ResetPasswordParams },
    },
    async (request): Promise<ResetPasswordAnswer> => {
      const { email, token, newPassword } = request.params;
      // A weak password is refused before the code is looked at: it costs no attempt.
      const strong = v.safeParse(ResetNewPassword, newPassword);
      if (!strong.success)
        throw new DomainError('ERR_VALIDATION', `newPassword: ${strong.issues[0].message}`);
      const position = await redeemResetCode(
        pool,
        deps.clock,
        secret,
        { email, code: token },
        async (user) => {
          const { position } = await runUserCommand(
            deps,
            user.id,
            { type: 'ResetPassword', passwordHash: await hashPassword(newPassword) },
            { companyId: user.companyId, actor: user.id, correlationId: request.id },
          );
          // Whoever held the old password (every session, this user's own included) is out at once.
          await endUserSessions(pool, user, { accessTokens: true });
          await clearAccountFailures(pool, email);
          return position;
        },
      );
      // The login that follows reads the new hash.
      await watcher.waitFor(position, ['users']);
      return { status: 'updated' };
    },
  );
}
