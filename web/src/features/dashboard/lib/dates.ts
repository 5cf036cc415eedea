/** Minutes as the spec shows them: "HHh mmm" (e.g. 90.5 → "01h 31m"). */
export function formatMinutes(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `${String(h).padStart(2, '0')}h ${String(m).padStart(2, '0')}m`;
}

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The default range of every dashboard filter: the first of this month to today (local dates). */
export function monthToDate(today = new Date()): { from: string; to: string } {
  return { from: iso(new Date(today.getFullYear(), today.getMonth(), 1)), to: iso(today) };
}

/** Up to three stars for an average rating on the 1–3 scale; null (no ratings) shows none. */
export function stars(rating: number | null): number {
  if (rating === null || Number.isNaN(rating)) return 0;
  return Math.max(0, Math.min(3, Math.round(rating)));
}
