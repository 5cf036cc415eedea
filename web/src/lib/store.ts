// The one module that talks to jotai: it owns the store, so code outside React (the API client,
// the socket) reads and writes the same atoms the components render from.
import type { SessionAnswer } from '@zelo/contracts/auth/read-models';
import type { SessionUserView } from '@zelo/contracts/users/read-models';
import { atom, createStore, Provider, useAtom, useAtomValue, useSetAtom } from 'jotai';

export { atom, Provider as StoreProvider, useAtom, useAtomValue, useSetAtom };
export const appStore = createStore();

/** The signed-in session as POST /auth/login and /auth/refresh_token answer it. */
export type Session = SessionAnswer;
/** The session's user with its company and plan flags (also GET /auth/me's answer). */
export type User = SessionUserView;

const TOKEN_KEY = 'token';
const read = (key: string) => (typeof localStorage === 'undefined' ? null : localStorage.getItem(key));

/** null until the boot refresh settles; the token also lives in localStorage as the spec keeps it there. */
export const sessionAtom = atom<Session | null>(null);
export const authLoadingAtom = atom(true);

export function setSession(session: Session | null) {
  appStore.set(sessionAtom, session);
  if (session) localStorage.setItem(TOKEN_KEY, session.token);
  else localStorage.removeItem(TOKEN_KEY);
}
export const getToken = () => appStore.get(sessionAtom)?.token ?? read(TOKEN_KEY);

export type Theme = 'light' | 'dark';
function initialTheme(): Theme {
  const saved = read('preferredTheme');
  if (saved === 'light' || saved === 'dark') return saved;
  return typeof matchMedia !== 'undefined' && matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}
const themeBase = atom<Theme>(initialTheme());
export const themeAtom = atom(
  (get) => get(themeBase),
  (_get, set, theme: Theme) => {
    localStorage.setItem('preferredTheme', theme);
    set(themeBase, theme);
  },
);

const volumeBase = atom(Number(read('volume') ?? 1));
export const volumeAtom = atom(
  (get) => get(volumeBase),
  (_get, set, volume: number) => {
    localStorage.setItem('volume', String(volume));
    set(volumeBase, volume);
  },
);

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
function initialLanguage(): Language {
  // i18next wrote values such as "pt-BR"; only the prefix matters here.
  const saved = read('i18nextLng')?.slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(saved ?? '') ? (saved as Language) : 'pt';
}
export const languageAtom = atom<Language>(initialLanguage());

/** Bumped by the top bar's refresh button; screens refetch when it changes. */
export const refreshKeyAtom = atom(0);
