import { GAP_BOUND } from '../tree/rss-place.js';
import { shaved } from './surface-scratch.js';
import type { SurfaceSearch } from './surface-search.js';
import { splitsA } from './surface-split.js';

/**
 * After a search from the candidates (no pair intersecting), sets `q.lowestPruned` so that
 * `lowerBound` comes out as the search from the roots (`evaluate`, same hint) gives it, and returns
 * true; false when that cannot be told, and the search from the roots must run.
 *
 * That search gives min(gap, shaved(L)), L the lowest of what it leaves out: bounds above the best
 * of the moment plus the margin, and exact gaps above the best of the moment. Which exact gaps it
 * leaves out depends on the order it meets them in, but only among the pairs within half a margin
 * of the gap (the cluster: facets around a shared edge or vertex, their gaps a few ulps apart). Every
 * bound of those pairs passes there, so that search evaluates all of them, in the order of its
 * descent (nearer child first), which `comesFirst` reproduces; this search evaluated all of
 * them too. When one is left out, it is L. When none is, L is above the cluster, and that search's
 * order no longer matters if nothing here comes within a few margins of the gap: `bound` is the
 * lowest bound left out here (the candidates settled and the bound outside them included), and no
 * pair that close can be reached under a higher one.
 */
export function sameLowerBound(q: SurfaceSearch, best: number, bound: number, oldMargin: number): boolean {
  const margin = q.margin;
  const halo = best + 0.5 * margin;
  const gaps = q.gaps;
  const gap = gaps.gap;
  const near = gaps.near;
  // The search from the roots starts from the hint's gap (it evaluates the hint first).
  const start = q.hintGap >= best ? q.hintGap : Number.POSITIVE_INFINITY;
  let beyond = Number.POSITIVE_INFINITY;
  let count = 0;
  let ordered = false;
  for (let k = 0; k < gaps.count; k++) {
    const d = gap[k];
    if (d > halo) {
      if (d < beyond) beyond = d;
      continue;
    }
    if (!(d <= halo)) continue;
    // A pair below the start is left out or not as a closer one comes before it or not.
    if (d > best && d <= start) ordered = true;
    near[count++] = k;
  }
  if (ordered) sortByDescent(q, near, count);
  let low = start;
  let left = Number.POSITIVE_INFINITY;
  for (let n = 0; n < count; n++) {
    const d = gap[near[n]];
    if (d > low) {
      if (d < left) left = d;
    } else low = d;
  }
  if (left < Number.POSITIVE_INFINITY) {
    q.lowestPruned = left;
    return true;
  }
  const rest = bound < beyond ? bound : beyond;
  if (shaved(rest - oldMargin, margin) >= best) {
    q.lowestPruned = Number.POSITIVE_INFINITY;
    return true;
  }
  return false;
}

/** Sorts the entries `near[0..count)` into the order the search from the roots meets them (few: insertion). */
function sortByDescent(q: SurfaceSearch, near: Uint32Array, count: number): void {
  for (let n = 1; n < count; n++) {
    const e = near[n];
    let m = n - 1;
    while (m >= 0 && comesFirst(q, e, near[m])) {
      near[m + 1] = near[m];
      m--;
    }
    near[m + 1] = e;
  }
}

/**
 * Whether the search from the roots meets entry `e` before entry `f`: down the pair tree from the
 * roots (split as that search splits) to where their leaf pairs part, then the nearer child first,
 * as that search pushes them; within one leaf pair, A's slot then B's.
 */
function comesFirst(q: SurfaceSearch, e: number, f: number): boolean {
  const w = q.gaps.where;
  const i1 = w[4 * e],
    j1 = w[4 * e + 1];
  const i2 = w[4 * f],
    j2 = w[4 * f + 1];
  if (i1 === i2 && j1 === j2) {
    const x1 = w[4 * e + 2],
      x2 = w[4 * f + 2];
    return x1 < x2 || (x1 === x2 && w[4 * e + 3] < w[4 * f + 3]);
  }
  const ta = q.ta;
  const tb = q.tb;
  let i = 0;
  let j = 0;
  for (;;) {
    const leafA = ta.count[i] > 0;
    const leafB = tb.count[j] > 0;
    // Not reached (two leaf pairs part above their leaves); a guard against a loop all the same.
    if (leafA && leafB) return false;
    const splitA = splitsA(ta, tb, i, j);
    // Nodes are numbered depth first: the right child's subtree starts at its index.
    const right = splitA ? ta.child[i] : tb.child[j];
    const r1 = splitA ? i1 >= right : j1 >= right;
    const r2 = splitA ? i2 >= right : j2 >= right;
    const a1 = splitA ? i + 1 : i;
    const b1 = splitA ? j : j + 1;
    const a2 = splitA ? right : i;
    const b2 = splitA ? j : right;
    if (r1 === r2) {
      i = r1 ? a2 : a1;
      j = r1 ? b2 : b1;
      continue;
    }
    q.nodeBound(a1, b1);
    q.s.keys[0] = q.s.bound[GAP_BOUND];
    q.nodeBound(a2, b2);
    q.s.keys[1] = q.s.bound[GAP_BOUND];
    const leftFirst = q.firstChild(a1, b1, a2, b2);
    return leftFirst !== r1;
  }
}
