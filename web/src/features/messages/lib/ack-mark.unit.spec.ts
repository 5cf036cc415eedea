import { describe, expect, it } from 'vitest';
import { ackMark } from './ack-mark.ts';

describe('ackMark', () => {
  it('maps acks to marks, 4 and 5 being read (blue)', () => {
    expect([0, 1, 2, 3, 4, 5].map(ackMark)).toEqual([
      'queued',
      'sent',
      'delivered',
      'delivered',
      'read',
      'read',
    ]);
  });
});
