import { orient3dAt } from '../predicates.js';
import { extremeVertices } from './extreme-vertices.js';
import { scaledCopy } from './scaled-copy.js';
import { startingTetrahedron } from './starting-tetrahedron.js';

/**
 * A convex hull in 3-D: its vertices (indices of input points) and its facets over them.
 *
 * @example
 * ```ts
 * import { type Hull, quickhull } from '@firsttouch/convex';
 * const h: Hull = quickhull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
 * console.log(h.vertices.length, h.facets.length / 3); // 4 4
 * ```
 */
export interface Hull {
  /** Facets as triples of input point indices, counter-clockwise seen from outside. */
  facets: Uint32Array;
  /** The input points that are vertices of the hull, ascending. */
  vertices: Uint32Array;
}

/**
 * The convex hull of points in 3-D by quickhull (Barber, Dobkin and Huhdanpaa): a starting
 * tetrahedron, then, for each facet with points above it, its farthest point joins the hull, the
 * facets it sees go and the horizon is joined to it. Every above/below decision is exact
 * ({@link orient3d}: Shewchuk's predicate, exact integers where a product could underflow; on a copy
 * whose axes are each scaled by a power of two where that is exact), so coplanar, collinear and
 * repeated points are handled: a point on the hull's boundary that is not needed to span it (on a
 * facet or an edge, or a repeat) is not a vertex, and no facet has zero area. Facets of one planar face come as several
 * triangles.
 *
 * @param points - x y z each (an array or typed array).
 * @param name - how the caller calls `points`, for the messages.
 * @throws `FirstTouchError` `BAD_LENGTH` for a length that is not a multiple of 3 or fewer than 4
 *   points, `NON_FINITE` for a coordinate that is not finite, `INVALID_OPTION` when the points are
 *   coplanar (no 4 of them are affinely independent).
 * @example
 * ```ts
 * import { quickhull } from '@firsttouch/convex';
 * // the 8 corners of a cube, each given twice, and its centre
 * const corners = [0, 1].flatMap((x) => [0, 1].flatMap((y) => [0, 1].flatMap((z) => [x, y, z])));
 * const h = quickhull([...corners, ...corners, 0.5, 0.5, 0.5]);
 * console.log(h.vertices.length, h.facets.length / 3); // 8 12
 * ```
 */
export function quickhull(points: ArrayLike<number>, name = 'points'): Hull {
  const p = scaledCopy(points, 3, 4, 'convexHull', name);
  const n = p.length / 3;
  const hull = new QuickHull(p, n).run(startingTetrahedron(p, n, name));
  // A point that was extreme when it joined can end up inside a face or an edge of the final hull
  // (a later point coplanar with the faces around it). It is found by its star and the hull is
  // built again on the extreme vertices alone, which all stay: quickhull on points in convex
  // position makes each a vertex and nothing else.
  const extreme = extremeVertices(p, hull.facets, hull.vertices);
  if (extreme.length === hull.vertices.length) return hull;
  const q = new Float64Array(3 * extreme.length);
  for (let k = 0; k < extreme.length; k++) q.set(p.subarray(3 * extreme[k], 3 * extreme[k] + 3), 3 * k);
  const again = new QuickHull(q, extreme.length).run(startingTetrahedron(q, extreme.length, name));
  return {
    facets: again.facets.map((k) => extreme[k]),
    vertices: again.vertices.map((k) => extreme[k]),
  };
}

/**
 * The bound of a kept plane's height's rounding over S·ΣP (`setPlane`): 16ε, above the 14.001ε
 * shown there from Shewchuk's first error bound of orient3d, (7 + 56ε)ε of the permanent (a
 * determinant of rounded differences of the inputs, taken as the sum of three entries times their
 * 2 × 2 minors, is within it of the exact one, whichever row or column the sum runs along).
 */
const HEIGHT_ERR = 16 * 2 ** -53;

/**
 * An absolute margin for products that underflow (the relative bound says nothing below 2⁻¹⁰²²):
 * far above their errors (a few 2⁻¹⁰⁷⁴ on coordinates scaled below 2), far below any height that
 * matters, which orient3d then decides.
 */
const TINY = 2 ** -900;

/**
 * Facet slots: corners, the facets across its three edges, and its outside set, in typed arrays
 * that double when full; a facet that goes leaves its slot to the next one made (a build makes
 * several times the facets its hull keeps, and fresh memory costs more than the build itself on
 * large hulls). Exported for the tests, which count the facets a build made (`made`); not by the
 * package.
 */
export class QuickHull {
  readonly p: Float64Array;
  readonly n: number;
  /** Slots used so far, 0 .. count − 1, live or free. */
  count = 0;
  /** Facets made so far. */
  made = 0;
  /** Slots of facets that went, to be used again. */
  readonly free: number[] = [];
  /** Corners of facet f: corners[3f], corners[3f + 1], corners[3f + 2]. */
  corners: Int32Array;
  /** The facet across edge e (corner e to corner e + 1) of facet f: across[3f + e]. */
  across: Int32Array;
  alive: Uint8Array;
  /** The first point of the outside set of each facet (−1: none), linked through `nextPoint`. */
  head: Int32Array;
  readonly nextPoint: Int32Array;
  /** The farthest point of each facet's outside set, and its height (−orient3d) above the facet. */
  farthest: Int32Array;
  farHeight: Float64Array;
  /** Twice the largest |coordinate|: no coordinate differs from another by more. */
  readonly spread: number;
  /** Each facet's plane: normal x y z, then the bound of its heights' rounding (`setPlane`). */
  planes: Float64Array;
  /** Scratch of the horizon: the new facet whose horizon edge starts (ends) at a vertex. */
  readonly startsAt: Int32Array;
  readonly endsAt: Int32Array;
  /** Scratch of `collectVisible`: the round a facet was last seen in, and whether it was visible then. */
  seenIn: Int32Array;
  sees: Uint8Array;
  readonly stack: number[] = [];
  round = 0;
  /**
   * What `collectVisible` found: the facets the apex sees, and the horizon's edges (u, v, the facet
   * beyond: three numbers an edge), in lists refilled from 0 each time, their lengths kept apart
   * (setting a list's `length` back to 0 each step cost 3 % of a small hull's build).
   */
  readonly visible: number[] = [];
  visibleCount = 0;
  readonly horizon: number[] = [];
  horizonCount = 0;

  constructor(p: Float64Array, n: number) {
    this.p = p;
    this.n = n;
    let m = 0;
    for (let i = 0; i < 3 * n; i++) {
      const x = Math.abs(p[i]);
      if (x > m) m = x;
    }
    this.spread = 2 * m;
    this.nextPoint = new Int32Array(n).fill(-1);
    this.startsAt = new Int32Array(n).fill(-1);
    this.endsAt = new Int32Array(n).fill(-1);
    // Slots for 1 024 facets to begin with, doubled as needed: a build makes a few times its hull's
    // facets (at most 2n − 4), and most hulls of many points have few.
    const cap = 1024;
    this.corners = new Int32Array(3 * cap);
    this.across = new Int32Array(3 * cap);
    this.alive = new Uint8Array(cap);
    this.head = new Int32Array(cap);
    this.farthest = new Int32Array(cap);
    this.farHeight = new Float64Array(cap);
    this.planes = new Float64Array(5 * cap);
    this.seenIn = new Int32Array(cap);
    this.sees = new Uint8Array(cap);
  }

  /**
   * −orient3d: positive when point i is above facet f (its corners counter-clockwise from there), its
   * sign exact. The facet's kept plane gives it as n · p − d where the value clears the plane's
   * bound of its rounding; else orient3d decides.
   */
  height(f: number, i: number): number {
    const P = this.p;
    const pl = this.planes;
    const q = 3 * i,
      k = 5 * f;
    const h = P[q] * pl[k] + P[q + 1] * pl[k + 1] + P[q + 2] * pl[k + 2] - pl[k + 3];
    const bound = pl[k + 4];
    // (only a finite estimate: where the plane's products overflow, an infinite term can outweigh the
    // others whatever their true sum, and NaN compares false, which dropped points above a facet)
    if ((h > bound || -h > bound) && h - h === 0) return h;
    // The exact sign, and the estimate's size for ranking the farthest point (at least the least
    // double, so that a point found above is above; the largest where the estimate overflowed).
    const a = 3 * this.corners[3 * f];
    const sign = -orient3dAt(P, a, 3 * this.corners[3 * f + 1], 3 * this.corners[3 * f + 2], q);
    return sign * (h - h === 0 ? Math.max(Math.abs(h), Number.MIN_VALUE) : Number.MAX_VALUE);
  }

  /**
   * Facet f's normal n = (b − a) × (c − a), its offset d = n · a, and the bound of a height's
   * rounding. The exact height is the determinant of (b − a, c − a, p − a), −orient3d. Evaluated
   * along its last row as orient3d evaluates its own along a column, it is within (7 + 56ε)ε of its
   * permanent (Shewchuk), which is at most S·ΣP (S = `spread`, ΣP the sum of the absolute products
   * that make the normal's components); that evaluation is within 4εS·Σ|n| of n · (p − a) taken
   * exactly, and n · p − d as computed within 3εS·Σ|n| + ε|h| of that, with |nᵢ| ≤ Pᵢ: in all
   * below 14.001εS·ΣP + 1.0001ε|h|. The bound is 16εS·ΣP, plus `TINY` for products that underflow.
   */
  setPlane(f: number): void {
    const P = this.p;
    const a = 3 * this.corners[3 * f],
      b = 3 * this.corners[3 * f + 1],
      c = 3 * this.corners[3 * f + 2];
    const ux = P[b] - P[a],
      uy = P[b + 1] - P[a + 1],
      uz = P[b + 2] - P[a + 2];
    const vx = P[c] - P[a],
      vy = P[c + 1] - P[a + 1],
      vz = P[c + 2] - P[a + 2];
    const yz = uy * vz,
      zy = uz * vy,
      zx = uz * vx,
      xz = ux * vz,
      xy = ux * vy,
      yx = uy * vx;
    const pl = this.planes;
    const k = 5 * f;
    const nx = yz - zy,
      ny = zx - xz,
      nz = xy - yx;
    pl[k] = nx;
    pl[k + 1] = ny;
    pl[k + 2] = nz;
    pl[k + 3] = nx * P[a] + ny * P[a + 1] + nz * P[a + 2];
    // One bound a facet, for every point (looser than a point's own permanent by the points' spread
    // over its difference from a; a test is three products and a subtraction).
    const permanents =
      Math.abs(yz) + Math.abs(zy) + (Math.abs(zx) + Math.abs(xz)) + (Math.abs(xy) + Math.abs(yx));
    pl[k + 4] = HEIGHT_ERR * this.spread * permanents + TINY;
  }

  addFacet(a: number, b: number, c: number): number {
    let f: number;
    if (this.free.length > 0) f = this.free.pop()!;
    else {
      if (this.count === this.alive.length) this.grow();
      f = this.count++;
    }
    this.made++;
    this.corners[3 * f] = a;
    this.corners[3 * f + 1] = b;
    this.corners[3 * f + 2] = c;
    this.setPlane(f);
    this.across[3 * f] = this.across[3 * f + 1] = this.across[3 * f + 2] = -1;
    this.alive[f] = 1;
    this.head[f] = -1;
    this.farthest[f] = -1;
    this.farHeight[f] = 0;
    this.seenIn[f] = 0;
    return f;
  }

  /** Twice the slots, the facets so far copied. */
  grow(): void {
    const cap = 2 * this.alive.length;
    const more = <T extends Int32Array | Uint8Array | Float64Array>(a: T, size: number): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.corners = more(this.corners, 3 * cap);
    this.across = more(this.across, 3 * cap);
    this.alive = more(this.alive, cap);
    this.head = more(this.head, cap);
    this.farthest = more(this.farthest, cap);
    this.farHeight = more(this.farHeight, cap);
    this.planes = more(this.planes, 5 * cap);
    this.seenIn = more(this.seenIn, cap);
    this.sees = more(this.sees, cap);
  }

  /**
   * Puts point i into the outside set of the first facet of `facets[from..end)` it is above (`end`:
   * all of them by default); false if none.
   */
  assign(i: number, facets: readonly number[], from: number, end = facets.length): boolean {
    // The point's coordinates read once, and each facet's kept plane tried here, as in `height`
    // (which decides the rest): most tests of a build are here, and most are decided by the plane.
    const P = this.p;
    const pl = this.planes;
    const x = P[3 * i],
      y = P[3 * i + 1],
      z = P[3 * i + 2];
    for (let k = from; k < end; k++) {
      const f = facets[k];
      const o = 5 * f;
      const estimate = x * pl[o] + y * pl[o + 1] + z * pl[o + 2] - pl[o + 3];
      // (a finite estimate only, as in `height`)
      const finite = estimate - estimate === 0;
      if (finite && -estimate > pl[o + 4]) continue;
      const h = finite && estimate > pl[o + 4] ? estimate : this.height(f, i);
      if (h > 0) {
        this.nextPoint[i] = this.head[f];
        this.head[f] = i;
        // The farthest so far, the newest of equals (the first on the list).
        if (h >= this.farHeight[f]) {
          this.farHeight[f] = h;
          this.farthest[f] = i;
        }
        return true;
      }
    }
    return false;
  }

  run(tet: readonly [number, number, number, number]): Hull {
    const [i0, i1, i2, i3] = tet;
    // Each facet leaves out one corner of the tetrahedron, which must lie below it.
    const faces = [
      [i1, i2, i3, i0],
      [i0, i3, i2, i1],
      [i0, i1, i3, i2],
      [i0, i2, i1, i3],
    ];
    const first: number[] = [];
    for (const [a, b, c, opposite] of faces) {
      const f = this.addFacet(a, b, c);
      if (this.height(f, opposite) > 0) {
        this.corners[3 * f + 1] = c;
        this.corners[3 * f + 2] = b;
        this.setPlane(f);
      }
      first.push(f);
    }
    this.linkByEdges(first);
    for (let i = 0; i < this.n; i++) {
      if (i !== i0 && i !== i1 && i !== i2 && i !== i3) this.assign(i, first, 0);
    }
    // Facets are taken first in, first out (as Qhull walks its facet list): the hull is refined
    // evenly all round. Taken last in, first out, the newest facets' points go in one after another,
    // and on two rims (a cylinder's vertices) one rim's points fanned out from a single vertex of
    // the other, a fan that every later point of that other rim saw whole: 2·8 000 rim points made
    // 2 million facets (DECISIONS.md).
    // (A slot in `todo` may hold a later facet by the time it is taken: any live facet with points
    // above it may be taken at any time.)
    let todo = first.slice();
    let next = 0;
    const { visible, horizon } = this;
    // The facets made for each apex (a list refilled from 0, as `visible`).
    const created: number[] = [];
    while (next < todo.length) {
      const f = todo[next++];
      if (this.alive[f] === 0 || this.head[f] < 0) continue;
      // The farthest point above f joins the hull.
      const apex = this.farthest[f];
      this.collectVisible(f, apex);
      let made = 0;
      for (let k = 0; k < this.horizonCount; k += 3) {
        const u = horizon[k],
          v = horizon[k + 1],
          outer = horizon[k + 2];
        const g = this.addFacet(u, v, apex);
        this.link(g, 0, outer, u, v);
        this.startsAt[u] = g;
        this.endsAt[v] = g;
        created[made++] = g;
      }
      for (let m = 0; m < made; m++) {
        const g = created[m];
        const v = this.corners[3 * g + 1],
          u = this.corners[3 * g];
        this.across[3 * g + 1] = this.startsAt[v];
        this.across[3 * g + 2] = this.endsAt[u];
      }
      for (let m = 0; m < made; m++) {
        const g = created[m];
        this.startsAt[this.corners[3 * g]] = -1;
        this.endsAt[this.corners[3 * g + 1]] = -1;
      }
      // The points of the facets that went: into the first new facet they are above, else inside.
      for (let m = 0; m < this.visibleCount; m++) {
        const g = visible[m];
        this.alive[g] = 0;
        for (let i = this.head[g]; i >= 0; ) {
          const next = this.nextPoint[i];
          if (i !== apex) this.assign(i, created, 0, made);
          i = next;
        }
        this.head[g] = -1;
        this.free.push(g);
      }
      if (next > 4096 && 2 * next > todo.length) {
        todo = todo.slice(next);
        next = 0;
      }
      for (let m = 0; m < made; m++) todo.push(created[m]);
    }
    return this.result();
  }

  /**
   * The facets apex sees, from f across edges (each decided exactly), into `visible`, and the edges
   * (u, v, the facet beyond) where a seen facet meets one it does not see into `horizon` (their
   * counts into `visibleCount` and `horizonCount`).
   */
  collectVisible(f: number, apex: number): void {
    const { visible, horizon, stack } = this;
    let seen = 0;
    let edges = 0;
    // A facet seen from this apex carries the apex's round in `seenIn`, and `sees` says whether it
    // is visible; `alive` facets only are ever reached.
    const round = ++this.round;
    let top = 0;
    this.seenIn[f] = round;
    this.sees[f] = 1;
    stack[top++] = f;
    while (top > 0) {
      const g = stack[--top];
      visible[seen++] = g;
      for (let e = 0; e < 3; e++) {
        const h = this.across[3 * g + e];
        if (this.seenIn[h] !== round) {
          this.seenIn[h] = round;
          this.sees[h] = this.height(h, apex) > 0 ? 1 : 0;
          if (this.sees[h] === 1) stack[top++] = h;
        }
        if (this.sees[h] === 0) {
          horizon[edges++] = this.corners[3 * g + e];
          horizon[edges++] = this.corners[3 * g + ((e + 1) % 3)];
          horizon[edges++] = h;
        }
      }
    }
    this.visibleCount = seen;
    this.horizonCount = edges;
  }

  /** Facet g's edge e (from u to v) meets facet h: each records the other. */
  link(g: number, e: number, h: number, u: number, v: number): void {
    this.across[3 * g + e] = h;
    for (let k = 0; k < 3; k++) {
      if (this.corners[3 * h + k] === v && this.corners[3 * h + ((k + 1) % 3)] === u) {
        this.across[3 * h + k] = g;
        return;
      }
    }
  }

  /** Links the starting facets by their shared edges. */
  linkByEdges(facets: readonly number[]): void {
    for (const g of facets) {
      for (let e = 0; e < 3; e++) {
        const u = this.corners[3 * g + e],
          v = this.corners[3 * g + ((e + 1) % 3)];
        for (const h of facets) {
          for (let k = 0; k < 3; k++) {
            if (this.corners[3 * h + k] === v && this.corners[3 * h + ((k + 1) % 3)] === u) {
              this.across[3 * g + e] = h;
            }
          }
        }
      }
    }
  }

  result(): Hull {
    let live = 0;
    for (let f = 0; f < this.count; f++) live += this.alive[f];
    const facets = new Uint32Array(3 * live);
    const used = new Uint8Array(this.n);
    let k = 0;
    for (let f = 0; f < this.count; f++) {
      if (this.alive[f] === 0) continue;
      for (let j = 0; j < 3; j++) {
        const v = this.corners[3 * f + j];
        facets[k++] = v;
        used[v] = 1;
      }
    }
    let count = 0;
    for (let i = 0; i < this.n; i++) count += used[i];
    const vertices = new Uint32Array(count);
    for (let i = 0, j = 0; i < this.n; i++) if (used[i]) vertices[j++] = i;
    return { facets, vertices };
  }
}
