/**
 * `Math.hypot` of three and of four numbers, the same number bit for bit (the engine's algorithm
 * written out: each magnitude divided by the largest, the squares summed with Kahan's compensation,
 * the square root scaled back) without the builtin's variadic call, which cost about three times as
 * much on every motion reset (two or three a time-of-impact query). Not exported by the package.
 */
export function hypot3(x: number, y: number, z: number): number {
  const ax = Math.abs(x),
    ay = Math.abs(y),
    az = Math.abs(z);
  // An infinity wins over a NaN, as in Math.hypot (Math.max would give the NaN).
  if (ax === Number.POSITIVE_INFINITY || ay === Number.POSITIVE_INFINITY || az === Number.POSITIVE_INFINITY)
    return Number.POSITIVE_INFINITY;
  const max = Math.max(ax, ay, az);
  if (!(max > 0)) return max === 0 ? 0 : Number.NaN;
  let sum = 0;
  let c = 0;
  let n = ax / max;
  let s = n * n - c;
  let p = sum + s;
  c = p - sum - s;
  sum = p;
  n = ay / max;
  s = n * n - c;
  p = sum + s;
  c = p - sum - s;
  sum = p;
  n = az / max;
  s = n * n - c;
  p = sum + s;
  sum = p;
  return Math.sqrt(sum) * max;
}

/** `Math.hypot(x, y, z, w)`, bit for bit (see {@link hypot3}). Not exported by the package. */
export function hypot4(x: number, y: number, z: number, w: number): number {
  const ax = Math.abs(x),
    ay = Math.abs(y),
    az = Math.abs(z),
    aw = Math.abs(w);
  const inf = Number.POSITIVE_INFINITY;
  if (ax === inf || ay === inf || az === inf || aw === inf) return inf;
  const max = Math.max(ax, ay, az, aw);
  if (!(max > 0)) return max === 0 ? 0 : Number.NaN;
  let sum = 0;
  let c = 0;
  let n = ax / max;
  let s = n * n - c;
  let p = sum + s;
  c = p - sum - s;
  sum = p;
  n = ay / max;
  s = n * n - c;
  p = sum + s;
  c = p - sum - s;
  sum = p;
  n = az / max;
  s = n * n - c;
  p = sum + s;
  c = p - sum - s;
  sum = p;
  n = aw / max;
  s = n * n - c;
  p = sum + s;
  sum = p;
  return Math.sqrt(sum) * max;
}
