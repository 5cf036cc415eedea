import { useCallback } from 'react';
import rosetta from 'rosetta';
import { en } from '../locales/en.ts';
import { es } from '../locales/es.ts';
import { type Dictionary, pt } from '../locales/pt.ts';
import { appStore, type Language, languageAtom, useAtomValue } from './store.ts';

export type TKey = { [S in keyof Dictionary]: `${S}.${keyof Dictionary[S] & string}` }[keyof Dictionary];
export type TParams = Record<string, string | number>;
export type Translate = (key: TKey, params?: TParams) => string;

export const dictionaries: Record<Language, Dictionary> = { pt, en, es };
const i18n = rosetta<Dictionary>(dictionaries);

/** Falls back to Portuguese, then to the key itself, so a missing entry is visible rather than blank. */
export function translate(lang: Language, key: TKey, params?: TParams): string {
  return i18n.t(key, params, lang) || i18n.t(key, params, 'pt') || key;
}

/** For code outside React (toasts from the API client, the socket). */
export const t: Translate = (key, params) => translate(appStore.get(languageAtom), key, params);

export function useT(): Translate {
  const lang = useAtomValue(languageAtom);
  return useCallback((key, params) => translate(lang, key, params), [lang]);
}

export function setLanguage(lang: Language) {
  localStorage.setItem('i18nextLng', lang);
  document.documentElement.lang = lang === 'pt' ? 'pt-BR' : lang;
  appStore.set(languageAtom, lang);
}

/** Section 8: a known ERR_ code is shown translated, anything else as the raw text. */
export function translateError(lang: Language, code: string): string {
  if (code in pt.errors) return translate(lang, `errors.${code}` as TKey);
  return code;
}
