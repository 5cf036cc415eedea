import type { Mail } from '../platform/mailer.ts';

type Language = 'pt' | 'en' | 'es';

const texts: Record<
  Language,
  {
    subject: string;
    hello: (name: string) => string;
    code: string;
    expires: (m: number) => string;
    link: string;
    ignore: string;
  }
> = {
  pt: {
    subject: 'Zelo: código para redefinir sua senha',
    hello: (name) => `Olá, ${name}.`,
    code: 'Seu código de verificação para redefinir a senha é:',
    expires: (m) => `Ele vale por ${m} minutos e só pode ser usado uma vez.`,
    link: 'Digite-o em',
    ignore: 'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
  },
  en: {
    subject: 'Zelo: code to reset your password',
    hello: (name) => `Hello, ${name}.`,
    code: 'Your verification code to reset your password is:',
    expires: (m) => `It is valid for ${m} minutes and can be used once.`,
    link: 'Enter it at',
    ignore: 'If you did not ask for a reset, ignore this e-mail: your password stays the same.',
  },
  es: {
    subject: 'Zelo: código para restablecer tu contraseña',
    hello: (name) => `Hola, ${name}.`,
    code: 'Tu código de verificación para restablecer la contraseña es:',
    expires: (m) => `Es válido por ${m} minutos y solo se puede usar una vez.`,
    link: 'Ingrésalo en',
    ignore: 'Si no pediste restablecerla, ignora este correo: tu contraseña sigue igual.',
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reset e-mail in the user's language (pt when it is not one the product speaks). */
export function passwordResetMail(options: {
  to: string;
  name: string;
  language: string;
  code: string;
  expiresInMinutes: number;
  publicWebUrl: string;
}): Mail {
  const t = texts[(options.language in texts ? options.language : 'pt') as Language];
  const url = new URL('/forgetpsw', options.publicWebUrl);
  url.searchParams.set('email', options.to);
  const link = url.toString();
  const lines = [
    t.hello(options.name),
    '',
    t.code,
    options.code,
    '',
    t.expires(options.expiresInMinutes),
    `${t.link} ${link}`,
    '',
    t.ignore,
  ];
  const html = [
    `<p>${escapeHtml(t.hello(options.name))}</p>`,
    `<p>${escapeHtml(t.code)}</p>`,
    `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${options.code}</p>`,
    `<p>${escapeHtml(t.expires(options.expiresInMinutes))}</p>`,
    `<p>${escapeHtml(t.link)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(t.ignore)}</p>`,
  ].join('\n');
  return { to: options.to, subject: t.subject, text: lines.join('\n'), html };
}
