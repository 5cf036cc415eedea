import { useState } from 'react';

/** Whaticket's key, kept so an agent's choice survives the move (section 2, Message input). */
export const SIGN_OPTION_KEY = 'signOption';

/**
 * WhatsApp shows `*text*` in bold, so the agent's name goes first, bold, on its own line. Asterisks in
 * the name would end the bold early, so they are dropped; a blank text stays as it is (the send
 * ignores it anyway), and so does a text when there is no usable name.
 */
export function signBody(name: string, body: string): string {
  const cleanName = name.replaceAll('*', '').trim();
  if (!body.trim() || !cleanName) return body;
  return `*${cleanName}:*\n${body.trim()}`;
}

/** Stored as JSON like Whaticket did; anything unreadable means the default, on. */
export function readSignOption(stored: string | null): boolean {
  return stored === null ? true : stored !== 'false';
}

/** The switch's state, persisted in localStorage under `signOption`. */
export function useSignOption(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() =>
    readSignOption(typeof localStorage === 'undefined' ? null : localStorage.getItem(SIGN_OPTION_KEY)),
  );
  const set = (value: boolean) => {
    localStorage.setItem(SIGN_OPTION_KEY, JSON.stringify(value));
    setOn(value);
  };
  return [on, set];
}
