import { triangleAxisGapIo, triangleDistanceIo, triangleGapBoundIo } from '@firsttouch/mesh/internal';
import { closing, type DirectionalState3, placeB } from './state.js';

/** The step of one facet pair (or `best` unchanged when it cannot beat it). */
export function pairStep(q: DirectionalState3, fa: number, fb: number, half: number, best: number): number {
  const T = q.tri;
  const pa = q.a.positions;
  const ia = q.a.indices;
  const ib = q.b.indices;
  const vb = q.vb;
  let spinA = 0;
  let spinB = 0;
  for (let k = 0; k < 3; k++) {
    const va = ia[3 * fa + k];
    T[3 * k] = pa[3 * va];
    T[3 * k + 1] = pa[3 * va + 1];
    T[3 * k + 2] = pa[3 * va + 2];
    if (q.spinA[va] > spinA) spinA = q.spinA[va];
    const wb = ib[3 * fb + k];
    if (q.vbStamp[wb] !== q.stamp) placeB(q, wb);
    T[9 + 3 * k] = vb[3 * wb];
    T[10 + 3 * k] = vb[3 * wb + 1];
    T[11 + 3 * k] = vb[3 * wb + 2];
    if (q.spinB[wb] > spinB) spinB = q.spinB[wb];
  }
  const mu = q.speedAB + spinA + spinB;
  // Its plain step is at least (gap bound − tol/2) / μ: if that already beats `best`, skip it.
  const axis = q.axis;
  // The line between the centroids alone first (a bound asked to exceed −1 stops at its first
  // axis): along it most pairs already step past `best`, plainly or directionally.
  const io = q.work.io;
  io[0] = -1;
  triangleGapBoundIo(T, 0, 9, axis, q.work);
  const g1 = io[1];
  if (g1 > half) {
    if (mu > 0 && (g1 - half) / mu >= best) return best;
    const c1 = closing(q, axis[0], axis[1], axis[2], spinA + spinB);
    if (!(c1 > 0) || (g1 - half) / c1 >= best) return best;
  }
  io[0] = best * mu + half;
  triangleGapBoundIo(T, 0, 9, axis, q.work);
  const g = io[1];
  if (mu > 0 && (g - half) / mu >= best) return best;
  // The gap along the fixed separating axis found there bounds the pair's distance at every s
  // too, and closes no faster than that axis's directional speed: the same argument as with the
  // witness direction, without the exact distance.
  let axisStep = 0;
  if (g > half) {
    const c = closing(q, axis[0], axis[1], axis[2], spinA + spinB);
    axisStep = c > 0 ? (g - half) / c : Number.POSITIVE_INFINITY;
    if (axisStep >= best) return best;
  }
  triangleDistanceIo(T, 0, 9, q.out, q.work);
  const d = io[1];
  q.pairEvaluations++;
  const o = q.out;
  const plain = mu > 0 ? (d - half) / mu : Number.POSITIVE_INFINITY;
  let step = plain > axisStep ? plain : axisStep;
  if (d > 0) {
    // Along the witness direction from A to B, the gap its corners give (not d): the direction is
    // rounded, by about ulp(coordinates) / d, and along a direction off by δ the facets lie up to
    // δ times their extent nearer than d (a triangle sliding over a large facet a few tolerances
    // above it stepped past the contact: 1e-8 apart at coordinates of 2). The gap along the rounded
    // direction is what the bound certifies; it is d to rounding where the direction is good.
    const n = q.work.axis;
    n[0] = o[3] - o[0];
    n[1] = o[4] - o[1];
    n[2] = o[5] - o[2];
    triangleAxisGapIo(T, 0, 9, q.work);
    const g = n[3];
    if (g > half) {
      const c = closing(q, n[4], n[5], n[6], spinA + spinB);
      const directed = c > 0 ? (g - half) / c : Number.POSITIVE_INFINITY;
      if (directed > step) step = directed;
    }
  }
  return step < best ? step : best;
}
