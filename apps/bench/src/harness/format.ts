/**
 * A number with `digits` significant digits, without exponent in the range benchmarks print
 * (1e-4 .. 1e9); NaN and null print as an em dash.
 */
export function formatNumber(x: number | null | undefined, digits = 3): string {
  if (x === null || x === undefined || Number.isNaN(x)) return '—';
  if (x === 0) return '0';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '−∞';
  const a = Math.abs(x);
  if (a < 1e-4 || a >= 1e9) return x.toExponential(digits - 1);
  const decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(a)));
  return x.toFixed(decimals);
}

/** A counter or a check for the notes column: integers as they are, other numbers to 3 digits. */
export function formatExtra(value: number | string): string {
  if (typeof value === 'string') return value;
  if (Number.isInteger(value)) return String(value);
  return formatNumber(value);
}
