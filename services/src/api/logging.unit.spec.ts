import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('keeps only the route name of the password reset paths', () => {
    expect(redactUrl('/resetpasswords/ana@x.dev/123456/Secret123')).toBe('/resetpasswords/[redacted]');
    expect(redactUrl('/forgetpassword/ana%40x.dev')).toBe('/forgetpassword/[redacted]');
    expect(redactUrl('/ResetPasswords/a/b/c?x=1')).toBe('/ResetPasswords/[redacted]');
    expect(redactUrl('//resetpasswords/a/b/c')).toBe('//resetpasswords/[redacted]');
  });
  it('leaves paths and parameters without personal data as they are', () => {
    expect(redactUrl('/auth/login')).toBe('/auth/login');
    expect(redactUrl('/tickets?status=open&pageNumber=2')).toBe('/tickets?status=open&pageNumber=2');
  });
  it('hides what a search or a filter says about a customer (LGPD)', () => {
    expect(redactUrl('/users/?searchParam=ana')).toBe('/users/?searchParam=[redacted]');
    expect(redactUrl('/contacts?searchParam=Maria%20Silva&pageNumber=1')).toBe(
      '/contacts?searchParam=[redacted]&pageNumber=1',
    );
    expect(redactUrl('/search?Q=5511999&status=open')).toBe('/search?Q=[redacted]&status=open');
    expect(redactUrl('/x?%6Eumber=5511999')).toBe('/x?%6Eumber=[redacted]');
  });
  it('hides a phone number in the path', () => {
    expect(redactUrl('/simulator/connections/c1/phones/5511999990000/messages?x=1')).toBe(
      '/simulator/connections/c1/phones/[redacted]/messages?x=1',
    );
  });
  it('drops the fragment and survives malformed escapes', () => {
    expect(redactUrl('/contacts?searchParam=%E0%A4%A#frag')).toBe('/contacts?searchParam=[redacted]');
    expect(redactUrl('/x?%E0=1')).toBe('/x?%E0=1');
  });
});
