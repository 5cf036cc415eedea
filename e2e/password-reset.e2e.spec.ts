import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetCodeOf, waitForMail } from '../app/src/testing/mailpit.ts';
import type { TestSystem } from '../app/src/testing/system.ts';
import { closeAll, logIn, openPage, startProductAndWeb, type startWeb } from './browser.ts';

// Doc 2 §2.21: a person who forgot the password asks for a code from the login screen, reads it in
// the e-mail (Mailpit's inbox, which the set-up runs), sets a new password and logs in with it.
describe('password reset in the browser', () => {
  let system: TestSystem;
  let web: Awaited<ReturnType<typeof startWeb>>;
  let browser: Browser;
  let page: Page;
  const email = `reset-e2e-${randomBytes(4).toString('hex')}@reset.example`;

  beforeAll(async () => {
    ({ system, web } = await startProductAndWeb());
    ({ browser, page } = await openPage());
    await system.signUpCompany('Padaria Reset', email, 'senha-velha');
  }, 120_000);

  afterAll(async () => {
    await closeAll({ browser, web, system });
  });

  it('from the login link to a new password that logs in', async () => {
    await page.goto(`${web.url}/login`);
    await page.getByTestId('login-forgot-password').click();
    await page.waitForURL((u) => u.pathname === '/forgetpsw');

    // An address nobody has: the spec's "e-mail not found".
    await page.getByTestId('reset-email').fill(`ninguem-${randomBytes(3).toString('hex')}@reset.example`);
    await page.getByTestId('reset-send-code').click();
    await page.getByText('E-mail não encontrado').waitFor({ timeout: 10_000 });

    await page.getByTestId('reset-email').fill(email);
    await page.getByTestId('reset-send-code').click();
    await page.getByText('E-mail enviado! Verifique sua caixa de entrada.').waitFor({ timeout: 10_000 });
    await page.getByTestId('reset-sent-to').getByText(email).waitFor();

    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Zelo: código para redefinir sua senha');
    const code = resetCodeOf(mail);

    // Doc 1 §5: the confirmation equal to the password. A differing one is flagged on the confirmation
    // field as soon as it is left, the code still empty, and the form refuses to send anything.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/resetpasswords/')) sent.push(r.url());
    });
    const group = (testId: string) => page.locator('.bp6-form-group', { has: page.getByTestId(testId) });
    const confirmationGroup = group('reset-confirmation');
    await page.getByTestId('reset-password').fill('Senha-Nova9');
    await page.getByTestId('reset-confirmation').fill('Senha-Nova8');
    await page.getByTestId('reset-confirmation').blur();
    await confirmationGroup.getByText('As senhas não conferem').waitFor({ timeout: 5_000 });
    await page.getByTestId('reset-submit').click();
    await group('reset-code').getByText('Obrigatório').waitFor();
    await confirmationGroup.getByText('As senhas não conferem').waitFor();
    await page.getByTestId('reset-code').fill(code);
    await page.getByTestId('reset-submit').click();
    await confirmationGroup.getByText('As senhas não conferem').waitFor();
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/forgetpsw');

    // The form's rules (doc 1 §5): a weak password, then a confirmation that differs.
    await page.getByTestId('reset-password').fill('fraca');
    await page.getByTestId('reset-confirmation').fill('fraca');
    await page.getByTestId('reset-submit').click();
    await page.getByText('A senha deve ter pelo menos 8 caracteres').waitFor();
    await page.getByTestId('reset-password').fill('Senha-Nova9');
    await page.getByTestId('reset-confirmation').fill('Senha-Nova8');
    await page.getByText('As senhas não conferem').waitFor();
    await page.getByTestId('reset-confirmation').fill('Senha-Nova9');
    await page.screenshot({ path: 'e2e/screenshots/password-reset.png' });
    await page.getByTestId('reset-submit').click();

    await page.getByText('Senha redefinida com sucesso!').waitFor({ timeout: 10_000 });
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 10_000 });

    // The old password is refused; the new one opens the app.
    const old = await system.api('POST', '/auth/login', { body: { email, password: 'senha-velha' } });
    expect(old.status).toBe(401);
    await logIn(page, web.url, email, 'Senha-Nova9');
  });

  it('the link in the e-mail opens the code step; a wrong code changes nothing', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    const asked = await system.api('POST', `/forgetpassword/${encodeURIComponent(email)}`);
    expect(asked.status).toBe(200);
    const mail = await waitForMail(email, 2);
    const link = new URL(/https?:\/\/\S+\/forgetpsw\?\S+/.exec(mail.text)![0]);
    await page.goto(`${web.url}${link.pathname}${link.search}`);
    await page.getByTestId('reset-code').waitFor({ timeout: 10_000 });
    await page.getByTestId('reset-sent-to').getByText(email).waitFor();
    // A wrong code is refused with the catalogue's text, and nothing changes.
    await page.getByTestId('reset-code').fill(resetCodeOf(mail) === '000000' ? '111111' : '000000');
    await page.getByTestId('reset-password').fill('Outra-Senha7');
    await page.getByTestId('reset-confirmation').fill('Outra-Senha7');
    await page.getByTestId('reset-submit').click();
    await page.getByText('Código de verificação inválido ou expirado.').waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/forgetpsw');
    expect(
      (await system.api('POST', '/auth/login', { body: { email, password: 'Senha-Nova9' } })).status,
    ).toBe(200);
  });
});
