import type { ConnectionView } from '@zelo/contracts/connections/read-models';
import { describe, expect, it } from 'vitest';
import { applyPush, formatUpdatedAt, needsAttention, sessionButtons } from './connection-status.ts';

const conn = (id: string, over: Partial<ConnectionView> = {}): ConnectionView =>
  ({ id, name: id, status: 'CONNECTED', qrcode: '', isDefault: false, ...over }) as ConnectionView;

describe('connections screen rules (doc 1 §2)', () => {
  it('offers the session actions the spec lists for each status', () => {
    expect(sessionButtons('qrcode')).toEqual(['qr']);
    expect(sessionButtons('DISCONNECTED')).toEqual(['retry', 'newQr']);
    for (const s of ['CONNECTED', 'PAIRING', 'TIMEOUT'] as const)
      expect(sessionButtons(s)).toEqual(['disconnect']);
    expect(sessionButtons('OPENING')).toEqual(['connecting']);
  });

  it('the menu badge shows for every status but CONNECTED', () => {
    expect(needsAttention([conn('a'), conn('b')])).toBe(false);
    expect(needsAttention([])).toBe(false);
    for (const status of ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const)
      expect(needsAttention([conn('a'), conn('b', { status })])).toBe(true);
  });

  it('formats the last update as dd/MM/yy HH:mm', () => {
    expect(formatUpdatedAt(new Date(2026, 0, 5, 9, 7))).toBe('05/01/26 09:07');
  });

  it('applies pushes: an update, a new connection, a new default, a deletion', () => {
    const list = [conn('a', { isDefault: true }), conn('b')];
    const qr = applyPush(list, { action: 'update', whatsapp: conn('b', { status: 'qrcode', qrcode: 'QR' }) });
    expect(qr[1]).toMatchObject({ status: 'qrcode', qrcode: 'QR' });
    const added = applyPush(qr, { action: 'update', whatsapp: conn('c') });
    expect(added.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    const star = applyPush(added, { action: 'update', whatsapp: conn('c', { isDefault: true }) });
    expect(star.filter((c) => c.isDefault).map((c) => c.id)).toEqual(['c']);
    expect(applyPush(star, { action: 'delete', whatsappId: 'b' }).map((c) => c.id)).toEqual(['a', 'c']);
    const session = applyPush(list, { action: 'update', session: conn('a', { status: 'OPENING' }) });
    expect(session[0].status).toBe('OPENING');
  });
});
