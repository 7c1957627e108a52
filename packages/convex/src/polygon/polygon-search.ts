/**
 * What the searches of `PolygonPair` write: the closest pair found, a point of A's core and a point of
 * B's (A's frame), its squared length, and when one of the points lies inside an edge, that edge's
 * unit normal from A towards B (else zeros), and whose edge that is (`edge`: 1 A's, 2 B's, 0 none). Not
 * exported by the package.
 */
export interface FeatureSearch {
  d2: number;
  ax: number;
  ay: number;
  bx: number;
  by: number;
  nx: number;
  ny: number;
  edge: number;
}

/**
 * Point `P[p], P[p + 1]` against the segment from `Q[q0], Q[q0 + 1]` to `Q[q1], Q[q1 + 1]`: when
 * closer than the pair in `f`, it replaces it (`onA`: the point is A's, the segment B's; else the
 * other way round). Offsets into the arrays rather than coordinates: no number is boxed for a call
 * the engine does not inline. Not exported by the package.
 */
export function pointSegment(
  P: Float64Array,
  p: number,
  Q: Float64Array,
  q0: number,
  q1: number,
  onA: boolean,
  f: FeatureSearch,
): void {
  const px = P[p];
  const py = P[p + 1];
  const x0 = Q[q0];
  const y0 = Q[q0 + 1];
  const x1 = Q[q1];
  const y1 = Q[q1 + 1];
  const ex = x1 - x0;
  const ey = y1 - y0;
  const e2 = ex * ex + ey * ey;
  let t = e2 > 0 ? ((px - x0) * ex + (py - y0) * ey) / e2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  // The ends themselves at t = 0 and 1 (no rounding of x0 + 1·ex): a vertex–vertex pair is exact.
  const qx = t === 1 ? x1 : x0 + t * ex;
  const qy = t === 1 ? y1 : y0 + t * ey;
  const dx = qx - px;
  const dy = qy - py;
  const d2 = dx * dx + dy * dy;
  if (!(d2 < f.d2)) return;
  f.d2 = d2;
  // Inside the edge the pair's axis is the edge's normal, which the edge's long vector gives to the
  // last bits, where the short difference of the two points loses them near contact. Outward for a
  // counter-clockwise edge: from A towards B for A's edge, the other way for B's.
  const inside = t > 0 && t < 1;
  const e = inside ? (onA ? -1 : 1) / Math.sqrt(e2) : 0;
  // (+ 0: an axis along x or y has +0, not −0, in its other slot.)
  f.nx = e * ey + 0;
  f.ny = -e * ex + 0;
  f.edge = inside ? (onA ? 2 : 1) : 0;
  if (onA) {
    f.ax = px;
    f.ay = py;
    f.bx = qx;
    f.by = qy;
  } else {
    f.ax = qx;
    f.ay = qy;
    f.bx = px;
    f.by = py;
  }
}

/**
 * The exact search of two convex polygons (counter-clockwise, x y each: A's `a`, B's `b` placed in
 * A's frame): false when they overlap or touch (no edge of either has every vertex of the other
 * strictly beyond its line: the separating axis theorem), else true; either way the closest of every
 * vertex–edge pair goes into `f` (the closest features of two disjoint convex polygons are one of
 * them). Not exported by the package.
 */
export function exactSearch(
  a: Float64Array,
  na: number,
  b: Float64Array,
  nb: number,
  f: FeatureSearch,
): boolean {
  const apart = beyondAnEdge(a, na, b, nb) || beyondAnEdge(b, nb, a, na);
  f.d2 = Number.POSITIVE_INFINITY;
  for (let k = 0; k < na; k++) {
    const k1 = k === na - 1 ? 0 : k + 1;
    for (let l = 0; l < nb; l++) {
      const l1 = l === nb - 1 ? 0 : l + 1;
      pointSegment(a, 2 * k, b, 2 * l, 2 * l1, true, f);
      pointSegment(b, 2 * l, a, 2 * k, 2 * k1, false, f);
    }
  }
  return apart;
}

/** Some edge of `p` has every vertex of `q` strictly beyond its line (outside: p is counter-clockwise). */
function beyondAnEdge(p: Float64Array, np: number, q: Float64Array, nq: number): boolean {
  for (let k = 0; k < np; k++) {
    const k1 = k === np - 1 ? 0 : k + 1;
    const x0 = p[2 * k];
    const y0 = p[2 * k + 1];
    // The outward normal of a counter-clockwise edge (unnormalised: only signs are read).
    const ux = p[2 * k1 + 1] - y0;
    const uy = x0 - p[2 * k1];
    let all = true;
    for (let l = 0; l < nq && all; l++) all = (q[2 * l] - x0) * ux + (q[2 * l + 1] - y0) * uy > 0;
    if (all) return true;
  }
  return false;
}
