import type { ReactNode } from 'react';

// WhatsApp's light markup: *bold*, _italic_, ~strike~, ```code``` and links; nothing else renders.
const TOKEN = /(https?:\/\/[^\s]+)|```([^`]+)```|\*([^*\n]+)\*|_([^_\n]+)_|~([^~\n]+)~/g;

/** The text a reader sees once the markup is rendered: the marks gone, links as they are. */
export function stripMarkup(text: string): string {
  return text.replace(
    TOKEN,
    (whole, link, code, bold, italic, strike) => link ?? code ?? bold ?? italic ?? strike ?? whole,
  );
}

export function renderMarkup(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const i = m.index ?? 0;
    if (i > last) out.push(text.slice(last, i));
    const key = `${i}`;
    if (m[1]) {
      out.push(
        <a key={key} href={m[1]} target="_blank" rel="noopener noreferrer">
          {m[1]}
        </a>,
      );
    } else if (m[2]) out.push(<code key={key}>{m[2]}</code>);
    else if (m[3]) out.push(<strong key={key}>{m[3]}</strong>);
    else if (m[4]) out.push(<em key={key}>{m[4]}</em>);
    else if (m[5]) out.push(<s key={key}>{m[5]}</s>);
    last = i + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
