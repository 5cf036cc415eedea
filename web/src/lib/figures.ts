// Figures as the reports show them: numbers and percentages follow the interface language; what was
// not measured is a dash.

/** Shown for a figure nothing was measured for (the API's null). */
export const NONE = '—';

export const isMissing = (n: number | null | undefined): n is null | undefined =>
  n === null || n === undefined || !Number.isFinite(n);

const locale = (lang: string) => (lang === 'pt' ? 'pt-BR' : lang);

/** A rate of 0..1 as a percentage ("87,5%" in pt), "—" for null. */
export function formatPercent(rate: number | null | undefined, lang: string): string {
  if (isMissing(rate)) return NONE;
  return new Intl.NumberFormat(locale(lang), { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** A figure with at most `digits` decimals in the language's notation, "—" for null. */
export function formatNumber(n: number | null | undefined, lang: string, digits = 0): string {
  if (isMissing(n)) return NONE;
  return new Intl.NumberFormat(locale(lang), { maximumFractionDigits: digits }).format(n);
}
