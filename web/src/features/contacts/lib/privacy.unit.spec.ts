import type { ContactExportView } from '@zelo/contracts/contacts/privacy';
import { describe, expect, it } from 'vitest';
import { confirmsNumber, nextExportView } from './privacy.ts';

describe('confirmsNumber', () => {
  it('accepts the number typed with spaces, dashes, brackets or a plus', () => {
    expect(confirmsNumber('5511999990000', '5511999990000')).toBe(true);
    expect(confirmsNumber('+55 (11) 99999-0000', '5511999990000')).toBe(true);
  });

  it('refuses another number, a part of it, or nothing', () => {
    expect(confirmsNumber('5511999990001', '5511999990000')).toBe(false);
    expect(confirmsNumber('551199999000', '5511999990000')).toBe(false);
    expect(confirmsNumber('', '')).toBe(false);
    expect(confirmsNumber('abc', '5511999990000')).toBe(false);
  });
});

describe('nextExportView', () => {
  const view = (over: Partial<ContactExportView> = {}): ContactExportView => ({
    id: 'e1',
    contactId: 'c1',
    status: 'pending',
    progress: 0,
    requestedAt: '2026-01-01T10:00:00Z',
    readyAt: null,
    expiresAt: null,
    bytes: null,
    ...over,
  });

  it('follows the progress and the end of the export', () => {
    const at40 = nextExportView(view(), view({ progress: 40 }));
    expect(at40?.progress).toBe(40);
    const ready = nextExportView(at40, view({ status: 'ready', progress: 100, bytes: 2048 }));
    expect(ready?.status).toBe('ready');
  });

  it('ignores a late pending answer, a smaller progress and another export', () => {
    const ready = view({ status: 'ready', progress: 100 });
    expect(nextExportView(ready, view({ progress: 60 }))).toBe(ready);
    expect(nextExportView(view({ progress: 60 }), view({ progress: 20 }))?.progress).toBe(60);
    const mine = view({ progress: 10 });
    expect(nextExportView(mine, view({ id: 'e2', status: 'ready' }))).toBe(mine);
    expect(nextExportView(null, view())).toBeNull();
  });
});
