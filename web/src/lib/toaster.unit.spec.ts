import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import { createToaster } from './overlay-toaster.ts';
import { showActionToast, showToast, toastMs, toastSuccess, withLimit } from './toaster.ts';

// Blueprint's toaster needs a DOM; a fake one records what would be shown.
const shown: unknown[] = [];
vi.mock('./overlay-toaster.ts', () => ({
  createToaster: vi.fn(async () => ({ show: (props: unknown) => shown.push(props) })),
}));

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

describe('the toaster', () => {
  it('is created once, on the first toast, and shows quick successive toasts in their order', async () => {
    expect(createToaster).not.toHaveBeenCalled();
    const action = { text: 'Abrir', onClick: () => {} };
    showToast('one');
    toastSuccess('two');
    showActionToast('three', 'warning', action);
    await vi.waitFor(() => expect(shown).toHaveLength(3));
    expect(createToaster).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([
      { message: 'one', intent: 'none', timeout: 2000 },
      { message: 'two', intent: 'success', timeout: 2000 },
      { message: 'three', intent: 'warning', timeout: 10_000, action },
    ]);
  });
});
