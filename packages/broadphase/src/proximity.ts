import { SHAPES } from '@firsttouch/ccd/internal';
import { isShape3 } from '@firsttouch/convex';
import { describeBody } from '@firsttouch/convex/internal';
import { Compound, CompoundPair, relativeTransform, Surface, surfaceDistance } from '@firsttouch/mesh';
import { timesPowerOfTwo } from '@firsttouch/mesh/internal';
import {
  assertPose3,
  describeValue,
  FirstTouchError,
  identityPose,
  isArrayLike,
  type Pose3Like,
} from '@firsttouch/pose';
import type { ManyBody3 } from './body-runner.js';
import { unitScene } from './scene-scale.js';
import { sweepAndPrune } from './sweep-and-prune.js';

/**
 * The result of {@link proximityPairs}: the pairs `[i, j]` (`i < j`, in lexicographic order) whose gap
 * is strictly below the cutoff, and their gaps.
 *
 * @example
 * ```ts
 * import { proximityPairs } from '@firsttouch/broadphase';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const r = proximityPairs([box(1), box(1), box(1)], [at(0), at(1.2), at(5)], 0.5);
 * console.log(r.pairs, Array.from(r.distances, (d) => d.toFixed(3))); // [[0, 1]] ['0.200']
 * ```
 */
export interface ProximityResult {
  pairs: [number, number][];
  distances: Float64Array;
}

/**
 * The pairs of bodies closer than `cutoff` at one instant (the instantaneous screen): boxes grown by
 * `cutoff / 2` through sweep-and-prune, then {@link surfaceDistance} with `maxDistance = cutoff`,
 * which stops as soon as a pair is certified farther. Bodies may be Surfaces, 3-D convex shapes and
 * compounds: a pair with a shape or a compound is measured by mesh's `CompoundPair` (GJK for two
 * shapes), its distance the gap between the two witness points; it too stops as soon as the pair
 * is certified at least `cutoff` apart.
 *
 * @throws `FirstTouchError` `BAD_LENGTH` for arrays of different lengths, `INVALID_POSE` for a
 *   missing or invalid pose, `INVALID_OPTION` for a cutoff that is negative or not finite.
 * @example
 * ```ts
 * import { proximityPairs } from '@firsttouch/broadphase';
 * import { icosphere } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const ball = icosphere(0.5, 2);
 * const r = proximityPairs([ball, ball], [poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 0, [1.1, 0, 0])], 0.3);
 * console.log(r.pairs.length, r.distances[0].toFixed(2)); // 1 0.10
 * ```
 */
export function proximityPairs(
  bodies: readonly ManyBody3[],
  poses: readonly Pose3Like[],
  cutoff: number,
): ProximityResult {
  if (!Array.isArray(bodies))
    throw new FirstTouchError(
      'INVALID_OPTION',
      `bodies must be an array of Surfaces, 3-D shapes or compounds, got ${describeValue(bodies)}`,
    );
  // (each entry read once: the checks and the queries read these copies; a proxy's entries that
  // answered a body to the check and another to the query gave raw TypeErrors)
  bodies = bodies.slice();
  if (isArrayLike(poses)) poses = Array.from(poses);
  if (!isArrayLike(poses) || poses.length !== bodies.length) {
    throw new FirstTouchError(
      'BAD_LENGTH',
      `bodies and poses must have the same length, got ${bodies.length} and ${isArrayLike(poses) ? poses.length : describeValue(poses)}`,
    );
  }
  if (typeof cutoff !== 'number' || !Number.isFinite(cutoff) || cutoff < 0) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `cutoff must be a finite number ≥ 0, got ${describeValue(cutoff)}`,
    );
  }
  const n = bodies.length;
  for (let i = 0; i < n; i++) {
    const s = bodies[i];
    const surface = Surface.isSurface(s);
    if (!surface && !isShape3(s) && !Compound.isCompound(s)) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `bodies[${i}] must be a Surface, a 3-D shape or a compound, got ${describeBody(s)}`,
      );
    }
    if (surface) s.assertNotEmpty(`bodies[${i}]`);
    assertPose3(poses[i], `poses[${i}]`);
  }
  // Far from unit size GJK's squares underflow or overflow (two shapes at 2^-600 came out touching,
  // at 2^600 a pair 0.49·2^600 apart was missed): the scene is taken to unit size by a power of two,
  // exactly, and the distances back. A cutoff that the scaling would take to 0 keeps the touching
  // pairs it held.
  const unit = unitScene(bodies, poses, poses, SHAPES);
  if (unit === null) return proximityAtSize(bodies, poses, cutoff);
  const unitCutoff = timesPowerOfTwo(cutoff, unit.e);
  const r = proximityAtSize(
    unit.bodies,
    unit.poses0,
    unitCutoff > 0 || cutoff === 0 ? unitCutoff : Number.MIN_VALUE,
  );
  for (let k = 0; k < r.distances.length; k++) r.distances[k] = timesPowerOfTwo(r.distances[k], -unit.e);
  return r;
}

/** {@link proximityPairs} on validated bodies and poses, at the size given. */
function proximityAtSize(
  bodies: readonly ManyBody3[],
  poses: readonly Pose3Like[],
  cutoff: number,
): ProximityResult {
  const n = bodies.length;
  const boxes = new Float64Array(6 * n);
  for (let i = 0; i < n; i++) {
    const s = bodies[i];
    const surface = Surface.isSurface(s);
    // A shape or a compound is held by its box: its 8 corners stand for its vertices.
    worldBox(surface ? s.vertices() : boxCorners(s.bounds()), poses[i], 0.5 * cutoff, boxes, 6 * i);
  }
  const candidates = sweepAndPrune(boxes, 3);
  const pairs: [number, number][] = [];
  const distances: number[] = [];
  // One pair object and placement for the pairs with a shape or a compound, bound pair by pair.
  let mixed: CompoundPair | null = null;
  const R = new Float64Array(9);
  const t = new Float64Array(3);
  for (let k = 0; k < candidates.length; k += 2) {
    const i = candidates[k];
    const j = candidates[k + 1];
    const a = bodies[i];
    const b = bodies[j];
    let distance: number;
    if (Surface.isSurface(a) && Surface.isSurface(b)) {
      const r = surfaceDistance(a, b, { poseA: poses[i], poseB: poses[j], maxDistance: cutoff });
      distance = r.beyond ? Number.POSITIVE_INFINITY : r.distance;
    } else {
      mixed ??= new CompoundPair();
      mixed.bind(a, b);
      relativeTransform(poses[i], poses[j], R, t);
      // A pair certified at least `cutoff` apart stops there (its parts' balls, or GJK's bound).
      mixed.evaluate(R, t, cutoff);
      distance = mixed.beyond ? Number.POSITIVE_INFINITY : mixed.lowerBound === 0 ? 0 : mixed.distance;
    }
    if (distance < cutoff) {
      pairs.push([i, j]);
      distances.push(distance);
    }
  }
  return { pairs, distances: Float64Array.from(distances) };
}

/**
 * {@link proximityPairs} over the connected components of one surface (facets that share a vertex):
 * the pairs of component labels (as {@link Surface.components} numbers them) whose gap is strictly
 * below `cutoff`.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a cutoff that is negative or not finite.
 * @example
 * ```ts
 * import { proximityPairsWithin } from '@firsttouch/broadphase';
 * import { Surface, box } from '@firsttouch/mesh';
 * const a = box(1);
 * const b = box(1).translate([1.5, 0, 0]);
 * const two = Surface.fromIndexed([...a.positions, ...b.positions], [...a.indices, ...b.indices.map((i) => i + a.vertexCount)]);
 * const r = proximityPairsWithin(two, 1);
 * console.log(r.pairs, r.distances[0]); // [[0, 1]] 0.5
 * ```
 */
export function proximityPairsWithin(surface: Surface, cutoff: number): ProximityResult {
  if (!Surface.isSurface(surface))
    throw new FirstTouchError('INVALID_OPTION', `surface must be a Surface, got ${describeValue(surface)}`);
  const labels = surface.components();
  let count = 0;
  for (const l of labels) if (l + 1 > count) count = l + 1;
  const facets: number[][] = Array.from({ length: count }, () => []);
  labels.forEach((l, f) => {
    const i = surface.indices;
    facets[l].push(i[3 * f], i[3 * f + 1], i[3 * f + 2]);
  });
  // Each part takes its own vertices only (renumbered in order of first use): built on all the
  // surface's positions, n parts held n copies of them (4 000 pebbles in one surface: 3 GB).
  const P = surface.positions;
  const local = new Int32Array(P.length / 3).fill(-1);
  const parts = facets.map((idx) => {
    const positions: number[] = [];
    const own = new Uint32Array(idx.length);
    for (let k = 0; k < idx.length; k++) {
      const v = idx[k];
      if (local[v] < 0) {
        local[v] = positions.length / 3;
        positions.push(P[3 * v], P[3 * v + 1], P[3 * v + 2]);
      }
      own[k] = local[v];
    }
    for (const v of idx) local[v] = -1;
    return Surface.fromIndexed(positions, own);
  });
  const id = identityPose();
  return proximityPairs(
    parts,
    parts.map(() => id),
    cutoff,
  );
}

/** The 8 corners of a body-frame box (x y z each). */
function boxCorners(b: { readonly min: ArrayLike<number>; readonly max: ArrayLike<number> }): Float64Array {
  const points = new Float64Array(24);
  for (let c = 0; c < 8; c++) {
    points[3 * c] = c & 1 ? b.max[0] : b.min[0];
    points[3 * c + 1] = c & 2 ? b.max[1] : b.min[1];
    points[3 * c + 2] = c & 4 ? b.max[2] : b.min[2];
  }
  return points;
}

/** The world box of points `v` (body frame) at a pose, grown by `grow`, into `out` at `o` (mins then maxes). */
function worldBox(v: Float64Array, pose: Pose3Like, grow: number, out: Float64Array, o: number): void {
  const R = pose.R;
  const t = pose.t;
  // (a pose whose getters answered arrays to the check and something else now)
  if (typeof R !== 'object' || R === null || typeof t !== 'object' || t === null)
    throw new FirstTouchError(
      'INVALID_POSE',
      `poses[${o / 6}] changed after it was checked: a getter answered no array when it was read again`,
    );
  for (let a = 0; a < 3; a++) {
    out[o + a] = Number.POSITIVE_INFINITY;
    out[o + 3 + a] = Number.NEGATIVE_INFINITY;
  }
  for (let k = 0; k < v.length; k += 3) {
    for (let a = 0; a < 3; a++) {
      const w = R[3 * a] * v[k] + R[3 * a + 1] * v[k + 1] + R[3 * a + 2] * v[k + 2] + t[a];
      if (w < out[o + a]) out[o + a] = w;
      if (w > out[o + 3 + a]) out[o + 3 + a] = w;
    }
  }
  for (let a = 0; a < 3; a++) {
    const slack = 1e-13 * (Math.abs(out[o + a]) + Math.abs(out[o + 3 + a]));
    out[o + a] -= grow + slack;
    out[o + 3 + a] += grow + slack;
  }
}
