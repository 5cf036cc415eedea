// One line of a message for lists (the ticket row's last message, notifications): what the text says,
// without WhatsApp's markup characters, and a location as a word rather than its thumbnail and link.

import { stripMarkup } from './markup.tsx';

/** A location body is `image|link|description` (web/src/features/messages/lib/media.ts). */
const LOCATION = /^(data:image\/[^|]*)?\|https?:\/\/[^|\s]+\|/;

export function messagePreview(body: string | null | undefined, locationLabel: string): string {
  const text = body ?? '';
  if (LOCATION.test(text)) return locationLabel;
  return stripMarkup(text).replace(/\s+/g, ' ').trim();
}
