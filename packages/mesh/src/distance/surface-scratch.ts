import { PairHeap } from '../tree/pair-heap.js';
import { PairStack } from '../tree/pair-stack.js';

/**
 * Scratch shared by every surface pair: B's vertices, facet and node boxes (a refitted B) or node
 * RSS (a large B) taken into A's frame, filled lazily during an evaluation. Evaluations never
 * overlap (JavaScript runs one at a time and an evaluation calls no user code), so one set serves
 * all pairs; a global stamp says which entries belong to the evaluation under way. A fresh query
 * then allocates nothing in proportion to its bodies.
 */
export const S = {
  stamp: 0,
  stack: new PairStack(),
  /** The frontier of a search without a hint (see `searchTrees`). */
  heap: new PairHeap(),
  tri: new Float64Array(18),
  out: new Float64Array(7),
  R: new Float64Array(9),
  t: new Float64Array(3),
  vb: new Float64Array(0),
  vbStamp: new Uint32Array(0),
  /** B's RSS placed in A's grid (12 numbers a node: `placeRss`), when B is not refitted. */
  rp: new Float64Array(0),
  /** Where B's RSS grid origin lands in A's (`rssShift`), when B is not refitted. */
  shift: new Float64Array(3),
  rpStamp: new Uint32Array(0),
  /** B's node boxes refitted in A's frame (min, max), when B is refitted. */
  rb: new Float64Array(0),
  /** B's facet boxes in A's frame (min, max), when B is refitted. */
  fb: new Float64Array(0),
  /** The box of the current facet of A (min, max). */
  fa: new Float64Array(6),
  /** The last node bound computed. */
  bound: new Float64Array(4),
};

/** Grows the shared scratch to the bodies of an evaluation and starts a new stamp. */
export function prepareScratch(verticesB: number, nodesB: number, facetsB: number): void {
  if (S.rb.length < 6 * nodesB) S.rb = new Float64Array(6 * nodesB);
  if (S.fb.length < 6 * facetsB) S.fb = new Float64Array(6 * facetsB);
  if (S.vbStamp.length < verticesB) {
    S.vb = new Float64Array(3 * verticesB);
    S.vbStamp = new Uint32Array(verticesB);
  }
  if (S.rpStamp.length < nodesB) {
    S.rp = new Float64Array(12 * nodesB);
    S.rpStamp = new Uint32Array(nodesB);
  }
  S.stamp = (S.stamp + 1) >>> 0;
  if (S.stamp === 0) {
    S.vbStamp.fill(0);
    S.rpStamp.fill(0);
    S.stamp = 1;
  }
}

/**
 * A bound found in floating point, lowered by the rounding it may carry (a few ulps of itself and of
 * the coordinates in play), so that it stays below the exact gap.
 */
export function shaved(bound: number, margin: number): number {
  return bound === Number.POSITIVE_INFINITY ? bound : Math.max(0, bound * (1 - 1e-12) - 2 * margin);
}

/** How far from the origin the root box reaches (the largest coordinate magnitudes, summed). */
export function rootReach(boxes: Float32Array): number {
  let s = 0;
  for (let a = 0; a < 3; a++) s += Math.max(Math.abs(boxes[a]), Math.abs(boxes[3 + a]));
  return s;
}
