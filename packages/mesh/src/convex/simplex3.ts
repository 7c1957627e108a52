import { segmentParameter, triangleClosestAt } from './triangle-closest.js';

/**
 * The simplex of a 3-D GJK search (parry's `VoronoiSimplex`): up to 4 points of the difference B − A,
 * with the vertex of A and of B behind each (their indices and their coordinates in A's frame), the
 * weights of the point of the simplex closest to the origin, and that point. Kept by its search from
 * one evaluation to the next (the warm start). Not exported by the package.
 */
export class Simplex3 {
  /** Points held. */
  n = 0;
  /** The vertex of A and of B behind each point. */
  readonly ia = new Int32Array(4);
  readonly ib = new Int32Array(4);
  /** A's vertex, B's vertex (in A's frame) and their difference, 3 numbers a point. */
  readonly pa = new Float64Array(12);
  readonly pb = new Float64Array(12);
  readonly w = new Float64Array(12);
  /** The barycentric weights of the closest point. */
  readonly lam = new Float64Array(4);
  /** The closest point of the simplex to the origin: pointB − pointA. */
  readonly v = new Float64Array(3);
  /** The weights and squared distance of a triangle's closest point (`triangleClosestAt`). */
  readonly #tri = new Float64Array(4);
  /** The origin, as the point of `triangleClosestAt` (GJK seeks the point of B − A nearest it). */
  readonly #origin = new Float64Array(3);

  /**
   * The point of the simplex of n points closest to the origin, into v and the weights; the simplex
   * shrinks to the points with a positive weight. Returns the new size.
   */
  closest(n: number): number {
    const w = this.w;
    const lam = this.lam;
    if (n === 1) {
      lam[0] = 1;
    } else if (n === 2) {
      const u = segmentParameter(w[0], w[1], w[2], w[3], w[4], w[5], 0, 0, 0);
      lam[0] = 1 - u;
      lam[1] = u;
    } else if (n === 3) {
      // The fourth slot takes the squared distance: no simplex of three reads it.
      triangleClosestAt(w, 0, 3, 6, this.#origin, 0, lam);
    } else if (this.#tetrahedron()) {
      // The origin is inside: the hulls overlap.
      this.v.fill(0);
      return 4;
    }
    // Keep the points with weight, in order.
    let m = 0;
    for (let k = 0; k < n; k++) {
      if (!(lam[k] > 0)) continue;
      if (m !== k) this.move(k, m);
      lam[m] = lam[k];
      m++;
    }
    if (m === 0) {
      // Rounding left no weight: keep the newest point.
      this.move(n - 1, 0);
      lam[0] = 1;
      m = 1;
    }
    const v = this.v;
    if (m === 3) {
      // Inside a face: the origin's projection on its plane. The weights' sum would carry their
      // rounding into v's direction, scaled by the face's size over |v|; the normal does not.
      const ux = w[3] - w[0],
        uy = w[4] - w[1],
        uz = w[5] - w[2];
      const qx = w[6] - w[0],
        qy = w[7] - w[1],
        qz = w[8] - w[2];
      const nx = uy * qz - uz * qy,
        ny = uz * qx - ux * qz,
        nz = ux * qy - uy * qx;
      const nn = nx * nx + ny * ny + nz * nz;
      if (nn > 0) {
        const k = (nx * w[0] + ny * w[1] + nz * w[2]) / nn;
        v[0] = k * nx;
        v[1] = k * ny;
        v[2] = k * nz;
        return m;
      }
    }
    v[0] = v[1] = v[2] = 0;
    for (let k = 0; k < m; k++) {
      v[0] += lam[k] * w[3 * k];
      v[1] += lam[k] * w[3 * k + 1];
      v[2] += lam[k] * w[3 * k + 2];
    }
    return m;
  }

  /**
   * The closest point of the tetrahedron: the best over the faces the origin lies beyond (all four
   * when the tetrahedron is flat). True when the origin is inside (no weights written).
   */
  #tetrahedron(): boolean {
    const w = this.w;
    const lam = this.lam;
    const tri = this.#tri;
    let best = Number.POSITIVE_INFINITY;
    let b0 = 0,
      b1 = 0,
      b2 = 0,
      b3 = 0;
    let outside = false;
    for (let f = 0; f < 4; f++) {
      // Face f leaves out point f; its corners i < j < k.
      const i = f === 0 ? 1 : 0;
      const j = f <= 1 ? 2 : 1;
      const k = f <= 2 ? 3 : 2;
      const ax = w[3 * i],
        ay = w[3 * i + 1],
        az = w[3 * i + 2];
      const ux = w[3 * j] - ax,
        uy = w[3 * j + 1] - ay,
        uz = w[3 * j + 2] - az;
      const vx = w[3 * k] - ax,
        vy = w[3 * k + 1] - ay,
        vz = w[3 * k + 2] - az;
      const nx = uy * vz - uz * vy,
        ny = uz * vx - ux * vz,
        nz = ux * vy - uy * vx;
      const sideO = -(nx * ax + ny * ay + nz * az);
      const sideP = nx * (w[3 * f] - ax) + ny * (w[3 * f + 1] - ay) + nz * (w[3 * f + 2] - az);
      if (sideO * sideP > 0) continue; // the origin is on the inner side of this face
      outside = true;
      triangleClosestAt(w, 3 * i, 3 * j, 3 * k, this.#origin, 0, tri);
      const d = tri[3];
      if (d < best) {
        best = d;
        b0 = b1 = b2 = b3 = 0;
        if (i === 0) b0 = tri[0];
        else b1 = tri[0];
        if (j === 1) b1 = tri[1];
        else if (j === 2) b2 = tri[1];
        if (k === 2) b2 = tri[2];
        else b3 = tri[2];
      }
    }
    if (!outside) return true;
    lam[0] = b0;
    lam[1] = b1;
    lam[2] = b2;
    lam[3] = b3;
    return false;
  }

  /** Moves point `from` of the simplex into slot `to`. */
  move(from: number, to: number): void {
    this.ia[to] = this.ia[from];
    this.ib[to] = this.ib[from];
    for (let c = 0; c < 3; c++) {
      this.pa[3 * to + c] = this.pa[3 * from + c];
      this.pb[3 * to + c] = this.pb[3 * from + c];
      this.w[3 * to + c] = this.w[3 * from + c];
    }
  }
}
