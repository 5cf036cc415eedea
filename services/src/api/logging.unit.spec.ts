import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('keeps only the route name of the password reset paths', () => {
    expect(redactUrl('/resetpasswords/ana@x.dev/123456/Secret123')).toBe('/resetpasswords/[redacted]');
    expect(redactUrl('/forgetpassword/ana%40x.dev')).toBe('/forgetpassword/[redacted]');
    expect(redactUrl('/ResetPasswords/a/b/c?x=1')).toBe('/ResetPasswords/[redacted]');
    expect(redactUrl('//resetpasswords/a/b/c')).toBe('//resetpasswords/[redacted]');
  });
  it('leaves other paths as they are', () => {
    expect(redactUrl('/users/?searchParam=ana')).toBe('/users/?searchParam=ana');
    expect(redactUrl('/auth/login')).toBe('/auth/login');
  });
});
