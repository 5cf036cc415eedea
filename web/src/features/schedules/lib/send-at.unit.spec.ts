import { describe, expect, it } from 'vitest';
import { localInputToIso, toLocalInput } from '../../../lib/datetime-local.ts';
import { defaultSendAt } from './send-at.ts';

describe('the datetime-local box', () => {
  it('shows an instant as local wall-clock time, seconds only when there are some', () => {
    expect(toLocalInput(new Date(2024, 5, 7, 9, 5))).toBe('2024-06-07T09:05');
    expect(toLocalInput(new Date(2024, 5, 7, 9, 5, 42))).toBe('2024-06-07T09:05:42');
  });

  it('reads the box back as the same instant, in ISO with its offset', () => {
    const instant = new Date(2024, 11, 31, 23, 30);
    expect(localInputToIso(toLocalInput(instant))).toBe(instant.toISOString());
    expect(localInputToIso('2024-12-31T23:30:15')).toBe(new Date(2024, 11, 31, 23, 30, 15).toISOString());
    expect(localInputToIso('2024-12-31T23:30:15')).toMatch(/Z$/);
  });

  it('names no instant for an empty, partial or impossible value', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('2024-12-31')).toBeNull();
    expect(localInputToIso('2024-13-01T10:00')).toBeNull();
    expect(localInputToIso('2024-12-31T10:00Z')).toBeNull();
  });

  it('defaults to one hour from now, to the minute', () => {
    expect(defaultSendAt(new Date(2024, 0, 31, 23, 20, 59))).toBe('2024-02-01T00:20');
  });
});
