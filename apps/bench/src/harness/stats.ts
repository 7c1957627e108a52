/** The median of a non-empty list (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const s = [...values].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : 0.5 * (s[m - 1] + s[m]);
}

/** The largest value of a list, −∞ for an empty one. */
export function maxOf(values: Iterable<number>): number {
  let best = Number.NEGATIVE_INFINITY;
  for (const v of values) if (v > best) best = v;
  return best;
}
