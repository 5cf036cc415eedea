import { API_URL } from '../../../lib/api.ts';

/** A stored file's name (what the upload routes answer) as a URL under the API's public folder. */
export function mediaUrl(stored: string): string {
  if (/^(https?:|blob:|data:)/.test(stored)) return stored;
  if (stored.startsWith('/')) return new URL(stored, API_URL).toString();
  return new URL(`/public/${stored}`, API_URL).toString();
}
