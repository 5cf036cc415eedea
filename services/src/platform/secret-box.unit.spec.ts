import { describe, expect, it } from 'vitest';
import { maskSecret, secretBox } from './secret-box.ts';

describe('secretBox', () => {
  const box = secretBox('deployment secret of test');

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const key = '{"private_key":"-----BEGIN PRIVATE KEY-----abc"}';
    const sealed = box.seal(key, 'queueIntegration:1');
    expect(sealed).not.toContain('PRIVATE');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed, 'queueIntegration:1')).toBe(key);
  });

  it('seals the same text differently each time (a fresh nonce)', () => {
    expect(box.seal('sk-1', 'c')).not.toBe(box.seal('sk-1', 'c'));
  });

  it('refuses a value sealed for another row, by another deployment, or tampered with', () => {
    const sealed = box.seal('sk-123', 'prompt:a');
    expect(() => box.open(sealed, 'prompt:b')).toThrow();
    expect(() => secretBox('another deployment').open(sealed, 'prompt:a')).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => box.open([v, iv, tag, flipped].join('.'), 'prompt:a')).toThrow();
    expect(() => box.open('plain text', 'prompt:a')).toThrow(/not a sealed value/);
  });

  it('masks all but the last four characters', () => {
    expect(maskSecret('sk-abcdefghijkl')).toBe('********ijkl');
    expect(maskSecret('short')).toBe('********');
  });
});
