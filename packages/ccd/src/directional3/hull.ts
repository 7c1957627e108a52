import { boxB, clearanceBall } from './boxes.js';
import { pairStep } from './pairs.js';
import { closing, type DirectionalState3 } from './state.js';

/**
 * Whether no pair of facet fa of A with a facet of B can step less than `best`: the clearance of
 * {@link clear} with the set of the pairs' witnesses taken as B's vertex hull less the facet (a
 * convex set that holds them all) instead of a box difference, tested by GJK between the facet
 * moved to the ball's centre and B's hull. A facet proved once stays proved for the rest of the
 * step (`best` only falls); one not proved is tried again when `best` has fallen by a fifth.
 */
export function facetClear(q: DirectionalState3, fa: number, half: number, best: number): boolean {
  const sc = q.scratch;
  if (sc.facetStamp[fa] === sc.stamp) {
    const was = sc.facetBest[fa];
    if (was >= 0) return true;
    if (best > -0.8 * was) return false;
  }
  sc.facetStamp[fa] = sc.stamp;
  const T = sc.facetTriangle.points;
  const spin = loadFacet(q, fa) + q.nodeSpinB[0];
  // The ball of `clear` (the same allowances), with ε the gap between the facet's box and B's.
  if (q.nbStamp[0] !== q.stamp) boxB(q, 0);
  const nb = q.nb;
  let s = 0;
  for (let k = 0; k < 3; k++) {
    const lo = Math.min(T[k], T[3 + k], T[6 + k]);
    const hi = Math.max(T[k], T[3 + k], T[6 + k]);
    const g = Math.max(nb[k] - hi, lo - nb[3 + k]);
    if (g > 0) s += g * g;
  }
  const v = q.relA;
  const ball = sc.ball;
  clearanceBall(q, best, half, spin, Math.sqrt(s), ball);
  const f = ball[0];
  const rho = Math.sqrt(ball[1]);
  // The facet moved by the ball's centre: the witnesses miss the ball when it stays farther than
  // the radius from B's hull.
  for (let k = 0; k < 9; k += 3) {
    T[k] += f * v[0];
    T[k + 1] += f * v[1];
    T[k + 2] += f * v[2];
  }
  const pair = sc.gjk;
  pair.stopAbove = rho + q.margin;
  const clear = pair.evaluateBound(q.R, q.t) - q.margin > rho;
  sc.facetBest[fa] = clear ? best : -best;
  return clear;
}

/**
 * The step of facet fa of A against B's vertex hull (or `best` unchanged when it cannot beat it):
 * their gap along GJK's separating axis, over that axis's closing speed (the facet and the hull
 * are convex: the argument of a facet pair's separating axis), or over the pair's speed bound,
 * whichever step is larger. Every facet of B lies in the hull, so the step holds for all of fa's
 * pairs. Where the hull meets the facet (no gap along any axis) the pairs are stepped one by one.
 */
export function facetHullStep(q: DirectionalState3, fa: number, half: number, best: number): number {
  const spin = loadFacet(q, fa) + q.nodeSpinB[0];
  const mu = q.speedAB + spin;
  const pair = q.scratch.gjk;
  const margin = q.margin;
  // Past this gap the plain step alone reaches `best`.
  pair.stopAbove = mu > 0 ? half + margin + best * mu : Number.POSITIVE_INFINITY;
  const gap = pair.evaluateBound(q.R, q.t) - margin - half;
  if (gap > 0) {
    const plain = mu > 0 ? gap / mu : Number.POSITIVE_INFINITY;
    if (plain >= best) return best;
    const u = pair.lowerAxis;
    const c = closing(q, u[0], u[1], u[2], spin);
    const directed = c > 0 ? gap / c : Number.POSITIVE_INFINITY;
    const step = directed > plain ? directed : plain;
    return step < best ? step : best;
  }
  const order = q.tb.order;
  for (let y = 0; y < order.length; y++) best = pairStep(q, fa, order[y], half, best);
  return best;
}

/** Facet fa of A into the GJK search's triangle; returns the largest spin of its corners. */
export function loadFacet(q: DirectionalState3, fa: number): number {
  const pa = q.a.positions;
  const ia = q.a.indices;
  const T = q.scratch.facetTriangle.points;
  let spinA = 0;
  for (let k = 0; k < 3; k++) {
    const va = ia[3 * fa + k];
    T[3 * k] = pa[3 * va];
    T[3 * k + 1] = pa[3 * va + 1];
    T[3 * k + 2] = pa[3 * va + 2];
    if (q.spinA[va] > spinA) spinA = q.spinA[va];
  }
  return spinA;
}
