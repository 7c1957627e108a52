import type { BoundingTree } from '../tree/build.js';

/**
 * Which node of a node pair the descent splits: the one that is not a leaf, else the larger box (by
 * its squared diagonal; A on ties). The search and the rebuilding of its order (the lower bound of
 * `evaluateMoved`) must split alike, so both ask here.
 */
export function splitsA(ta: BoundingTree, tb: BoundingTree, i: number, j: number): boolean {
  if (ta.count[i] > 0) return false;
  if (tb.count[j] > 0) return true;
  const boxesA = ta.boxes;
  const boxesB = tb.boxes;
  const p = 6 * i;
  const o = 6 * j;
  const ha =
    (boxesA[p + 3] - boxesA[p]) ** 2 +
    (boxesA[p + 4] - boxesA[p + 1]) ** 2 +
    (boxesA[p + 5] - boxesA[p + 2]) ** 2;
  const hb =
    (boxesB[o + 3] - boxesB[o]) ** 2 +
    (boxesB[o + 4] - boxesB[o + 1]) ** 2 +
    (boxesB[o + 5] - boxesB[o + 2]) ** 2;
  return ha >= hb;
}
