import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { Surface } from '../surface.js';
import { positiveFinite } from './shape-args.js';

/**
 * A closed sphere of `radius` about the origin: an icosahedron whose faces are split in four `level`
 * times, vertices pushed onto the sphere. `20 · 4^level` facets, facing out.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a non-positive radius or a level not in [0, 8].
 * @example
 * ```ts
 * import { icosphere } from '@firsttouch/mesh';
 * console.log(icosphere(1, 2).facetCount); // 320
 * ```
 */
export function icosphere(radius = 1, level = 2): Surface {
  if (!positiveFinite(radius)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `icosphere: radius must be positive and finite, got ${describeValue(radius)}`,
    );
  }
  if (!Number.isInteger(level) || level < 0 || level > 8) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `icosphere: level must be an integer in [0, 8], got ${describeValue(level)}`,
    );
  }
  const g = (1 + Math.sqrt(5)) / 2;
  const verts: number[][] = [
    [-1, g, 0],
    [1, g, 0],
    [-1, -g, 0],
    [1, -g, 0],
    [0, -1, g],
    [0, 1, g],
    [0, -1, -g],
    [0, 1, -g],
    [g, 0, -1],
    [g, 0, 1],
    [-g, 0, -1],
    [-g, 0, 1],
  ].map(normalise);
  let faces: number[][] = [
    [0, 11, 5],
    [0, 5, 1],
    [0, 1, 7],
    [0, 7, 10],
    [0, 10, 11],
    [1, 5, 9],
    [5, 11, 4],
    [11, 10, 2],
    [10, 7, 6],
    [7, 1, 8],
    [3, 9, 4],
    [3, 4, 2],
    [3, 2, 6],
    [3, 6, 8],
    [3, 8, 9],
    [4, 9, 5],
    [2, 4, 11],
    [6, 2, 10],
    [8, 6, 7],
    [9, 8, 1],
  ];
  for (let l = 0; l < level; l++) {
    const mid = new Map<string, number>();
    const midpoint = (a: number, b: number): number => {
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      let m = mid.get(key);
      if (m === undefined) {
        m = verts.length;
        verts.push(normalise(verts[a].map((x, i) => x + verts[b][i])));
        mid.set(key, m);
      }
      return m;
    };
    const next: number[][] = [];
    for (const [a, b, c] of faces) {
      const ab = midpoint(a, b);
      const bc = midpoint(b, c);
      const ca = midpoint(c, a);
      next.push([a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]);
    }
    faces = next;
  }
  return Surface.fromIndexed(
    verts.flatMap((v) => v.map((x) => x * radius)),
    faces.flat(),
  );
}

function normalise(v: number[]): number[] {
  const n = Math.hypot(v[0], v[1], v[2]);
  return v.map((x) => x / n);
}
