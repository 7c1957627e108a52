import { GAP_AXIS, GAP_BOUND, placeRss, RSS_C, RSS_STRIDE, rssGap } from '@firsttouch/mesh/internal';
import { closing, coneStep, type DirectionalState3 } from './state.js';

/**
 * `nodeStep` with the two nodes' RSS: their gap (`rssGap`, less this call's rounding margin)
 * over the speed bound, and the cone bound on the balls about the RSS centres that enclose them.
 */
export function nodeStepRss(q: DirectionalState3, i: number, j: number, half: number): number {
  const rp = q.rp;
  if (q.nbStamp[j] !== q.stamp) {
    q.nbStamp[j] = q.stamp;
    placeRss(q.rssB!, j, q.R, q.shift, rp);
  }
  const va = q.rssA!;
  const g = q.gap;
  rssGap(va, i, rp, j, g);
  const gap = g[GAP_BOUND] - q.margin - half;
  const spin = q.nodeSpinA[i] + q.nodeSpinB[j];
  const mu = q.speedAB + spin;
  const plain = mu > 0 ? gap / mu : Number.POSITIVE_INFINITY;
  const w = q.relSpeed;
  if (w === 0) return spin > 0 ? Math.max(plain, gap / spin) : Number.POSITIVE_INFINITY;
  // Along the fixed direction u the gap was measured on: the separation of the two nodes along u
  // bounds every pair's distance below, at every s, and closes no faster than u's directional speed
  // (the argument of the facet pairs' separating axis).
  let step = plain;
  const u = GAP_AXIS;
  if (gap > 0 && (g[u] !== 0 || g[u + 1] !== 0 || g[u + 2] !== 0)) {
    const cu = closing(q, g[u], g[u + 1], g[u + 2], spin);
    const along = cu > 0 ? gap / cu : Number.POSITIVE_INFINITY;
    if (along > step) step = along;
  }
  const o = RSS_STRIDE * i + RSS_C;
  const p = 12 * j + 6;
  const qa = va.data;
  const h = va.step;
  const dx = rp[p] - qa[o] * h,
    dy = rp[p + 1] - qa[o + 1] * h,
    dz = rp[p + 2] - qa[o + 2] * h;
  const directed = coneStep(q, dx, dy, dz, q.ballA[i] + q.ballB[j] + q.margin, gap, spin);
  return directed > step ? directed : step;
}
