import { useCallback } from 'react';
import rosetta from 'rosetta';
import { type Dictionary, pt } from '../locales/pt.ts';
import { appStore, type Language, languageAtom, useAtomValue } from './store.ts';

/** A counted text is one entry per form (`seconds_one`, `seconds_other`) and is asked for by its stem. */
type PluralForm = 'zero' | Intl.LDMLPluralRule;
type Stem<K extends string> = K extends `${infer S}_${PluralForm}` ? S : K;
export type TKey = {
  [S in keyof Dictionary]: `${S}.${Stem<keyof Dictionary[S] & string>}`;
}[keyof Dictionary];
export type TParams = Record<string, string | number>;
export type Translate = (key: TKey, params?: TParams) => string;

// Portuguese is the fallback of every text, so it ships with the app; English and Spanish arrive when
// chosen (each about 20 KB gzip): main.tsx waits for the saved language before the first render, and
// setLanguage switches once the dictionary is in, so no screen shows raw keys or a mix of languages.
const i18n = rosetta<Dictionary>({ pt });
const fetchers: Record<Exclude<Language, 'pt'>, () => Promise<Dictionary>> = {
  en: () => import('../locales/en.ts').then((m) => m.en),
  es: () => import('../locales/es.ts').then((m) => m.es),
};
const loaded = new Map<Language, Promise<void>>([['pt', Promise.resolve()]]);

/** Fetches a language's dictionary once; later calls wait for the same fetch. */
export function loadLanguage(lang: Language): Promise<void> {
  let loading = loaded.get(lang);
  if (!loading) {
    loading = fetchers[lang as Exclude<Language, 'pt'>]().then((dict) => i18n.set(lang, dict));
    // A failed fetch (the network) may be tried again by the next choice.
    loading.catch(() => loaded.delete(lang));
    loaded.set(lang, loading);
  }
  return loading;
}

const pluralRules: Record<Language, Intl.PluralRules> = {
  pt: new Intl.PluralRules('pt-BR'),
  en: new Intl.PluralRules('en'),
  es: new Intl.PluralRules('es'),
};

/**
 * The one plural rule: a numeric `count` picks the language's CLDR form (`_one`, `_other`, ...), with
 * `_other` standing in for a form the dictionary lacks. An explicit `_zero` wins for 0 in every language,
 * so a text that can show 0 gives one ("Nenhum arquivo enviado"): CLDR counts 0 as singular in Brazilian
 * Portuguese ("0 arquivo enviado").
 */
function lookup(lang: Language, key: string, params?: TParams): string {
  const count = params?.count;
  if (typeof count !== 'number') return i18n.t(key, params, lang) || i18n.t(`${key}_other`, params, lang);
  const forms = [...(count === 0 ? ['zero'] : []), pluralRules[lang].select(count), 'other'];
  for (const form of forms) {
    const text = i18n.t(`${key}_${form}`, params, lang);
    if (text) return text;
  }
  return i18n.t(key, params, lang);
}

/** Falls back to Portuguese, then to the key itself, so a missing entry is visible rather than blank. */
export function translate(lang: Language, key: TKey, params?: TParams): string {
  return lookup(lang, key, params) || lookup('pt', key, params) || key;
}

/** For code outside React (toasts from the API client, the socket). */
export const t: Translate = (key, params) => translate(appStore.get(languageAtom), key, params);

export function useT(): Translate {
  const lang = useAtomValue(languageAtom);
  return useCallback((key, params) => translate(lang, key, params), [lang]);
}

let chosen: Language | undefined;

/** Switches once the language's dictionary is in; of quick successive choices, the last one wins. */
export function setLanguage(lang: Language) {
  localStorage.setItem('i18nextLng', lang);
  chosen = lang;
  loadLanguage(lang)
    .then(() => {
      if (chosen !== lang) return;
      document.documentElement.lang = lang === 'pt' ? 'pt-BR' : lang;
      appStore.set(languageAtom, lang);
    })
    // Not fetched (the network): the screen stays in its language; choosing again tries again.
    .catch(() => {});
}

/** Section 8: a known ERR_ code is shown translated, anything else as the raw text. */
export function translateError(lang: Language, code: string): string {
  if (code in pt.errors) return translate(lang, `errors.${code}` as TKey);
  return code;
}
