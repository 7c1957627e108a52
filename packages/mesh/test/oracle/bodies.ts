// The test oracle over whole bodies: every facet (segment) pair, with only exact-safe pruning.
// Written independently of packages/mesh/src: it reads plain triangle soups and poses.

import { segmentPair2 } from './distance2.js';
import { trianglePair3 } from './distance3.js';

export interface Pose3Plain {
  readonly R: ArrayLike<number>;
  readonly t: ArrayLike<number>;
}

export interface Pose2Plain {
  readonly angle: number;
  readonly t: ArrayLike<number>;
}

/**
 * B's frame in A's frame, `A⁻¹ ∘ B`: R = R_Aᵀ R_B, t = R_Aᵀ (t_B − t_A), the translations subtracted
 * before the rotation so that far-away bodies keep their relative accuracy.
 */
export function relativePose3(A: Pose3Plain, B: Pose3Plain): { R: Float64Array; t: Float64Array } {
  const R = new Float64Array(9);
  const t = new Float64Array(3);
  const d = [B.t[0] - A.t[0], B.t[1] - A.t[1], B.t[2] - A.t[2]];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      // (R_Aᵀ)[i][k] = R_A[k][i]
      R[3 * i + j] = A.R[i] * B.R[j] + A.R[3 + i] * B.R[3 + j] + A.R[6 + i] * B.R[6 + j];
    }
    t[i] = A.R[i] * d[0] + A.R[3 + i] * d[1] + A.R[6 + i] * d[2];
  }
  return { R, t };
}

/** x ↦ R x + t over a flat array of points (3 numbers each). */
export function transformFlat3(
  R: ArrayLike<number>,
  t: ArrayLike<number>,
  xyz: ArrayLike<number>,
): Float64Array {
  const out = new Float64Array(xyz.length);
  for (let i = 0; i < xyz.length; i += 3) {
    const x = xyz[i],
      y = xyz[i + 1],
      z = xyz[i + 2];
    out[i] = R[0] * x + R[1] * y + R[2] * z + t[0];
    out[i + 1] = R[3] * x + R[4] * y + R[5] * z + t[1];
    out[i + 2] = R[6] * x + R[7] * y + R[8] * z + t[2];
  }
  return out;
}

/** B's frame in A's frame in 2-D: the rotation (cos, sin) of angle_B − angle_A and the translation. */
export function relativePose2(
  A: Pose2Plain,
  B: Pose2Plain,
): { c: number; s: number; tu: number; tv: number } {
  const ca = Math.cos(A.angle);
  const sa = Math.sin(A.angle);
  const du = B.t[0] - A.t[0];
  const dv = B.t[1] - A.t[1];
  const angle = B.angle - A.angle;
  return { c: Math.cos(angle), s: Math.sin(angle), tu: ca * du + sa * dv, tv: -sa * du + ca * dv };
}

/** (u, v) ↦ rot (u, v) + t over a flat array of points (2 numbers each). */
export function transformFlat2(
  c: number,
  s: number,
  tu: number,
  tv: number,
  uv: ArrayLike<number>,
): Float64Array {
  const out = new Float64Array(uv.length);
  for (let i = 0; i < uv.length; i += 2) {
    const x = uv[i],
      y = uv[i + 1];
    out[i] = c * x - s * y + tu;
    out[i + 1] = s * x + c * y + tv;
  }
  return out;
}

export interface NearPair {
  a: number;
  b: number;
  distance: number;
  intersecting: boolean;
}

export interface BodyOracle {
  /** Smallest pair distance (0 when some pair intersects). */
  distance: number;
  /** Some pair intersects (exact). */
  intersecting: boolean;
  /** The pair of smallest oracle distance, ties to the smallest (a, b). */
  a: number;
  b: number;
  /** The smallest (a, b) among intersecting pairs, or null. */
  firstIntersecting: [number, number] | null;
  /** Every pair whose oracle distance is within `tieTol` of the smallest. */
  near: NearPair[];
  /** Largest |coordinate| of both bodies in the common frame (at least the larger diagonal). */
  scale: number;
  /** Pairs evaluated (the rest were pruned by an exact-safe box bound). */
  evaluated: number;
  /** Closest points of (a, b) in the common frame (for an intersecting best pair: NaN). */
  pointA: Float64Array;
  pointB: Float64Array;
}

function facetBoxes(soup: ArrayLike<number>, arity: number, dim: number): Float64Array {
  const stride = arity * dim;
  const n = soup.length / stride;
  const boxes = new Float64Array(2 * dim * n);
  for (let f = 0; f < n; f++) {
    for (let k = 0; k < dim; k++) {
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      for (let v = 0; v < arity; v++) {
        const x = soup[f * stride + v * dim + k];
        if (x < lo) lo = x;
        if (x > hi) hi = x;
      }
      boxes[2 * dim * f + k] = lo;
      boxes[2 * dim * f + dim + k] = hi;
    }
  }
  return boxes;
}

function boxGap(A: Float64Array, i: number, B: Float64Array, j: number, dim: number): number {
  let s = 0;
  const oa = 2 * dim * i;
  const ob = 2 * dim * j;
  for (let k = 0; k < dim; k++) {
    const g = Math.max(B[ob + k] - A[oa + dim + k], A[oa + k] - B[ob + dim + k], 0);
    s += g * g;
  }
  return Math.sqrt(s);
}

function extent(points: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < points.length; i++) m = Math.max(m, Math.abs(points[i]));
  return m;
}

function diagonal(points: ArrayLike<number>, dim: number): number {
  let s = 0;
  for (let k = 0; k < dim; k++) {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let i = k; i < points.length; i += dim) {
      lo = Math.min(lo, points[i]);
      hi = Math.max(hi, points[i]);
    }
    s += (hi - lo) ** 2;
  }
  return Math.sqrt(s);
}

/**
 * The distance of two bodies given as flat element soups in one frame (`arity` points of `dim`
 * numbers per element): the minimum over all element pairs of the oracle's pair distance.
 *
 * Pruning, exact-safe: pairs are visited in increasing order of a lower bound (the gap between
 * element boxes, computed in floating point), and a pair whose bound exceeds the best distance so
 * far by more than `1e-9 · scale + tieTol` is skipped: its distance cannot be, nor tie with, the
 * minimum (the bound's rounding error is ~1e-16 · scale). Pairs with overlapping boxes (bound 0) are
 * never skipped, so every intersecting pair is found.
 */
function bodyOracle(A: ArrayLike<number>, B: ArrayLike<number>, dim: 2 | 3, tieTol: number): BodyOracle {
  const arity = dim;
  const stride = arity * dim;
  const nA = A.length / stride;
  const nB = B.length / stride;
  const boxesA = facetBoxes(A, arity, dim);
  const boxesB = facetBoxes(B, arity, dim);
  // whole-B box, for ordering A's elements
  const whole = new Float64Array(2 * dim);
  for (let k = 0; k < dim; k++) {
    whole[k] = Number.POSITIVE_INFINITY;
    whole[dim + k] = Number.NEGATIVE_INFINITY;
  }
  for (let j = 0; j < nB; j++) {
    for (let k = 0; k < dim; k++) {
      whole[k] = Math.min(whole[k], boxesB[2 * dim * j + k]);
      whole[dim + k] = Math.max(whole[dim + k], boxesB[2 * dim * j + dim + k]);
    }
  }
  const scale = Math.max(extent(A), extent(B), diagonal(A, dim), diagonal(B, dim), Number.MIN_VALUE);
  const margin = 1e-9 * scale + tieTol;
  const lbA = new Float64Array(nA);
  for (let i = 0; i < nA; i++) lbA[i] = boxGap(boxesA, i, whole, 0, dim);
  const order = Array.from({ length: nA }, (_, i) => i).sort((x, y) => lbA[x] - lbA[y] || x - y);

  const pair = new Float64Array(2 * stride);
  const out = new Float64Array(6);
  let best = Number.POSITIVE_INFINITY;
  let bestA = -1;
  let bestB = -1;
  const pointA = new Float64Array(dim).fill(Number.NaN);
  const pointB = new Float64Array(dim).fill(Number.NaN);
  let firstIntersecting: [number, number] | null = null;
  let evaluated = 0;
  const candidates: NearPair[] = [];
  for (const i of order) {
    if (lbA[i] > best + margin) break;
    for (let k = 0; k < stride; k++) pair[k] = A[i * stride + k];
    for (let j = 0; j < nB; j++) {
      if (boxGap(boxesA, i, boxesB, j, dim) > best + margin) continue;
      for (let k = 0; k < stride; k++) pair[stride + k] = B[j * stride + k];
      const r = dim === 3 ? trianglePair3(pair, 0, 9, out) : segmentPair2(pair, 0, 4, out);
      evaluated++;
      if (r.intersecting) {
        if (
          firstIntersecting === null ||
          i < firstIntersecting[0] ||
          (i === firstIntersecting[0] && j < firstIntersecting[1])
        )
          firstIntersecting = [i, j];
      }
      if (r.distance <= best + tieTol) candidates.push({ a: i, b: j, ...r });
      if (r.distance < best || (r.distance === best && (i < bestA || (i === bestA && j < bestB)))) {
        best = r.distance;
        bestA = i;
        bestB = j;
        if (r.intersecting) {
          pointA.fill(Number.NaN);
          pointB.fill(Number.NaN);
        } else {
          for (let k = 0; k < dim; k++) {
            pointA[k] = out[k];
            pointB[k] = out[dim + k];
          }
        }
      }
    }
  }
  const near = candidates.filter((c) => c.distance <= best + tieTol).sort((x, y) => x.a - y.a || x.b - y.b);
  return {
    distance: best,
    intersecting: firstIntersecting !== null,
    a: bestA,
    b: bestB,
    firstIntersecting,
    near,
    scale,
    evaluated,
    pointA,
    pointB,
  };
}

/** Surfaces as triangle soups (9 numbers a facet), B already in A's frame. */
export function soupDistance3(A: ArrayLike<number>, B: ArrayLike<number>, tieTol: number): BodyOracle {
  return bodyOracle(A, B, 3, tieTol);
}

/** Curves as segment soups (4 numbers a segment: u0 v0 u1 v1), B already in A's frame. */
export function soupDistance2(A: ArrayLike<number>, B: ArrayLike<number>, tieTol: number): BodyOracle {
  return bodyOracle(A, B, 2, tieTol);
}

/** The oracle for two posed surfaces: B's soup is taken into A's frame (relativePose3). */
export function surfaceOracle(
  soupA: ArrayLike<number>,
  soupB: ArrayLike<number>,
  poseA: Pose3Plain,
  poseB: Pose3Plain,
  tieTol: (scale: number) => number,
): BodyOracle {
  const { R, t } = relativePose3(poseA, poseB);
  const B = transformFlat3(R, t, soupB);
  const scale = Math.max(extent(soupA), extent(B), diagonal(soupA, 3), diagonal(B, 3));
  return soupDistance3(soupA, B, tieTol(scale));
}

/** The oracle for two posed curves (segment soups), B taken into A's frame (relativePose2). */
export function curveOracle(
  soupA: ArrayLike<number>,
  soupB: ArrayLike<number>,
  poseA: Pose2Plain,
  poseB: Pose2Plain,
  tieTol: (scale: number) => number,
): BodyOracle {
  const { c, s, tu, tv } = relativePose2(poseA, poseB);
  const B = transformFlat2(c, s, tu, tv, soupB);
  const scale = Math.max(extent(soupA), extent(B), diagonal(soupA, 2), diagonal(B, 2));
  return soupDistance2(soupA, B, tieTol(scale));
}
