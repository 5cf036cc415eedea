import type {
  CampaignFields,
  CampaignRecipient,
  CampaignSettingsFields,
} from '@zelo/contracts/campaigns/events';
import { type TemplateContext, templateValues } from '../../messaging/domain/template.ts';

// What one recipient of a campaign reads: one of the filled variants, its variables replaced. Pure.

/** The filled variants, as [variant number 1-5, text]. */
export function filledVariants(f: CampaignFields): [number, string][] {
  return [f.message1, f.message2, f.message3, f.message4, f.message5].flatMap((m, i) =>
    m.trim() ? [[i + 1, m] as [number, string]] : [],
  );
}

/**
 * One variant at random, the same for the same (campaign, recipient) however often it is asked (a
 * retried send must send what the first attempt queued): an FNV-1a hash of the key picks it.
 */
export function pickVariant(f: CampaignFields, key: string): [number, string] | null {
  const variants = filledVariants(f);
  if (variants.length === 0) return null;
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return variants[h % variants.length];
}

/** `{key}` with one brace each side; `{{name}}` (the message variables of doc 1) is left to messaging. */
const VARIABLE = /(?<!\{)\{\s*([^{}\s]+)\s*\}(?!\})/g;

/**
 * Replaces the campaign's variables: `{nome}`, `{email}`, `{numero}` (the recipient as the list holds
 * it), the message variables `{firstName}` `{name}` `{greeting}` `{protocol}` `{date}` `{hour}` (as
 * messaging's fillTemplate computes them, on the recipient's ticket) and the company's own variables of
 * the campaign settings. The recipient's values win over a company variable of the same key; an unknown
 * `{key}` stays as written.
 */
export function personalize(
  text: string,
  recipient: CampaignRecipient,
  variables: CampaignSettingsFields['variables'],
  ticket: Omit<TemplateContext, 'contactName'>,
): string {
  const values = new Map<string, string>(variables.map((x) => [x.key, x.value]));
  const t = templateValues({ ...ticket, contactName: recipient.name });
  const own: Record<string, string> = {
    nome: recipient.name,
    email: recipient.email,
    numero: recipient.number,
    firstName: t.firstName,
    name: t.name,
    greeting: t.greeting,
    protocol: t.protocol,
    date: t.date,
    hour: t.hour,
  };
  for (const [k, v] of Object.entries(own)) values.set(k, v);
  return text.replace(VARIABLE, (whole, key: string) => values.get(key) ?? whole);
}
