import type { StepBodies } from './bodies.js';

/**
 * Where a first-impact search takes the overlapping boxes of each of its time windows from, in
 * place of a fresh sweep-and-prune: a caller that keeps its boxes sorted from one call to the next
 * (`@firsttouch/world`), or one that leaves some pairs out (filters). The search calls it once a
 * window, windows in increasing `h`, the last one `h = 1`.
 *
 * @example
 * ```ts
 * import { overlappingPairs, type PairSource } from '@firsttouch/broadphase/internal';
 * // the fresh sweep, less the pairs of body 0
 * const source: PairSource = {
 *   overlaps(boxes, _h, step) {
 *     const all = overlappingPairs(boxes, step.dim);
 *     return all.filter((_, k) => all[k - (k % 2)] !== 0);
 *   },
 * };
 * ```
 */
export interface PairSource {
  /**
   * The pairs `[i0, j0, i1, j1, ...]` (`i < j`, any order) whose boxes overlap among `boxes` (closed
   * boxes, `2 · dim` numbers each, as `overlappingPairs` reads them): the boxes the bodies of `step`
   * sweep over the window [0, h]. `wholeStep()` gives the boxes they sweep over the whole step (those
   * of the window h = 1; each window's boxes lie in them). A pair the source leaves out is never
   * searched.
   */
  overlaps(boxes: Float64Array, h: number, step: StepBodies, wholeStep: () => Float64Array): Uint32Array;
  /**
   * The source for the same scene taken to unit size (a scene far from it runs scaled by a power of
   * two: its boxes are not the caller's). Without it, the scaled run sweeps afresh and keeps every pair.
   */
  atUnitSize?(): PairSource;
}
