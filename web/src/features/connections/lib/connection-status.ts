import type { IconName } from '@blueprintjs/icons';
import type { ConnectionStatus } from '@zelo/contracts/connections/events';
import type { ConnectionView } from '@zelo/contracts/connections/read-models';
import type { WhatsappFrame, WhatsappSessionFrame } from '@zelo/contracts/realtime/frames';

/** Doc 1 §2 side menu: these statuses put an exclamation badge on /connections. */
const NEEDS_ATTENTION: ConnectionStatus[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];
export const needsAttention = (connections: Pick<ConnectionView, 'status'>[]) =>
  connections.some((c) => NEEDS_ATTENTION.includes(c.status));

/** Doc 1 §2 "Connections screen actions by status". */
export type SessionButton = 'qr' | 'retry' | 'newQr' | 'disconnect' | 'connecting';
export function sessionButtons(status: ConnectionStatus): SessionButton[] {
  switch (status) {
    case 'qrcode':
      return ['qr'];
    case 'DISCONNECTED':
      return ['retry', 'newQr'];
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return ['disconnect'];
    case 'OPENING':
      return ['connecting'];
  }
}

/** CONNECTED is green, every other status red (doc 1 §3). */
export const statusIcon: Record<ConnectionStatus, IconName> = {
  CONNECTED: 'tick-circle',
  qrcode: 'grid-view',
  PAIRING: 'exchange',
  OPENING: 'time',
  TIMEOUT: 'outdated',
  DISCONNECTED: 'offline',
};

const pad = (n: number) => String(n).padStart(2, '0');
/** The status list's "last update": dd/MM/yy HH:mm in the viewer's time zone. */
export function formatUpdatedAt(value: string | Date): string {
  const d = new Date(value);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${pad(d.getFullYear() % 100)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export type WhatsappPush = WhatsappFrame | WhatsappSessionFrame;

/**
 * Applies a `company-{id}-whatsapp` / `-whatsappSession` push to the list: an unknown id is a new
 * connection; a connection becoming the default takes the star from the others.
 */
export function applyPush(list: ConnectionView[], push: WhatsappPush): ConnectionView[] {
  if (push.action === 'delete') return list.filter((c) => c.id !== push.whatsappId);
  const next = 'whatsapp' in push ? push.whatsapp : push.session;
  if (!next?.id) return list;
  const known = list.some((c) => c.id === next.id);
  const merged = known ? list.map((c) => (c.id === next.id ? { ...c, ...next } : c)) : [...list, next];
  return next.isDefault ? merged.map((c) => (c.id === next.id ? c : { ...c, isDefault: false })) : merged;
}
