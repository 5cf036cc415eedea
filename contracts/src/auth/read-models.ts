import type { SessionUserView } from '../users/read-models.ts';

/** The answer of POST /auth/login and /auth/refresh_token: the access token and the session's user. */
export interface SessionAnswer {
  token: string;
  user: SessionUserView;
}
