import { overlappingPairs, type PairSource, type StepBodies } from '@firsttouch/broadphase/internal';
import type { FatBoxes } from './fat-boxes.js';
import { boxesOverlap } from './reach-boxes.js';
import type { SortedSweep } from './sorted-sweep.js';

/** Tells whether the world lets the pair (i, j) of dense indices, i < j, be tested. */
export type PairFilter = (i: number, j: number) => boolean;

/**
 * The source of one search (see broadphase's `PairSource`): on its first window it makes the fat
 * box of each body whose box swept over the whole step left its own anew, and takes the world's
 * sorted lists to the fat boxes when any did; then it answers every window from the pairs they
 * hold, those whose window boxes overlap and that the filter allows. Each window's boxes lie in the
 * whole step's, which lie in the fat boxes, so these are the pairs a fresh sweep of the window's
 * boxes finds, less the filtered ones. A scene run at unit size sweeps afresh (its boxes are not
 * the lists').
 */
export function worldPairs(
  sweep: SortedSweep,
  fat: FatBoxes,
  allow: PairFilter,
  out: { swaps: number; refits: number },
): PairSource {
  let updated = false;
  return {
    overlaps(boxes: Float64Array, h: number, _step: StepBodies, wholeStep: () => Float64Array): Uint32Array {
      if (!updated) {
        const refits = fat.refit(h >= 1 ? boxes : wholeStep());
        out.refits += refits;
        if (refits > 0) out.swaps += sweep.update(fat.boxes());
        updated = true;
      }
      return kept(sweep.pairs(), boxes, sweep.dim, allow);
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
    if (boxes !== null && !boxesOverlap(boxes, dim, i, j)) continue;
    if (!allow(i, j)) continue;
    out[w++] = i;
    out[w++] = j;
  }
  return out.subarray(0, w);
}
