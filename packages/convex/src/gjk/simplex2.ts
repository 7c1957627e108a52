import { doubles } from '../plain.js';

/**
 * GJK's simplex in the plane (2-D shapes): up to 3 points of the difference B − A of two cores, each
 * with the points of A and of B behind it, the weights of the point of their hull nearest the origin,
 * and that point. The planar twin of {@link Simplex}: the same slots with two numbers a point, and
 * the nearest point from planar formulas (a segment's nearest point along the normal of the edge, so
 * that it stays square to the edge however near the origin the edge passes; a triangle by the
 * origin's side of each edge, pivoted at the edge's start). Caller-owned scratch: nothing is
 * allocated after construction.
 *
 * Slot k holds `a` (A's point, A's frame), `bb` (B's point, B's frame), `b` (B's point placed in A's
 * frame) and `w = b − a`, 2 numbers each at 2k, and `ia`, `ib`, the vertex indices behind A's and
 * B's points (−1 where the shape has no vertices). The newest point is the last.
 */
export class Simplex2 {
  /** Points in use (0 to 3). */
  n = 0;
  /** The vertex of A and of B behind each point (−1 where the shape has no vertices). */
  readonly ia = new Int32Array(3);
  readonly ib = new Int32Array(3);
  readonly a = doubles(6);
  readonly bb = doubles(6);
  readonly b = doubles(6);
  readonly w = doubles(6);
  /** Barycentric weights of the nearest point. */
  readonly lam = doubles(3);
  /** The point of the simplex nearest the origin (pointB − pointA). */
  readonly v = doubles(2);

  /**
   * The point of the simplex of `n` points (the newest last) nearest the origin, into `lam` and `v`;
   * the simplex shrinks to the points that carry it. Returns the new size (3: the origin is inside
   * the triangle, `v` = 0, the cores overlap).
   */
  closest(n: number): number {
    // (The triangle apart: the common cases, one or two points, then fit where this is inlined.)
    if (n === 3 && this.#triangle() === 3) return 3;
    const w = this.w;
    const lam = this.lam;
    const v = this.v;
    if (n >= 2) {
      const px = w[0],
        py = w[1],
        qx = w[2],
        qy = w[3];
      const dx = qx - px,
        dy = qy - py;
      const dd = dx * dx + dy * dy;
      const t = -(px * dx + py * dy);
      if (dd > 0 && t > 0 && t < dd) {
        const u = t / dd;
        lam[0] = 1 - u;
        lam[1] = u;
        // Along the normal of the edge, from its cross product with the pivot: v is then square to
        // the edge to the last bits however near the origin it passes, and the gap along it exact.
        const k = (dx * py - dy * px) / dd;
        v[0] = -dy * k;
        v[1] = dx * k;
        return 2;
      }
      // A vertex: the newer one when it is beyond the end, else the older.
      if (dd > 0 && t >= dd) this.move(1, 0);
    }
    lam[0] = 1;
    v[0] = w[0];
    v[1] = w[1];
    return 1;
  }

  /**
   * The triangle case of {@link closest}: 3 when the origin is inside (the weights set, v = 0), else
   * 2, the edge nearest the origin moved into slots 0 and 1 for the segment case.
   */
  #triangle(): number {
    const w = this.w;
    const lam = this.lam;
    const v = this.v;
    const px = w[0],
      py = w[1],
      qx = w[2],
      qy = w[3],
      rx = w[4],
      ry = w[5];
    // The origin against each edge, the edge's start as the pivot (the error then scales with the
    // edge and the pivot, not with the far vertex).
    const opq = (qy - py) * px - (qx - px) * py;
    const oqr = (ry - qy) * qx - (rx - qx) * qy;
    const orp = (py - ry) * rx - (px - rx) * ry;
    const sum = opq + oqr + orp;
    if (sum !== 0 && ((opq >= 0 && oqr >= 0 && orp >= 0) || (opq <= 0 && oqr <= 0 && orp <= 0))) {
      lam[0] = oqr / sum;
      lam[1] = orp / sum;
      lam[2] = opq / sum;
      v[0] = 0;
      v[1] = 0;
      return 3;
    }
    // Outside (or a flat triangle): the nearest edge, then the segment case on it.
    const dpq = edgeDistance2(px, py, qx, qy);
    const dqr = edgeDistance2(qx, qy, rx, ry);
    const drp = edgeDistance2(rx, ry, px, py);
    if (dqr <= dpq && dqr <= drp) {
      this.move(1, 0);
      this.move(2, 1);
    } else if (drp <= dpq) {
      this.move(2, 1);
    }
    return 2;
  }

  /** Moves point `from` of the simplex into slot `to`. */
  move(from: number, to: number): void {
    if (from === to) return;
    const f = 2 * from,
      t = 2 * to;
    this.ia[to] = this.ia[from];
    this.ib[to] = this.ib[from];
    this.a[t] = this.a[f];
    this.a[t + 1] = this.a[f + 1];
    this.bb[t] = this.bb[f];
    this.bb[t + 1] = this.bb[f + 1];
    this.b[t] = this.b[f];
    this.b[t + 1] = this.b[f + 1];
    this.w[t] = this.w[f];
    this.w[t + 1] = this.w[f + 1];
  }
}

/** Squared distance from the origin to the segment p q. */
function edgeDistance2(px: number, py: number, qx: number, qy: number): number {
  const dx = qx - px,
    dy = qy - py;
  const dd = dx * dx + dy * dy;
  const t = -(px * dx + py * dy);
  if (!(dd > 0) || t <= 0) return px * px + py * py;
  if (t >= dd) return qx * qx + qy * qy;
  const k = dx * py - dy * px;
  return (k * k) / dd;
}
