// The test oracle over whole bodies: both bodies moved to the world at their poses, then every
// facet (segment) pair whose boxes are close enough, in plain floating point. Written independently
// of packages/*/src (no tree, no relative transform, no pair routine from mesh): it reads the
// bodies' raw vertex and index arrays only.

import type { Curve, Surface } from '@firsttouch/mesh';
import type { Pose2Like, Pose3Like } from '@firsttouch/pose';
import { segmentSegment2, triangleTriangle3 } from './geometry.js';

/** A body as the oracle sees it: body-frame vertices and facets (3 indices each) or segments (2). */
export interface OracleBody {
  readonly dim: 2 | 3;
  readonly positions: Float64Array;
  readonly indices: Uint32Array;
  /** Facets (3-D) or segments (2-D). */
  readonly count: number;
  /** Largest |x| of a vertex (body frame): an upper bound of the distance to any rotation axis. */
  readonly reach: number;
  /** Bounding-box diagonal (body frame). */
  readonly diagonal: number;
}

function measure(positions: Float64Array, dim: number): { reach: number; diagonal: number } {
  let reach = 0;
  const lo = new Array(dim).fill(Number.POSITIVE_INFINITY);
  const hi = new Array(dim).fill(Number.NEGATIVE_INFINITY);
  for (let v = 0; v < positions.length; v += dim) {
    let r = 0;
    for (let k = 0; k < dim; k++) {
      const x = positions[v + k];
      r += x * x;
      lo[k] = Math.min(lo[k], x);
      hi[k] = Math.max(hi[k], x);
    }
    reach = Math.max(reach, Math.sqrt(r));
  }
  let d = 0;
  for (let k = 0; k < dim; k++) d += (hi[k] - lo[k]) ** 2;
  return { reach, diagonal: Math.sqrt(d) };
}

export function oracleBody3(s: Surface): OracleBody {
  const positions = Float64Array.from(s.positions);
  const indices = Uint32Array.from(s.indices);
  // measure only the vertices that facets use
  const used: number[] = [];
  for (const i of new Set(indices)) used.push(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]);
  return { dim: 3, positions, indices, count: indices.length / 3, ...measure(Float64Array.from(used), 3) };
}

export function oracleBody2(c: Curve): OracleBody {
  const positions = Float64Array.from(c.positions);
  const indices = Uint32Array.from(c.indices);
  return { dim: 2, positions, indices, count: indices.length / 2, ...measure(positions, 2) };
}

/** The body's vertices in the world at a 3-D pose. */
export function world3(body: OracleBody, p: Pose3Like): Float64Array {
  const x = body.positions;
  const out = new Float64Array(x.length);
  const R = p.R;
  const t = p.t;
  for (let v = 0; v < x.length; v += 3) {
    out[v] = R[0] * x[v] + R[1] * x[v + 1] + R[2] * x[v + 2] + t[0];
    out[v + 1] = R[3] * x[v] + R[4] * x[v + 1] + R[5] * x[v + 2] + t[1];
    out[v + 2] = R[6] * x[v] + R[7] * x[v + 1] + R[8] * x[v + 2] + t[2];
  }
  return out;
}

/** The body's vertices in the world at a 2-D pose. */
export function world2(body: OracleBody, q: Pose2Like): Float64Array {
  const x = body.positions;
  const out = new Float64Array(x.length);
  const c = Math.cos(q.angle);
  const s = Math.sin(q.angle);
  for (let v = 0; v < x.length; v += 2) {
    out[v] = c * x[v] - s * x[v + 1] + q.t[0];
    out[v + 1] = s * x[v] + c * x[v + 1] + q.t[1];
  }
  return out;
}

/** The elements of a body (world vertices) as a soup: `arity · dim` numbers each. */
export function soup(body: OracleBody, world: Float64Array): Float64Array {
  const arity = body.dim;
  const dim = body.dim;
  const out = new Float64Array(body.count * arity * dim);
  for (let e = 0; e < body.count; e++) {
    for (let k = 0; k < arity; k++) {
      const v = body.indices[arity * e + k];
      for (let a = 0; a < dim; a++) out[(e * arity + k) * dim + a] = world[v * dim + a];
    }
  }
  return out;
}

function boxes(S: Float64Array, n: number, dim: number): Float64Array {
  const stride = dim * dim;
  const out = new Float64Array(2 * dim * n);
  for (let e = 0; e < n; e++) {
    for (let a = 0; a < dim; a++) {
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < dim; k++) {
        const x = S[e * stride + k * dim + a];
        lo = Math.min(lo, x);
        hi = Math.max(hi, x);
      }
      out[2 * dim * e + a] = lo;
      out[2 * dim * e + dim + a] = hi;
    }
  }
  return out;
}

function union(B: Float64Array, n: number, dim: number): Float64Array {
  const out = new Float64Array(2 * dim);
  for (let a = 0; a < dim; a++) {
    out[a] = Number.POSITIVE_INFINITY;
    out[dim + a] = Number.NEGATIVE_INFINITY;
  }
  for (let e = 0; e < n; e++) {
    for (let a = 0; a < dim; a++) {
      out[a] = Math.min(out[a], B[2 * dim * e + a]);
      out[dim + a] = Math.max(out[dim + a], B[2 * dim * e + dim + a]);
    }
  }
  return out;
}

/** Gap between box i of P and box j of Q (a lower bound of the distance of their contents). */
function boxGap(P: Float64Array, i: number, Q: Float64Array, j: number, dim: number): number {
  let s = 0;
  const p = 2 * dim * i;
  const q = 2 * dim * j;
  for (let a = 0; a < dim; a++) {
    const g = Math.max(Q[q + a] - P[p + dim + a], P[p + a] - Q[q + dim + a], 0);
    s += g * g;
  }
  return Math.sqrt(s);
}

/** What the oracle says about two posed bodies. */
export interface OracleDistance {
  /** The distance when it is ≤ the cap asked; otherwise a lower bound of it, above the cap. */
  distance: number;
  /** True when `distance` is exact (within rounding), false when it is only a bound above the cap. */
  exact: boolean;
  /** The closest pair (−1 when not exact). */
  facetA: number;
  facetB: number;
  /** World closest points (NaN when not exact). */
  pointA: Float64Array;
  pointB: Float64Array;
}

/**
 * The distance of two bodies given as world soups. Exact (to rounding) when it is ≤ `cap`: pairs
 * whose boxes are farther apart than min(best so far, cap) are skipped, which cannot change a
 * minimum ≤ cap (the box gap is a lower bound of the pair's distance); a skipped pair's box gap is
 * kept as the lower bound reported when nothing within the cap was found.
 */
export function soupDistance(
  SA: Float64Array,
  nA: number,
  SB: Float64Array,
  nB: number,
  dim: 2 | 3,
  cap = Number.POSITIVE_INFINITY,
): OracleDistance {
  const stride = dim * dim;
  const bA = boxes(SA, nA, dim);
  const bB = boxes(SB, nB, dim);
  const wholeB = union(bB, nB, dim);
  const wholeA = union(bA, nA, dim);
  const none = (lb: number): OracleDistance => ({
    distance: lb,
    exact: false,
    facetA: -1,
    facetB: -1,
    pointA: new Float64Array(dim).fill(Number.NaN),
    pointB: new Float64Array(dim).fill(Number.NaN),
  });
  const whole = boxGap(wholeA, 0, wholeB, 0, dim);
  if (whole > cap) return none(whole);
  const lb = new Float64Array(nA);
  const order: number[] = [];
  let lowestSkipped = Number.POSITIVE_INFINITY;
  for (let i = 0; i < nA; i++) {
    lb[i] = boxGap(bA, i, wholeB, 0, dim);
    if (lb[i] <= cap) order.push(i);
    else lowestSkipped = Math.min(lowestSkipped, lb[i]);
  }
  order.sort((x, y) => lb[x] - lb[y] || x - y);
  const out = new Float64Array(6);
  let best = Number.POSITIVE_INFINITY;
  let bestA = -1;
  let bestB = -1;
  const pA = new Float64Array(dim);
  const pB = new Float64Array(dim);
  outer: for (const i of order) {
    const limit = Math.min(best, cap);
    if (lb[i] > limit) {
      lowestSkipped = Math.min(lowestSkipped, lb[i]);
      break;
    }
    for (let j = 0; j < nB; j++) {
      const g = boxGap(bA, i, bB, j, dim);
      if (g > Math.min(best, cap)) {
        lowestSkipped = Math.min(lowestSkipped, g);
        continue;
      }
      const d =
        dim === 3
          ? triangleTriangle3(SA, i * stride, SB, j * stride, out)
          : segmentSegment2(SA, i * stride, SB, j * stride, out);
      if (d < best) {
        best = d;
        bestA = i;
        bestB = j;
        for (let k = 0; k < dim; k++) {
          pA[k] = out[k];
          pB[k] = out[dim + k];
        }
        if (d === 0) break outer;
      }
    }
  }
  if (best <= cap)
    return { distance: best, exact: true, facetA: bestA, facetB: bestB, pointA: pA, pointB: pB };
  return none(Math.min(best, lowestSkipped));
}

/** The oracle distance of two surfaces at their world poses. */
export function distance3(
  A: OracleBody,
  B: OracleBody,
  pa: Pose3Like,
  pb: Pose3Like,
  cap = Number.POSITIVE_INFINITY,
): OracleDistance {
  return soupDistance(soup(A, world3(A, pa)), A.count, soup(B, world3(B, pb)), B.count, 3, cap);
}

/** The oracle distance of two curves at their world poses. */
export function distance2(
  A: OracleBody,
  B: OracleBody,
  qa: Pose2Like,
  qb: Pose2Like,
  cap = Number.POSITIVE_INFINITY,
): OracleDistance {
  return soupDistance(soup(A, world2(A, qa)), A.count, soup(B, world2(B, qb)), B.count, 2, cap);
}
