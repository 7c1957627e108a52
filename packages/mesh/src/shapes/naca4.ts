import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { Surface } from '../surface.js';
import { positiveFinite } from './shape-args.js';

/**
 * The section of a 4-digit NACA airfoil (`'0012'`: no camber, 12 % thick), closed trailing edge,
 * `n` stations with cosine spacing: upper and lower points as `[x, y]` pairs from the leading edge
 * (x = 0) to the trailing edge (x = chord). Both lists share their first and last point.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a code that is not 4 digits, a non-positive
 *   chord or fewer than 4 stations.
 * @example
 * ```ts
 * import { naca4Section } from '@firsttouch/mesh';
 * const { upper } = naca4Section('0012', 1, 100);
 * const thickest = Math.max(...upper.map(([, y]) => y));
 * console.log((2 * thickest).toFixed(3)); // 0.120
 * ```
 */
export function naca4Section(
  code: string,
  chord: number,
  n: number,
): { upper: number[][]; lower: number[][] } {
  if (typeof code !== 'string' || !/^\d{4}$/.test(code)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `naca4: code must be 4 digits such as '0012', got ${String(code)}`,
    );
  }
  if (!positiveFinite(chord)) {
    throw new FirstTouchError('INVALID_OPTION', `naca4: chord must be positive, got ${describeValue(chord)}`);
  }
  if (!Number.isInteger(n) || n < 4 || n > 1e6) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `naca4: n must be an integer in [4, 1e6], got ${describeValue(n)}`,
    );
  }
  const m = Number(code[0]) / 100;
  const p = Number(code[1]) / 10;
  const t = Number(code.slice(2)) / 100;
  const upper: number[][] = [];
  const lower: number[][] = [];
  for (let i = 0; i <= n; i++) {
    const x = i === n ? 1 : (1 - Math.cos((Math.PI * i) / n)) / 2;
    // closed trailing edge: the last coefficient −0.1036 instead of −0.1015
    const yt =
      5 * t * (0.2969 * Math.sqrt(x) - 0.126 * x - 0.3516 * x ** 2 + 0.2843 * x ** 3 - 0.1036 * x ** 4);
    let yc = 0;
    let slope = 0;
    if (m > 0 && p > 0) {
      if (x < p) {
        yc = (m / p ** 2) * (2 * p * x - x * x);
        slope = ((2 * m) / p ** 2) * (p - x);
      } else {
        yc = (m / (1 - p) ** 2) * (1 - 2 * p + 2 * p * x - x * x);
        slope = ((2 * m) / (1 - p) ** 2) * (p - x);
      }
    }
    const th = Math.atan(slope);
    const edge = i === 0 || i === n;
    upper.push([chord * (edge ? x : x - yt * Math.sin(th)), chord * (edge ? yc : yc + yt * Math.cos(th))]);
    lower.push([chord * (edge ? x : x + yt * Math.sin(th)), chord * (edge ? yc : yc - yt * Math.cos(th))]);
  }
  return { upper, lower };
}

/**
 * A closed wing: the NACA 4-digit section of `chord` (in x, y; leading edge at the origin) extruded
 * along z from 0 to `span`, capped at both ends. `n` stations a side; `8n − 4` facets, facing out.
 *
 * @throws `FirstTouchError` as {@link naca4Section}, and `INVALID_OPTION` for a non-positive span.
 * @example
 * ```ts
 * import { naca4 } from '@firsttouch/mesh';
 * const wing = naca4('0012', 1, 1, 64);
 * console.log(wing.facetCount, wing.bounds().max[0]); // 508 1
 * ```
 */
export function naca4(code = '0012', chord = 1, span = 1, n = 64): Surface {
  if (!positiveFinite(span)) {
    throw new FirstTouchError('INVALID_OPTION', `naca4: span must be positive, got ${describeValue(span)}`);
  }
  const { upper, lower } = naca4Section(code, chord, n);
  // The loop, counter-clockwise seen from +z: trailing edge, upper side to the leading edge, lower back.
  const loop: number[][] = [];
  for (let i = n; i >= 0; i--) loop.push(upper[i]);
  for (let i = 1; i < n; i++) loop.push(lower[i]);
  const k = loop.length; // 2n
  const positions: number[] = [];
  for (const z of [0, span]) for (const [x, y] of loop) positions.push(x, y, z);
  const indices: number[] = [];
  for (let i = 0; i < k; i++) {
    const j = (i + 1) % k;
    indices.push(i, j, k + j, i, k + j, k + i);
  }
  // Caps: strips between the stations of the two sides (upper[i] is loop[n − i], lower[i] is loop[n + i]).
  const up = (i: number) => n - i;
  const lo = (i: number) => (i === n ? 0 : n + i);
  for (let i = 0; i < n; i++) {
    const quad = [lo(i), lo(i + 1), up(i + 1), up(i)];
    const tris =
      i === 0
        ? [[quad[0], quad[1], quad[2]]]
        : i === n - 1
          ? [[quad[0], quad[1], quad[3]]]
          : [
              [quad[0], quad[1], quad[2]],
              [quad[0], quad[2], quad[3]],
            ];
    for (const [a, b, c] of tris) {
      indices.push(a, c, b); // bottom cap (z = 0) faces −z
      indices.push(k + a, k + b, k + c); // top cap faces +z
    }
  }
  return Surface.fromIndexed(positions, indices);
}
