// The oracle of the affine tests, written apart from the library's GJK: polytopes under affine maps
// as mapped triangle soups (all facet pairs, test/oracle), with a containment test (two convex
// bodies whose facets are disjoint may still overlap, one inside the other), and a certifier of
// "the gap stays ≥ level on [0, s_end]" by dense sampling refined where the Lipschitz bound of the
// motion between two samples cannot rule a dip out.

import { soupDistance } from '../oracle/bodies.js';

export type Map3 = { L: number[]; t: number[] };

/** A convex polytope in its body frame: vertices (x y z each) and outward triangles. */
export interface Polytope {
  vertices: Float64Array;
  facets: Uint32Array;
}

/** The map at s: L and t interpolated linearly. */
export function mapAt(m0: Map3, m1: Map3, s: number): Map3 {
  return {
    L: m0.L.map((x, i) => x + s * (m1.L[i] - x)),
    t: m0.t.map((x, i) => x + s * (m1.t[i] - x)),
  };
}

export function mapPoints(P: Float64Array, m: Map3): Float64Array {
  const out = new Float64Array(P.length);
  const L = m.L;
  for (let i = 0; i < P.length; i += 3) {
    const x = P[i],
      y = P[i + 1],
      z = P[i + 2];
    out[i] = L[0] * x + L[1] * y + L[2] * z + m.t[0];
    out[i + 1] = L[3] * x + L[4] * y + L[5] * z + m.t[1];
    out[i + 2] = L[6] * x + L[7] * y + L[8] * z + m.t[2];
  }
  return out;
}

function soupOf(p: Polytope, world: Float64Array): Float64Array {
  const out = new Float64Array(3 * p.facets.length);
  for (let k = 0; k < p.facets.length; k++) {
    const v = p.facets[k];
    out[3 * k] = world[3 * v];
    out[3 * k + 1] = world[3 * v + 1];
    out[3 * k + 2] = world[3 * v + 2];
  }
  return out;
}

/**
 * A point inside (or on) the polytope given by its world vertices: on the inner side of every facet
 * plane, the inner side found from the vertices' mean (a map of negative determinant turns the
 * facets' winding over).
 */
function inside(p: Polytope, world: Float64Array, x: number, y: number, z: number): boolean {
  const n = world.length / 3;
  let cx = 0,
    cy = 0,
    cz = 0;
  for (let i = 0; i < world.length; i += 3) {
    cx += world[i] / n;
    cy += world[i + 1] / n;
    cz += world[i + 2] / n;
  }
  const F = p.facets;
  for (let f = 0; f < F.length; f += 3) {
    const a = 3 * F[f],
      b = 3 * F[f + 1],
      c = 3 * F[f + 2];
    const ux = world[b] - world[a],
      uy = world[b + 1] - world[a + 1],
      uz = world[b + 2] - world[a + 2];
    const vx = world[c] - world[a],
      vy = world[c + 1] - world[a + 1],
      vz = world[c + 2] - world[a + 2];
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const sideC = nx * (cx - world[a]) + ny * (cy - world[a + 1]) + nz * (cz - world[a + 2]);
    const sideP = nx * (x - world[a]) + ny * (y - world[a + 1]) + nz * (z - world[a + 2]);
    if (sideC * sideP < 0) return false;
  }
  return true;
}

/** The gap of two polytopes under maps: the facet-pair minimum, 0 when one holds the other's vertex. */
export function gapOf(A: Polytope, mA: Map3, B: Polytope, mB: Map3): number {
  const wa = mapPoints(A.vertices, mA);
  const wb = mapPoints(B.vertices, mB);
  const d = soupDistance(soupOf(A, wa), A.facets.length / 3, soupOf(B, wb), B.facets.length / 3, 3).distance;
  if (d === 0) return 0;
  if (inside(A, wa, wb[0], wb[1], wb[2]) || inside(B, wb, wa[0], wa[1], wa[2])) return 0;
  return d;
}

/**
 * The Lipschitz constant of the gap over the step: the largest speed of b − a over pairs of
 * vertices (the relative motion of two body points is linear in s, its speed convex in the points,
 * so its largest value over the polytopes is at vertices).
 */
export function relativeSpeed(A: Polytope, a: [Map3, Map3], B: Polytope, b: [Map3, Map3]): number {
  const da = mapPoints(A.vertices, {
    L: a[1].L.map((x, i) => x - a[0].L[i]),
    t: a[1].t.map((x, i) => x - a[0].t[i]),
  });
  const db = mapPoints(B.vertices, {
    L: b[1].L.map((x, i) => x - b[0].L[i]),
    t: b[1].t.map((x, i) => x - b[0].t[i]),
  });
  let mu = 0;
  for (let i = 0; i < da.length; i += 3)
    for (let j = 0; j < db.length; j += 3)
      mu = Math.max(mu, Math.hypot(db[j] - da[i], db[j + 1] - da[i + 1], db[j + 2] - da[i + 2]));
  return mu;
}

/** What {@link dipBelow} found. */
export interface Dip {
  /** A sampled instant where the gap is below the level, or NaN. */
  at: number;
  /** Intervals the refinement could not decide (the gap within rounding of the level there). */
  undecided: number;
  /** Gap evaluations made. */
  samples: number;
}

/**
 * Looks for an instant in [0, end] where the gap falls below `level`: `n` samples, then each
 * interval whose Lipschitz envelope `(g0 + g1 − μ h) / 2` dips below the level is split until it is
 * ruled out, a sample below the level is found (returned), or it is narrower than `minWidth`
 * (counted undecided).
 */
export function dipBelow(
  gap: (s: number) => number,
  mu: number,
  level: number,
  end: number,
  n = 64,
  minWidth = 1e-9,
): Dip {
  let samples = 0;
  const g = (s: number) => {
    samples++;
    return gap(s);
  };
  let undecided = 0;
  let at = Number.NaN;
  // Intervals as [s0, g0, s1, g1], earliest first (a stack popped from the front of time).
  const stack: number[][] = [];
  const xs = Array.from({ length: n + 1 }, (_, i) => (end * i) / n);
  const gs = xs.map(g);
  for (let i = n - 1; i >= 0; i--) stack.push([xs[i], gs[i], xs[i + 1], gs[i + 1]]);
  while (stack.length > 0) {
    const [s0, g0, s1, g1] = stack.pop()!;
    if (g0 < level || g1 < level) {
      at = g0 < level ? s0 : s1;
      break;
    }
    if ((g0 + g1 - mu * (s1 - s0)) / 2 >= level) continue;
    if (s1 - s0 < minWidth) {
      undecided++;
      continue;
    }
    const m = 0.5 * (s0 + s1);
    const gm = g(m);
    stack.push([m, gm, s1, g1], [s0, g0, m, gm]);
  }
  return { at, undecided, samples };
}
