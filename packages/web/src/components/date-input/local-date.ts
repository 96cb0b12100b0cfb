/** A calendar date (YYYY-MM-DD) as midnight in the browser's time zone, as date pickers count days. */
export function localDateOf(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}
