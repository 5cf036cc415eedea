import { createHmac } from 'node:crypto';

// Ids that must find a person's record without holding their data (a number's uniqueness stream):
// an HMAC of the value with the deployment's secret, so the event store's stream ids reveal no number
// and cannot be reversed by hashing every number there is. Set once at start (system.ts).

/** Tests that use no system (and every system a test starts) share it; never used outside vitest. */
export const TEST_PERSONAL_INDEX_SECRET = 'zelo-tests-personal-index';

let secret: string | null = null;

export function setPersonalIndexSecret(value: string): void {
  secret = value;
}

/** The secret this process indexes with; throws where none was set outside the tests. */
function currentSecret(): string {
  if (secret) return secret;
  if (process.env.VITEST) return TEST_PERSONAL_INDEX_SECRET;
  throw new Error('personal index secret not set (setPersonalIndexSecret at start)');
}

/** The value's index: hex HMAC-SHA256. */
export const personalIndex = (value: string): string =>
  createHmac('sha256', currentSecret()).update(value).digest('hex');

/** Whether a stream id's tail is an index already (64 hex digits), not a number in clear. */
export const isPersonalIndex = (value: string): boolean => /^[0-9a-f]{64}$/.test(value);
