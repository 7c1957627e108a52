import { doubles } from '../plain.js';

/**
 * GJK's simplex: up to four points of the Minkowski difference B − A of two cores, each with the
 * points of A and of B behind it, and the point of their hull nearest a query point (the origin for a
 * distance; a point on the ray for a cast). The nearest point is found by signed volumes (Montanari,
 * Petrinic and Barbieri, 2017): the query point's barycentric coordinates in the simplex, then in each
 * face (edge) it lies beyond, from determinants of the largest projection, so that flat or
 * degenerate simplices need no special case and the planar case (2-D shapes, z = 0) comes out of the
 * same code. Caller-owned scratch: nothing is allocated after construction.
 *
 * Slot k holds `a` (A's point, A's frame), `bb` (B's point, B's frame), `b` (B's point placed in A's
 * frame), `w = b − a` and `y = w − q` (q the query point), 3 numbers each at 3k, and `ia`, `ib`, the
 * vertex indices behind A's and B's points (what `Shape.support` returned: −1 but for point sets), so
 * that a caller can find the features around them (mesh's facets around a hull vertex).
 */
/** sin² of the angle at a below which a triangle is a sliver (its normal and plane found with care). */
const SLIVER = 1e-2;

export class Simplex {
  /** Points in use (0 to 4). */
  n = 0;
  /** The vertex of A and of B behind each point (−1 where the shape has no vertices). */
  readonly ia = new Int32Array(4);
  readonly ib = new Int32Array(4);
  readonly a = doubles(12);
  readonly bb = doubles(12);
  readonly b = doubles(12);
  readonly w = doubles(12);
  readonly y = doubles(12);
  /** Barycentric weights of the nearest point (after {@link Simplex.reduce}). */
  readonly lam = doubles(4);
  /** The nearest point of the hull of `y` to the origin: pointB − pointA − q. */
  readonly v = doubles(3);
  /** Squared |v| of the last sub-simplex searched, per level (segment, triangle, tetrahedron). */
  #d1 = 0;
  #d2 = 0;
  readonly #lam1 = doubles(4);
  readonly #v1 = doubles(3);
  readonly #lam2 = doubles(4);
  readonly #v2 = doubles(3);
  readonly #lam3 = doubles(4);
  readonly #v3 = doubles(3);

  /**
   * The nearest point of the hull of `y[0 .. n)` to the origin into `v` and `lam`, then the simplex
   * shrinks to the points with a positive weight (kept in order). Returns true when the origin is
   * inside a tetrahedron (the cores overlap; `v` is 0 and all four points stay).
   */
  reduce(): boolean {
    const n = this.n;
    let lam: number[];
    let v: number[];
    if (n === 1) {
      this.lam[0] = 1;
      this.v[0] = this.y[0];
      this.v[1] = this.y[1];
      this.v[2] = this.y[2];
      return false;
    }
    if (n === 2) {
      this.#segment(0, 1);
      lam = this.#lam1;
      v = this.#v1;
    } else if (n === 3) {
      this.#triangle(0, 1, 2);
      lam = this.#lam2;
      v = this.#v2;
    } else {
      if (this.#tetrahedron()) {
        copy4(this.#lam3, this.lam);
        this.v[0] = this.v[1] = this.v[2] = 0;
        return true;
      }
      lam = this.#lam3;
      v = this.#v3;
    }
    this.v[0] = v[0];
    this.v[1] = v[1];
    this.v[2] = v[2];
    let m = 0;
    for (let k = 0; k < n; k++) {
      if (!(lam[k] > 0)) continue;
      if (m !== k) this.move(k, m);
      this.lam[m] = lam[k];
      m++;
    }
    if (m === 0) {
      // No weight survived rounding: keep the newest point.
      this.move(n - 1, 0);
      this.lam[0] = 1;
      this.v[0] = this.y[0];
      this.v[1] = this.y[1];
      this.v[2] = this.y[2];
      m = 1;
    }
    this.n = m;
    return false;
  }

  /** Becomes a copy of `other`: its points, their vertices, the weights and the nearest point. */
  copyFrom(other: Simplex): void {
    this.n = other.n;
    this.ia.set(other.ia);
    this.ib.set(other.ib);
    for (let k = 0; k < 12; k++) {
      this.a[k] = other.a[k];
      this.bb[k] = other.bb[k];
      this.b[k] = other.b[k];
      this.w[k] = other.w[k];
      this.y[k] = other.y[k];
    }
    for (let k = 0; k < 4; k++) this.lam[k] = other.lam[k];
    for (let k = 0; k < 3; k++) this.v[k] = other.v[k];
  }

  /** Copies slot `from` into slot `to`. */
  move(from: number, to: number): void {
    this.ia[to] = this.ia[from];
    this.ib[to] = this.ib[from];
    const f = 3 * from;
    const t = 3 * to;
    for (let c = 0; c < 3; c++) {
      this.a[t + c] = this.a[f + c];
      this.bb[t + c] = this.bb[f + c];
      this.b[t + c] = this.b[f + c];
      this.w[t + c] = this.w[f + c];
      this.y[t + c] = this.y[f + c];
    }
  }

  /** The segment y_i y_j: weights into #lam1 (others 0), nearest point into #v1, |v|² into #d1. */
  #segment(i: number, j: number): void {
    const y = this.y;
    const lam = this.#lam1;
    const v = this.#v1;
    lam[0] = lam[1] = lam[2] = lam[3] = 0;
    const ax = y[3 * i],
      ay = y[3 * i + 1],
      az = y[3 * i + 2];
    const dx = y[3 * j] - ax,
      dy = y[3 * j + 1] - ay,
      dz = y[3 * j + 2] - az;
    const dd = dx * dx + dy * dy + dz * dz;
    // The origin's parameter along the segment from y_i.
    const u = dd > 0 ? -(ax * dx + ay * dy + az * dz) / dd : 0;
    if (u <= 0) {
      lam[i] = 1;
      v[0] = ax;
      v[1] = ay;
      v[2] = az;
    } else if (u >= 1) {
      lam[j] = 1;
      v[0] = y[3 * j];
      v[1] = y[3 * j + 1];
      v[2] = y[3 * j + 2];
    } else {
      lam[i] = 1 - u;
      lam[j] = u;
      // d × (y_i × d) / |d|², not y_i + u d: the same point, but each of its components is found to
      // rounding of |v|, where y_i + u d carries rounding of |y_i| (a long segment passing close to
      // the origin: its error turns the next search direction and stalls the search).
      const cx = ay * dz - az * dy,
        cy = az * dx - ax * dz,
        cz = ax * dy - ay * dx;
      const inv = 1 / dd;
      v[0] = (dy * cz - dz * cy) * inv;
      v[1] = (dz * cx - dx * cz) * inv;
      v[2] = (dx * cy - dy * cx) * inv;
    }
    this.#d1 = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
  }

  /** The triangle y_i y_j y_k: weights into #lam2, nearest point into #v2, |v|² into #d2. */
  #triangle(i: number, j: number, k: number): void {
    const y = this.y;
    const lam = this.#lam2;
    const v = this.#v2;
    const ax = y[3 * i],
      ay = y[3 * i + 1],
      az = y[3 * i + 2];
    const bx = y[3 * j],
      by = y[3 * j + 1],
      bz = y[3 * j + 2];
    const cx = y[3 * k],
      cy = y[3 * k + 1],
      cz = y[3 * k + 2];
    const ux = bx - ax,
      uy = by - ay,
      uz = bz - az;
    const wx = cx - ax,
      wy = cy - ay,
      wz = cz - az;
    let nx = uy * wz - uz * wy,
      ny = uz * wx - ux * wz,
      nz = ux * wy - uy * wx;
    let nn = nx * nx + ny * ny + nz * nz;
    // The plane is taken through a, unless the triangle is a sliver (its edges at a within 0.1 rad
    // of parallel): a cross product rounds by ε times its edges' lengths, which for two long edges
    // nearly parallel is what is left of the normal itself. A sliver's normal is then taken from its
    // two shortest edges (the same vector from any two, in this cyclic order), and its plane through
    // the corner nearest the origin (the normal's rounding tilts the plane about that corner, and
    // moves the projection by the tilt times the corner's distance).
    let ox = ax,
      oy = ay,
      oz = az;
    const uu = ux * ux + uy * uy + uz * uz,
      ww = wx * wx + wy * wy + wz * wz;
    if (nn < SLIVER * uu * ww) {
      const zx = cx - bx,
        zy = cy - by,
        zz = cz - bz;
      const z2 = zx * zx + zy * zy + zz * zz;
      if (z2 < uu || z2 < ww) {
        if (ww >= uu) {
          nx = uy * zz - uz * zy;
          ny = uz * zx - ux * zz;
          nz = ux * zy - uy * zx;
        } else {
          nx = wy * zz - wz * zy;
          ny = wz * zx - wx * zz;
          nz = wx * zy - wy * zx;
        }
        nn = nx * nx + ny * ny + nz * nz;
      }
      const aa = ax * ax + ay * ay + az * az,
        bb = bx * bx + by * by + bz * bz,
        cc = cx * cx + cy * cy + cz * cz;
      if (bb < aa && bb <= cc) {
        ox = bx;
        oy = by;
        oz = bz;
      } else if (cc < aa) {
        ox = cx;
        oy = cy;
        oz = cz;
      }
    }
    if (nn > 0) {
      // The origin projected on the triangle's plane, then its barycentric coordinates from the
      // areas of the projection on the coordinate plane where the triangle is largest.
      const h = (nx * ox + ny * oy + nz * oz) / nn;
      const px = h * nx,
        py = h * ny,
        pz = h * nz;
      const mx = Math.abs(nx),
        my = Math.abs(ny),
        mz = Math.abs(nz);
      // The two coordinates kept, in cyclic order (so that the projected area has the sign of the
      // normal's dropped component). Written out: doubles passed to a helper that is not inlined are
      // boxed, three calls an evaluation.
      let a1: number, a2: number, b1: number, b2: number, c1: number, c2: number, p1: number, p2: number;
      let det: number;
      if (mz >= mx && mz >= my) {
        det = nz;
        a1 = ax;
        a2 = ay;
        b1 = bx;
        b2 = by;
        c1 = cx;
        c2 = cy;
        p1 = px;
        p2 = py;
      } else if (my >= mx) {
        det = ny;
        a1 = az;
        a2 = ax;
        b1 = bz;
        b2 = bx;
        c1 = cz;
        c2 = cx;
        p1 = pz;
        p2 = px;
      } else {
        det = nx;
        a1 = ay;
        a2 = az;
        b1 = by;
        b2 = bz;
        c1 = cy;
        c2 = cz;
        p1 = py;
        p2 = pz;
      }
      // Twice the signed areas of the triangle with the projection in place of each corner.
      const ci = (b1 - p1) * (c2 - p2) - (b2 - p2) * (c1 - p1);
      const cj = (p1 - a1) * (c2 - a2) - (p2 - a2) * (c1 - a1);
      const ck = (b1 - a1) * (p2 - a2) - (b2 - a2) * (p1 - a1);
      const oi = ci * det >= 0,
        oj = cj * det >= 0,
        ok = ck * det >= 0;
      if (oi && oj && ok) {
        lam[0] = lam[1] = lam[2] = lam[3] = 0;
        // Over their sum, not over `det`: a sliver's normal comes from its short edges, whose
        // dropped component differs from the projected area in the last bits of the long ones, and
        // weights not summing to 1 moved the witness points off their shapes (1.8e-10 on curved
        // cores, where GJK ends with two supports 1e-7 apart).
        const sum = ci + cj + ck;
        lam[i] = ci / sum;
        lam[j] = cj / sum;
        lam[k] = ck / sum;
        v[0] = px;
        v[1] = py;
        v[2] = pz;
        this.#d2 = px * px + py * py + pz * pz;
        return;
      }
      // Outside: the nearest point is on an edge the projection lies beyond.
      this.#d2 = Number.POSITIVE_INFINITY;
      if (!oi) this.#edgeOf(j, k);
      if (!oj) this.#edgeOf(i, k);
      if (!ok) this.#edgeOf(i, j);
      return;
    }
    // A flat triangle: its edges.
    this.#d2 = Number.POSITIVE_INFINITY;
    this.#edgeOf(j, k);
    this.#edgeOf(i, k);
    this.#edgeOf(i, j);
  }

  /** The segment y_i y_j as a candidate of the triangle search: kept in #lam2, #v2 when nearer. */
  #edgeOf(i: number, j: number): void {
    this.#segment(i, j);
    if (this.#d1 < this.#d2) {
      this.#d2 = this.#d1;
      copy4(this.#lam1, this.#lam2);
      copy3(this.#v1, this.#v2);
    }
  }

  /**
   * The tetrahedron y_0 .. y_3: true when the origin is inside (its weights into #lam3); else the
   * nearest point of the faces the origin lies beyond (all four for a flat tetrahedron) into #lam3,
   * #v3.
   */
  #tetrahedron(): boolean {
    const y = this.y;
    const x0 = y[0],
      y0 = y[1],
      z0 = y[2];
    const x1 = y[3],
      y1 = y[4],
      z1 = y[5];
    const x2 = y[6],
      y2 = y[7],
      z2 = y[8];
    const x3 = y[9],
      y3 = y[10],
      z3 = y[11];
    // Signed volumes (×6) of the tetrahedron with the origin in place of each corner, from the triple
    // products of the other three (written out, not through a helper: see #triangle); their sum is
    // the tetrahedron's own.
    const c0 = x1 * (y2 * z3 - z2 * y3) + y1 * (z2 * x3 - x2 * z3) + z1 * (x2 * y3 - y2 * x3);
    const c1 = -(x0 * (y2 * z3 - z2 * y3) + y0 * (z2 * x3 - x2 * z3) + z0 * (x2 * y3 - y2 * x3));
    const c2 = x0 * (y1 * z3 - z1 * y3) + y0 * (z1 * x3 - x1 * z3) + z0 * (x1 * y3 - y1 * x3);
    const c3 = -(x0 * (y1 * z2 - z1 * y2) + y0 * (z1 * x2 - x1 * z2) + z0 * (x1 * y2 - y1 * x2));
    const det = c0 + c1 + c2 + c3;
    const lam = this.#lam3;
    if (det !== 0 && c0 * det >= 0 && c1 * det >= 0 && c2 * det >= 0 && c3 * det >= 0) {
      lam[0] = c0 / det;
      lam[1] = c1 / det;
      lam[2] = c2 / det;
      lam[3] = c3 / det;
      return true;
    }
    let best = Number.POSITIVE_INFINITY;
    for (let f = 0; f < 4; f++) {
      const c = f === 0 ? c0 : f === 1 ? c1 : f === 2 ? c2 : c3;
      if (det !== 0 && c * det >= 0) continue;
      // The face that leaves out corner f.
      this.#triangle(f === 0 ? 1 : 0, f <= 1 ? 2 : 1, f <= 2 ? 3 : 2);
      if (this.#d2 < best) {
        best = this.#d2;
        copy4(this.#lam2, lam);
        // A face's weights leave the fourth corner at its old value: it takes none.
        lam[f] = 0;
        copy3(this.#v2, this.#v3);
      }
    }
    return false;
  }
}

// Element by element: TypedArray.prototype.set costs more than these few moves.
function copy4(from: number[], to: number[]): void {
  to[0] = from[0];
  to[1] = from[1];
  to[2] = from[2];
  to[3] = from[3];
}

function copy3(from: number[], to: number[]): void {
  to[0] = from[0];
  to[1] = from[1];
  to[2] = from[2];
}
