import { type SecretBox, secretBox } from '../platform/secret-box.ts';
import type { SealedKey } from './domain/prompt.ts';

// A prompt's OpenAI key is sealed (AES-256-GCM, platform/secret-box.ts, the key derived from the
// deployment's secret) before any event holds it, bound to its company and prompt so that a sealed
// key copied to another prompt does not open there. The browser only ever sees the masked form.

/** The one character that marks a masked key; a real key never contains it. */
export const MASK_MARK = '…';

/** What the page shows of a key: `sk-…abcd`; a short key shows nothing of itself. */
export const maskApiKey = (key: string) =>
  key.length >= 12 ? `${key.slice(0, 3)}${MASK_MARK}${key.slice(-4)}` : MASK_MARK;

const context = (companyId: string, promptId: string) => `prompt:${companyId}:${promptId}`;

export interface PromptKeyring {
  seal(companyId: string, promptId: string, apiKey: string): SealedKey;
  open(companyId: string, promptId: string, apiKeyEncrypted: string): string;
}

/** The prompts' keyring of a deployment: `secret` is its resolved JWT secret (AppContext.config.jwtSecret). */
export function promptKeyring(secret: string | SecretBox): PromptKeyring {
  const box = typeof secret === 'string' ? secretBox(secret) : secret;
  return {
    seal: (companyId, promptId, apiKey) => ({
      apiKeyEncrypted: box.seal(apiKey, context(companyId, promptId)),
      apiKeyMasked: maskApiKey(apiKey),
    }),
    open: (companyId, promptId, sealed) => box.open(sealed, context(companyId, promptId)),
  };
}
