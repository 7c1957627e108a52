import { FirstTouchError } from '@firsttouch/pose';
import { typedArray } from './typed.js';

/** The arrays of a hull's, polygon's or point set's data, checked. */
export interface PointArrays {
  points: Float64Array;
  sources: Uint32Array;
  facets: Uint32Array;
  start: Int32Array;
  neighbours: Int32Array;
  climb: boolean;
}

const NO_INDICES = /* @__PURE__ */ Object.freeze(new Uint32Array(0));
const NO_ADJACENCY = /* @__PURE__ */ Object.freeze(new Int32Array(0));

/**
 * The arrays of the data of a point shape of dimension `dim`, checked in one pass each for what a
 * query relies on not to crash or loop: the kinds and lengths, at least one point (a hull four, a
 * polygon three), finite coordinates, facet indices in range, and the adjacency a climb walks (one
 * start a point and one more, from 0, never decreasing, ending at the neighbours' count; every
 * neighbour a point). A climb only moves to a strictly higher point, so it ends whatever the
 * adjacency; a wrong one only gives a wrong support, which this check does not look for.
 *
 * @throws `FirstTouchError` `BAD_DATA` naming the array and the place.
 */
export function checkedPoints(
  d: Record<string, unknown>,
  dim: 2 | 3,
  kind: string,
  where: string,
): PointArrays {
  const bad = (what: string) => new FirstTouchError('BAD_DATA', `${where}: ${kind}: ${what}`);
  const points = typedArray(d.points, 'Float64Array', 'points', where);
  const sources = typedArray(d.sources, 'Uint32Array', 'sources', where);
  const facets = dim === 3 ? typedArray(d.facets, 'Uint32Array', 'facets', where) : NO_INDICES;
  const start = dim === 3 ? typedArray(d.start, 'Int32Array', 'start', where) : NO_ADJACENCY;
  const neighbours = dim === 3 ? typedArray(d.neighbours, 'Int32Array', 'neighbours', where) : NO_ADJACENCY;
  if (typeof d.climb !== 'boolean') throw bad('climb must be a boolean');
  const fewest = kind === 'convexHull' ? 4 : kind === 'convexPolygon' ? 3 : 1;
  const n = points.length / dim;
  if (!Number.isInteger(n) || n < fewest)
    throw bad(`points has length ${points.length}: ${dim} numbers a point, at least ${fewest} points`);
  if (sources.length !== n) throw bad(`sources has length ${sources.length}, one a point: ${n}`);
  for (let i = 0; i < points.length; i++) {
    // x − x is 0 for a finite x and NaN for ±Infinity and NaN.
    if (points[i] - points[i] !== 0)
      throw bad(`point ${Math.floor(i / dim)}: coordinate ${'xyz'[i % dim]} is ${points[i]}`);
  }
  if (facets.length % 3 !== 0) throw bad(`facets has length ${facets.length}, not 3 a facet`);
  for (let i = 0; i < facets.length; i++) {
    if (!(facets[i] < n))
      throw bad(`facet ${Math.floor(i / 3)}: point index ${facets[i]} is not in [0, ${n})`);
  }
  if (start.length > 0 || neighbours.length > 0) {
    if (start.length !== n + 1 || start[0] !== 0 || start[n] !== neighbours.length)
      throw bad(
        `start must hold ${n + 1} offsets from 0 to the ${neighbours.length} neighbours, got length ${start.length}`,
      );
    for (let k = 0; k < n; k++) {
      if (!(start[k + 1] >= start[k]))
        throw bad(`start[${k + 1}] = ${start[k + 1]} is below start[${k}] = ${start[k]}`);
    }
    for (let i = 0; i < neighbours.length; i++) {
      if (!(neighbours[i] >= 0 && neighbours[i] < n))
        throw bad(`neighbours[${i}] = ${neighbours[i]} is not a point index in [0, ${n})`);
    }
  } else if (dim === 3 && d.climb === true) throw bad('climb without an adjacency to climb over');
  return { points, sources, facets, start, neighbours, climb: d.climb };
}
