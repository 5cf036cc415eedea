import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Outgoing e-mail. The embedded setup sends to Mailpit (SMTP 127.0.0.1:1025, inbox on :8025). */
export interface Mailer {
  /** Resolves once the SMTP server accepted the message; rejects when it cannot be reached or refuses. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** A mailer over SMTP (`smtp://host:port`, `smtps://user:pass@host:465`), pooled, with short timeouts. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    pool: true,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}
