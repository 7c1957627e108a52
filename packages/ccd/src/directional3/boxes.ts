import { coneStep, type DirectionalState3, placeB } from './state.js';

/**
 * The plain step of a node pair of a small B (refitted as the search reaches it): its box gap over its speed bound (a lower bound of its pairs'
 * steps), or +∞ when no facet pair below can step less than `best` ({@link clear}): the key
 * orders the descent, the clearance only prunes.
 */
export function nodeStepBoxes(
  q: DirectionalState3,
  i: number,
  j: number,
  half: number,
  best: number,
): number {
  if (q.nbStamp[j] !== q.stamp) boxB(q, j);
  const ba = q.ta.boxes;
  const nb = q.nb;
  const p = 6 * i;
  const o = 6 * j;
  const ax = 0.5 * (ba[p] + ba[p + 3]),
    ay = 0.5 * (ba[p + 1] + ba[p + 4]),
    az = 0.5 * (ba[p + 2] + ba[p + 5]);
  const hx = 0.5 * (ba[p + 3] - ba[p]),
    hy = 0.5 * (ba[p + 4] - ba[p + 1]),
    hz = 0.5 * (ba[p + 5] - ba[p + 2]);
  // B's refitted box (min, max in A's frame) as centre and half-extents
  const bx = 0.5 * (nb[o] + nb[o + 3]),
    by = 0.5 * (nb[o + 1] + nb[o + 4]),
    bz = 0.5 * (nb[o + 2] + nb[o + 5]);
  const ex = 0.5 * (nb[o + 3] - nb[o]),
    ey = 0.5 * (nb[o + 4] - nb[o + 1]),
    ez = 0.5 * (nb[o + 5] - nb[o + 2]);
  const dx = bx - ax,
    dy = by - ay,
    dz = bz - az;
  const gx = Math.abs(dx) - hx - ex;
  const gy = Math.abs(dy) - hy - ey;
  const gz = Math.abs(dz) - hz - ez;
  let s = 0;
  if (gx > 0) s += gx * gx;
  if (gy > 0) s += gy * gy;
  if (gz > 0) s += gz * gz;
  const box = Math.sqrt(s);
  const gap = box - half;
  const spin = q.nodeSpinA[i] + q.nodeSpinB[j];
  const mu = q.speedAB + spin;
  const plain = mu > 0 ? gap / mu : Number.POSITIVE_INFINITY;
  // Without relative translation the pairs close by their spins alone.
  const w = q.relSpeed;
  if (w === 0) return spin > 0 ? Math.max(plain, gap / spin) : Number.POSITIVE_INFINITY;
  // A key at or above `best` is not pushed: the cone need not make it larger.
  if (!(plain < best)) return plain;
  // The clearance: whether no facet pair below the node pair can step less than `best`, the
  // directional way: a prune that leaves the keys, and so the order of the descent and the step
  // found, as they were.
  //
  // Every facet pair below has its witness x = q − p (q on B's facet, p on A's) in the box M = B's
  // box − A's box (centre `d`, half-extents `H`), with distance |x| and direction
  // x/|x|. Its directional step (|x| − half) / (x·v/|x| + spin) is at least t wherever
  // |x|² − a|x| − t x·v ≥ 0, a = half + t·spin (where the rate is ≤ 0 the step is unbounded). As
  // a|x| ≤ a(|x|²/ε + ε)/2 for any ε > 0, that holds outside the ball about (t / 2k) v of radius²
  // (t / 2k)² |v|² + aε / 2k, k = 1 − a / 2ε, tightest where |x| ≈ ε: ε is the node gap. When M
  // misses the ball, no pair below has a step under t. Its own plain step is then no matter:
  // the pair's step is the larger of the two. `half` grown by the rounding margin, t by 1e-10 and
  // the radius by 1e-9 cover the pairs' own rounding (their steps come from the exact distance).
  if (best > 0 && q.clearance) {
    const v = q.relA;
    const ball = q.scratch.ball;
    clearanceBall(q, best, half, spin, box, ball);
    const f = ball[0];
    const qx = Math.abs(f * v[0] - dx) - (hx + ex);
    const qy = Math.abs(f * v[1] - dy) - (hy + ey);
    const qz = Math.abs(f * v[2] - dz) - (hz + ez);
    let sum = 0;
    if (qx > 0) sum += qx * qx;
    if (qy > 0) sum += qy * qy;
    if (qz > 0) sum += qz * qz;
    if (sum > ball[1]) return Number.POSITIVE_INFINITY;
  }
  const rA = Math.sqrt(hx * hx + hy * hy + hz * hz);
  const rB = Math.sqrt(ex * ex + ey * ey + ez * ez);
  const directed = coneStep(q, dx, dy, dz, rA + rB, gap, spin);
  return directed > plain ? directed : plain;
}

/**
 * The ball of {@link clear} for the step `best` (t), the spin and a gap ε of the witnesses: into
 * `ball`, the factor f of its centre f·v and its squared radius (both clearance tests use it).
 */
export function clearanceBall(
  q: DirectionalState3,
  best: number,
  half: number,
  spin: number,
  gap: number,
  ball: Float64Array,
): void {
  const w = q.relSpeed;
  const t = best * (1 + 1e-10);
  const a = half + q.margin + t * spin;
  const eps = gap > a ? gap : a;
  const k = 1 - a / (2 * eps);
  const f = t / (2 * k);
  ball[0] = f;
  ball[1] = f * f * w * w * (1 + 1e-9) + (a * eps) / (2 * k);
}

/**
 * Node j of B's box in A's frame (min, max): a leaf's from its placed vertices (exact), a larger
 * node's its own box turned and enclosed (`|R| h`): the search reaches few nodes, and refitting all
 * of B at every step cost more than the search.
 */
export function boxB(q: DirectionalState3, j: number): void {
  q.nbStamp[j] = q.stamp;
  const tb = q.tb;
  const nb = q.nb;
  const o = 6 * j;
  if (tb.count[j] > 0) {
    const vb = q.vb;
    const ib = q.b.indices;
    let x0 = Number.POSITIVE_INFINITY,
      y0 = Number.POSITIVE_INFINITY,
      z0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY,
      y1 = Number.NEGATIVE_INFINITY,
      z1 = Number.NEGATIVE_INFINITY;
    for (let x = tb.child[j]; x < tb.child[j] + tb.count[j]; x++) {
      const f = 3 * tb.order[x];
      for (let k = 0; k < 3; k++) {
        const wb = ib[f + k];
        if (q.vbStamp[wb] !== q.stamp) placeB(q, wb);
        const w = 3 * wb;
        const px = vb[w],
          py = vb[w + 1],
          pz = vb[w + 2];
        if (px < x0) x0 = px;
        if (px > x1) x1 = px;
        if (py < y0) y0 = py;
        if (py > y1) y1 = py;
        if (pz < z0) z0 = pz;
        if (pz > z1) z1 = pz;
      }
    }
    nb[o] = x0;
    nb[o + 1] = y0;
    nb[o + 2] = z0;
    nb[o + 3] = x1;
    nb[o + 4] = y1;
    nb[o + 5] = z1;
    return;
  }
  const bb = tb.boxes;
  const R = q.R;
  const cx = 0.5 * (bb[o] + bb[o + 3]),
    cy = 0.5 * (bb[o + 1] + bb[o + 4]),
    cz = 0.5 * (bb[o + 2] + bb[o + 5]);
  const hx = 0.5 * (bb[o + 3] - bb[o]),
    hy = 0.5 * (bb[o + 4] - bb[o + 1]),
    hz = 0.5 * (bb[o + 5] - bb[o + 2]);
  const t = q.t;
  const mx = R[0] * cx + R[1] * cy + R[2] * cz + t[0];
  const my = R[3] * cx + R[4] * cy + R[5] * cz + t[1];
  const mz = R[6] * cx + R[7] * cy + R[8] * cz + t[2];
  const ex = Math.abs(R[0]) * hx + Math.abs(R[1]) * hy + Math.abs(R[2]) * hz;
  const ey = Math.abs(R[3]) * hx + Math.abs(R[4]) * hy + Math.abs(R[5]) * hz;
  const ez = Math.abs(R[6]) * hx + Math.abs(R[7]) * hy + Math.abs(R[8]) * hz;
  nb[o] = mx - ex;
  nb[o + 1] = my - ey;
  nb[o + 2] = mz - ez;
  nb[o + 3] = mx + ex;
  nb[o + 4] = my + ey;
  nb[o + 5] = mz + ez;
}
