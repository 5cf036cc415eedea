import { API_URL } from '../../../lib/api.ts';

/** Media URLs are stored relative to the API (`/public/...`); a customer's may be absolute. */
export const resolveMediaUrl = (url: string) => new URL(url, API_URL).toString();

/** The name the sender gave the file: the stored name minus its `<timestamp>-<random>-` prefix. */
export function mediaFileName(url: string): string {
  const last = decodeURIComponent(url.split('?')[0].split('/').pop() ?? '');
  return last.replace(/^\d{10,}-[0-9a-f]{16,}-/, '') || last;
}

export interface LocationCard {
  image: string;
  link: string;
  description: string;
}

/** A location message's body is `image|link|description` (doc 1 §2); the description is optional. */
export function parseLocation(body: string | null | undefined): LocationCard | null {
  const [image = '', link = '', ...rest] = (body ?? '').split('|');
  const safeLink = /^https?:\/\//i.test(link.trim()) ? link.trim() : '';
  const safeImage = /^(https?:\/\/|data:image\/)/i.test(image.trim()) ? image.trim() : '';
  if (!safeLink && !safeImage) return null;
  return { image: safeImage, link: safeLink, description: rest.join('|').trim() };
}

/** The contact's name and number from a vcard, for the card shown in quotes. */
export function parseVcard(body: string | null | undefined): { name: string; number: string } {
  const text = body ?? '';
  const name = /^FN[^:]*:(.*)$/m.exec(text)?.[1]?.trim() ?? '';
  const number = /waid=(\d+)/.exec(text)?.[1] ?? /^TEL[^:]*:(.*)$/m.exec(text)?.[1]?.trim() ?? '';
  return { name: name || text.trim(), number };
}
