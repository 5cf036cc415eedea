import { eventually } from '@zelo/services/testing/eventually';

// The e-mail the app sent, read back from Mailpit's HTTP API (scripts/setup.mjs starts it). Tests send
// to addresses of their own, so that tests running at once never read each other's messages.

const MAILPIT = process.env.MAILPIT_URL ?? 'http://127.0.0.1:8025';

export interface SentMail {
  id: string;
  subject: string;
  to: string[];
  text: string;
  html: string;
}

interface Summary {
  ID: string;
}

async function summariesTo(address: string): Promise<Summary[]> {
  const query = encodeURIComponent(`to:"${address}"`);
  const res = await fetch(`${MAILPIT}/api/v1/search?query=${query}&limit=50`);
  if (!res.ok) throw new Error(`Mailpit search answered ${res.status}`);
  return ((await res.json()) as { messages: Summary[] }).messages;
}

async function message(id: string): Promise<SentMail> {
  const res = await fetch(`${MAILPIT}/api/v1/message/${id}`);
  if (!res.ok) throw new Error(`Mailpit message ${id} answered ${res.status}`);
  const m = (await res.json()) as {
    ID: string;
    Subject: string;
    To: { Address: string }[];
    Text: string;
    HTML: string;
  };
  return { id: m.ID, subject: m.Subject, to: m.To.map((t) => t.Address), text: m.Text, html: m.HTML };
}

/** The messages sent to `address`, newest first. */
export async function mailsTo(address: string): Promise<SentMail[]> {
  return Promise.all((await summariesTo(address)).map((s) => message(s.ID)));
}

/** Waits until `address` has received `count` messages; answers the newest. */
export async function waitForMail(address: string, count = 1, timeoutMs = 10_000): Promise<SentMail> {
  const summaries = await eventually(
    async () => {
      const found = await summariesTo(address);
      return found.length >= count ? found : null;
    },
    timeoutMs,
    `${count} e-mail(s) to ${address} in Mailpit`,
  );
  return message(summaries[0].ID);
}

/** The six-digit code of a password reset e-mail. */
export function resetCodeOf(mail: SentMail): string {
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the e-mail: ${mail.text}`);
  return code;
}
