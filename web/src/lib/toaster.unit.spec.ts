import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { toastMs, withLimit } from './toaster.ts';

describe('withLimit', () => {
  const text = 'Seu plano não permite mais usuários.';

  it('names the limit from the answer details', () => {
    const err = new ApiError(409, 'ERR_USER_LIMIT_REACHED', 'the plan allows 3 users', {
      details: { limit: 4 },
    });
    expect(withLimit(text, err.code, err)).toBe(`${text} O plano permite 4.`);
  });

  it("falls back to the number in the server's message", () => {
    const err = new ApiError(409, 'ERR_QUEUE_LIMIT_REACHED', 'the plan allows 2 queues');
    expect(withLimit(text, err.code, err)).toBe(`${text} O plano permite 2.`);
  });

  it('leaves other errors, and a limit error without a number, as they are', () => {
    expect(withLimit(text, 'ERR_DUPLICATED_EMAIL', new ApiError(409, 'ERR_DUPLICATED_EMAIL', 'dup 1'))).toBe(
      text,
    );
    const bare = new ApiError(409, 'ERR_CONNECTION_LIMIT_REACHED', 'limit reached');
    expect(withLimit(text, bare.code, bare)).toBe(text);
  });
});

describe('toastMs', () => {
  it('keeps doc 1’s 2 s on the agents’ screens and doc 2’s 3 s on the back-office and automation ones', () => {
    for (const path of ['/', '/tickets', '/tickets/abc', '/contacts', '/users', '/connections', '/login'])
      expect(toastMs(path), path).toBe(2000);
    for (const path of [
      '/campaigns',
      '/campaign/1/report',
      '/campaigns-config',
      '/flowbuilder/9',
      '/flowbuilders',
      '/queues',
      '/chats/3',
      '/settings',
      '/forgetpsw',
    ])
      expect(toastMs(path), path).toBe(3000);
  });
});
