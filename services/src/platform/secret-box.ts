import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals a credential a company gives us (a Dialogflow service-account JSON, an OpenAI key, a webhook's
 * signing secret) before it reaches an event: events are kept forever and copied to backups, so what
 * they hold must be useless without the deployment's secret. AES-256-GCM, a fresh 96-bit nonce per seal,
 * the key derived from the deployment secret (the resolved JWT secret) by HKDF-SHA256 under a purpose
 * label, so that no other use of that secret shares the key.
 *
 * `context` (for example `queueIntegration:<id>`) is bound as additional authenticated data: a sealed
 * value copied to another row does not open there.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /** The plain text; throws when the value was not sealed by this deployment for this context. */
  open(sealed: string, context: string): string;
}

const VERSION = 'v1';
const PURPOSE = 'zelo secret-box v1';

export function secretBox(deploymentSecret: string): SecretBox {
  if (!deploymentSecret) throw new Error('secret-box: the deployment secret is empty');
  const key = Buffer.from(hkdfSync('sha256', deploymentSecret, Buffer.alloc(0), PURPOSE, 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined)
        throw new Error('secret-box: not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** What the browser may see of a secret: its last four characters, the rest starred. */
export const maskSecret = (plain: string) =>
  plain.length <= 8 ? '********' : `${'*'.repeat(8)}${plain.slice(-4)}`;
