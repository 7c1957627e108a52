import { overlappingPairs, type PairSource, type StepBodies } from '@firsttouch/broadphase/internal';
import type { SortedSweep } from './sorted-sweep.js';

/** Tells whether the world lets the pair (i, j) of dense indices, i < j, be tested. */
export type PairFilter = (i: number, j: number) => boolean;

/**
 * The source of one search (see broadphase's `PairSource`): on its first window it takes the
 * world's sorted lists to the boxes the bodies sweep over the whole step, then answers every window
 * from the pairs they hold, those whose window boxes overlap and that the filter allows. Each
 * window's boxes lie in the whole step's, so these are the pairs a fresh sweep of the window's
 * boxes finds, less the filtered ones. A scene run at unit size sweeps afresh (its boxes are not
 * the lists').
 */
export function worldPairs(sweep: SortedSweep, allow: PairFilter, out: { swaps: number }): PairSource {
  let updated = false;
  return {
    overlaps(boxes: Float64Array, h: number, _step: StepBodies, wholeStep: () => Float64Array): Uint32Array {
      if (!updated) {
        out.swaps += sweep.update(h >= 1 ? boxes : wholeStep());
        updated = true;
      }
      return kept(sweep.pairs(), h >= 1 ? null : boxes, sweep.dim, allow);
    },
    atUnitSize(): PairSource {
      return {
        overlaps(boxes: Float64Array, _h: number, step: StepBodies): Uint32Array {
          return kept(overlappingPairs(boxes, step.dim), null, step.dim, allow);
        },
      };
    },
  };
}

/** The pairs of `pairs` that the filter allows and, when `boxes` is given, whose boxes overlap. */
function kept(pairs: Uint32Array, boxes: Float64Array | null, dim: 2 | 3, allow: PairFilter): Uint32Array {
  const out = new Uint32Array(pairs.length);
  let w = 0;
  for (let x = 0; x < pairs.length; x += 2) {
    const i = pairs[x];
    const j = pairs[x + 1];
    if (boxes !== null && !overlap(boxes, dim, i, j)) continue;
    if (!allow(i, j)) continue;
    out[w++] = i;
    out[w++] = j;
  }
  return out.subarray(0, w);
}

/** The closed boxes i and j overlap (as `overlappingPairs` takes them). */
function overlap(B: Float64Array, dim: number, i: number, j: number): boolean {
  const oi = 2 * dim * i;
  const oj = 2 * dim * j;
  for (let a = 0; a < dim; a++) {
    if (B[oi + dim + a] < B[oj + a] || B[oj + dim + a] < B[oi + a]) return false;
  }
  return true;
}
