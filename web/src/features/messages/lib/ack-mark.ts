/** What the ack number shows: a clock, one check, two, or two blue ones (4 read, 5 played). */
export type AckMark = 'queued' | 'sent' | 'delivered' | 'read';

export function ackMark(ack: number): AckMark {
  if (ack <= 0) return 'queued';
  if (ack === 1) return 'sent';
  if (ack <= 3) return 'delivered';
  return 'read';
}
