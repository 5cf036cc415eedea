// How the reports show their figures. Durations use the international unit symbols (s, min, h, d),
// the same in pt, en and es; numbers and percentages follow the interface language.

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** Shown for a figure nothing was measured for (the API's null). */
export const NONE = '—';

const missing = (n: number | null | undefined): n is null | undefined =>
  n === null || n === undefined || !Number.isFinite(n);

/**
 * Seconds as a person reads them, the two largest units: "45 s", "4 min 10 s", "2 h 5 min",
 * "3 d 4 h"; a zero second part is left out ("4 min"); null is "—".
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (missing(seconds)) return NONE;
  const s = Math.max(0, Math.round(seconds));
  const two = (big: number, bigUnit: string, small: number, smallUnit: string) =>
    small ? `${big} ${bigUnit} ${small} ${smallUnit}` : `${big} ${bigUnit}`;
  if (s < MINUTE) return `${s} s`;
  if (s < HOUR) return two(Math.floor(s / MINUTE), 'min', s % MINUTE, 's');
  if (s < DAY) return two(Math.floor(s / HOUR), 'h', Math.floor((s % HOUR) / MINUTE), 'min');
  return two(Math.floor(s / DAY), 'd', Math.floor((s % DAY) / HOUR), 'h');
}

/** The unit a chart's duration axis counts in, so its ticks read "10 min", never "600 s". */
export function durationUnit(maxSeconds: number): { factor: number; suffix: string } {
  if (maxSeconds < 2 * MINUTE) return { factor: 1, suffix: 's' };
  if (maxSeconds < 2 * HOUR) return { factor: MINUTE, suffix: 'min' };
  if (maxSeconds < 2 * DAY) return { factor: HOUR, suffix: 'h' };
  return { factor: DAY, suffix: 'd' };
}

const locale = (lang: string) => (lang === 'pt' ? 'pt-BR' : lang);

/** A rate of 0..1 as a percentage ("87,5%" in pt), "—" for null. */
export function formatPercent(rate: number | null | undefined, lang: string): string {
  if (missing(rate)) return NONE;
  return new Intl.NumberFormat(locale(lang), { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** A figure with at most `digits` decimals in the language's notation, "—" for null. */
export function formatNumber(n: number | null | undefined, lang: string, digits = 0): string {
  if (missing(n)) return NONE;
  return new Intl.NumberFormat(locale(lang), { maximumFractionDigits: digits }).format(n);
}
