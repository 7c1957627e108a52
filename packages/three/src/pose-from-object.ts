import { assertPose3, describeValue, FirstTouchError, type Pose3 } from '@firsttouch/pose';
import type { Object3D } from 'three';
import { assertThreeKind } from './three-kind.js';

/**
 * How far from rigid an object's world matrix may be and still give a pose, relatively: the
 * rounding of float32 data (glTF and most formats store matrices and quaternions in float32, whose
 * rotations are orthonormal only to about 1e-7). Beyond it a scale is a scale, and a shear a shear.
 *
 * @example
 * ```ts
 * import { MATRIX_TOLERANCE } from '@firsttouch/three';
 * console.log(MATRIX_TOLERANCE); // 0.000001
 * ```
 */
export const MATRIX_TOLERANCE = 1e-6;

/** An object's world matrix split into a rigid pose and a scale along the body's axes. */
export interface PoseAndScale {
  /** The rotation and translation. */
  pose: Pose3;
  /** The scale along the body's x, y and z, applied before the pose; x is negative for a mirror. */
  scale: [number, number, number];
}

/**
 * The world matrix of a three.js object split into a rigid pose and a scale, for objects that
 * three.js scales: the body is then `surface.scale(...scale)` at `pose`. The world matrix is
 * brought up to date first, along the object's chain of parents as the renderer's update of the
 * scene brings it (`drawnWorldMatrix` below), the object's own from its `matrix` even when that
 * was set by hand with `matrixAutoUpdate` off. The
 * rotation is made exactly orthonormal (Gram–Schmidt on the columns) once the matrix is found
 * rigid to within {@link MATRIX_TOLERANCE}.
 *
 * @throws `FirstTouchError` `INVALID_POSE` naming the object when its world matrix is projective,
 *   has a zero scale, or shears (a non-uniform scale under a rotated parent: no pose and scale make
 *   it), or when its parents form a loop; `NON_FINITE` for a non-finite entry. A refused object
 *   leaves `out` as it was.
 * @example
 * ```ts
 * import { poseAndScaleFromObject3D } from '@firsttouch/three';
 * import { Object3D } from 'three';
 * const object = new Object3D();
 * object.position.set(1, 2, 3);
 * object.scale.set(2, 2, 0.5);
 * const { pose, scale } = poseAndScaleFromObject3D(object);
 * console.log(Array.from(pose.t), scale); // [1, 2, 3] [2, 2, 0.5]
 * ```
 */
export function poseAndScaleFromObject3D(
  object: Object3D,
  out: Pose3 = { R: new Float64Array(9), t: new Float64Array(3) },
): PoseAndScale {
  assertOut(object, out);
  const { pose, scale } = worldPose(object);
  return { pose: copyPose(pose, out), scale };
}

/** Checks the arguments of the two adapters. */
function assertOut(object: Object3D, out: Pose3): void {
  assertThreeKind(object, 'isObject3D', 'object', 'a three.js Object3D');
  if (typeof out !== 'object' || out === null || !isNumbers(out.R, 9) || !isNumbers(out.t, 3))
    throw new FirstTouchError(
      'INVALID_OPTION',
      `out must be a pose {R, t} to write into (9 and 3 numbers), got ${describeValue(out)}`,
    );
}

/** `pose` into `out`. */
function copyPose(pose: Pose3, out: Pose3): Pose3 {
  for (let k = 0; k < 9; k++) out.R[k] = pose.R[k];
  for (let k = 0; k < 3; k++) out.t[k] = pose.t[k];
  return out;
}

/**
 * The object's world pose and scale, in a pose of its own: a caller's `out` is written only once
 * the object is accepted (a refused object left its translation there).
 */
function worldPose(object: Object3D): PoseAndScale {
  const out: Pose3 = { R: new Float64Array(9), t: new Float64Array(3) };
  drawnWorldMatrix(object);
  const e = object.matrixWorld.elements;
  const name = nameOf(object);
  for (let i = 0; i < 16; i++) {
    if (!Number.isFinite(e[i]))
      throw new FirstTouchError('NON_FINITE', `${name}: world matrix entry ${i} is ${e[i]}`);
  }
  if (e[3] !== 0 || e[7] !== 0 || e[11] !== 0 || e[15] !== 1) {
    throw new FirstTouchError(
      'INVALID_POSE',
      `${name}: the world matrix is projective (its last row is not 0 0 0 1)`,
    );
  }
  // The columns of the linear part: the images of the body's axes.
  const axes = [0, 4, 8].map((k) => [e[k], e[k + 1], e[k + 2]]);
  const scale = axes.map((a) => Math.hypot(a[0], a[1], a[2])) as [number, number, number];
  const zero = scale.indexOf(0);
  if (zero >= 0)
    throw new FirstTouchError('INVALID_POSE', `${name}: the world matrix scales ${'xyz'[zero]} by 0`);
  // (finite entries whose column is longer than float64 holds: the directions divided by +∞ were 0)
  const huge = scale.findIndex((s) => !Number.isFinite(s));
  if (huge >= 0)
    throw new FirstTouchError(
      'INVALID_POSE',
      `${name}: the world matrix scales ${'xyz'[huge]} past float64 (its column's length overflows)`,
    );
  if (dot(axes[0], cross(axes[1], axes[2])) < 0) scale[0] = -scale[0];
  const [x, y, z] = axes.map((a, i) => a.map((c) => c / scale[i]));
  const shear = Math.max(Math.abs(dot(x, y)), Math.abs(dot(x, z)), Math.abs(dot(y, z)));
  if (shear > MATRIX_TOLERANCE) {
    throw new FirstTouchError(
      'INVALID_POSE',
      `${name}: the world matrix shears (its axes are ${shear.toExponential(2)} from perpendicular): no pose and scale make it (a non-uniform scale under a rotated parent?)`,
    );
  }
  // Gram–Schmidt: x as it is, y made perpendicular to it, z = x × y.
  const xy = dot(x, y);
  const yp = [y[0] - xy * x[0], y[1] - xy * x[1], y[2] - xy * x[2]];
  const ny = Math.hypot(yp[0], yp[1], yp[2]);
  const yu = yp.map((c) => c / ny);
  const zu = cross(x, yu);
  for (let r = 0; r < 3; r++) {
    out.R[3 * r] = x[r];
    out.R[3 * r + 1] = yu[r];
    out.R[3 * r + 2] = zu[r];
  }
  out.t[0] = e[12];
  out.t[1] = e[13];
  out.t[2] = e[14];
  // A rotation, or no answer: columns of subnormal entries keep too few digits for their
  // directions (a matrix of 5e-324 gave a "rotation" 1.0 from orthonormal).
  assertPose3(out, `${name}: the world matrix's rotation (its columns too small to give one?)`);
  return { pose: out, scale };
}

/**
 * The pose of a three.js object in the world: its world matrix (brought up to date as
 * {@link poseAndScaleFromObject3D} says) as a rigid pose, the rotation row-major. The body is the
 * object's geometry ({@link surfaceFromGeometry}) at this pose. A firsttouch pose is rigid: an
 * object whose world matrix scales (itself or through a parent) is refused; split it with
 * {@link poseAndScaleFromObject3D}.
 *
 * @throws `FirstTouchError` `INVALID_POSE` naming the object and the scale when the world matrix
 *   scales by other than 1 (to within {@link MATRIX_TOLERANCE}) or mirrors, and as
 *   {@link poseAndScaleFromObject3D}.
 * @example
 * ```ts
 * import { poseFromObject3D } from '@firsttouch/three';
 * import { Group, Mesh } from 'three';
 * const parent = new Group();
 * parent.position.set(10, 0, 0);
 * parent.rotation.z = Math.PI / 2;
 * const child = new Mesh();
 * child.position.set(1, 0, 0);
 * parent.add(child);
 * const pose = poseFromObject3D(child);
 * console.log(Array.from(pose.t, (x) => x.toFixed(6))); // ['10.000000', '1.000000', '0.000000']
 * child.scale.setScalar(2);
 * try {
 *   poseFromObject3D(child);
 * } catch (e) {
 *   console.log((e as Error).message); // a Mesh without a name: the world matrix scales by (2, 2, 2): a pose is rigid (split the scale off with poseAndScaleFromObject3D, or scale the geometry)
 * }
 * ```
 */
export function poseFromObject3D(object: Object3D, out?: Pose3): Pose3 {
  if (out !== undefined) assertOut(object, out);
  else assertThreeKind(object, 'isObject3D', 'object', 'a three.js Object3D');
  const { pose, scale } = worldPose(object);
  if (scale.some((s) => !(Math.abs(s - 1) <= MATRIX_TOLERANCE))) {
    throw new FirstTouchError(
      'INVALID_POSE',
      `${nameOf(object)}: the world matrix ${scale[0] < 0 ? 'mirrors and ' : ''}scales by (${scale.join(', ')}): a pose is rigid (split the scale off with poseAndScaleFromObject3D, or scale the geometry)`,
    );
  }
  return out === undefined ? pose : copyPose(pose, out);
}

/** Ancestors an object may have, at most (no scene a renderer draws comes near). */
const MAX_ANCESTORS = 100_000;

/**
 * An object with what the walk uses of an Object3D: its two matrices, each with its 16 elements (and
 * the world one with `copy` and `multiplyMatrices`), and `updateMatrix`. (Matrices with the flag but
 * not the elements or the methods threw TypeErrors in the walk.)
 */
function drawable(o: Object3D): boolean {
  return (
    isMatrix4(o.matrix) &&
    isMatrix4(o.matrixWorld) &&
    typeof o.matrixWorld.copy === 'function' &&
    typeof o.matrixWorld.multiplyMatrices === 'function' &&
    typeof o.updateMatrix === 'function'
  );
}

/** A three.js Matrix4 as the walk reads one: the flag and 16 elements. */
function isMatrix4(m: unknown): boolean {
  if (typeof m !== 'object' || m === null) return false;
  const { isMatrix4, elements } = m as { isMatrix4?: unknown; elements?: unknown };
  return (
    isMatrix4 === true &&
    (Array.isArray(elements) || ArrayBuffer.isView(elements)) &&
    (elements as ArrayLike<number>).length === 16
  );
}

function nameOf(object: Object3D): string {
  return object.name ? `"${object.name}"` : `a ${object.type} without a name`;
}

const dot = (a: number[], b: number[]): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

const cross = (a: number[], b: number[]): number[] => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/**
 * An array or typed array of `length` entries that a pose's numbers can be written into: a typed
 * array, or an array whose entries are its own writable numbers' places (a frozen array threw a
 * TypeError half way through the copy, `out.R` written and `out.t` not).
 */
function isNumbers(a: unknown, length: number): boolean {
  if (ArrayBuffer.isView(a))
    return !(a instanceof DataView) && (a as unknown as ArrayLike<number>).length === length;
  if (!Array.isArray(a) || a.length !== length) return false;
  for (let k = 0; k < length; k++) {
    const d = Object.getOwnPropertyDescriptor(a, k);
    // (a hole is written as a new entry, unless the array may not grow)
    if (d === undefined ? !Object.isExtensible(a) : d.writable !== true) return false;
  }
  return true;
}

/**
 * Brings `object`'s world matrix to where three.js draws it: down its chain of parents from the top,
 * as the renderer's `updateMatrixWorld` of the scene does (a local matrix updated where
 * `matrixAutoUpdate`; a world matrix recomputed where it is marked out of date or a parent's was
 * recomputed), and the object's own world matrix recomputed in any case. `updateWorldMatrix(true,
 * false)`, which `getWorldPosition` runs, recomputes a parent only when that parent is marked: a
 * static group (`matrixAutoUpdate` off) under a moved root kept its old world matrix, and the pose of
 * a body in it was wherever the root had been (7 where three.js drew it at 107).
 */
function drawnWorldMatrix(object: Object3D): void {
  const chain: Object3D[] = [];
  // (three.js lets `a.add(b); b.add(a)` make a loop of parents: followed to the top, it filled the
  // heap until the process died)
  const seen = new Set<Object3D>();
  for (let o: Object3D | null = object; o !== null; o = o.parent) {
    if (seen.has(o))
      throw new FirstTouchError(
        'INVALID_POSE',
        `${nameOf(object)}: its parents form a loop (${nameOf(o)} is its own ancestor): it has no world matrix`,
      );
    // (a parent getter that answers a new object at each read made a chain without end, and the
    // walk filled the heap; an object with three.js's flag but not its matrices threw a TypeError)
    if (chain.length >= MAX_ANCESTORS)
      throw new FirstTouchError(
        'INVALID_POSE',
        `${nameOf(object)}: its chain of parents is longer than ${MAX_ANCESTORS}: it has no world matrix a scene could draw`,
      );
    if (!drawable(o))
      throw new FirstTouchError(
        'INVALID_OPTION',
        `${chain.length === 0 ? 'object' : `${nameOf(object)}: its ancestor ${chain.length} up`} must be a three.js Object3D: it has isObject3D but not the matrices (matrix, matrixWorld: 16 elements each, matrixWorld's copy and multiplyMatrices) or updateMatrix`,
      );
    seen.add(o);
    chain.push(o);
  }
  let force = false;
  for (let i = chain.length - 1; i >= 0; i--) {
    const o = chain[i];
    if (o.matrixAutoUpdate) o.updateMatrix();
    if (o.matrixWorldNeedsUpdate || force || i === 0) {
      if (o.matrixWorldAutoUpdate === true) {
        if (o.parent === null) o.matrixWorld.copy(o.matrix);
        else o.matrixWorld.multiplyMatrices(o.parent.matrixWorld, o.matrix);
      }
      o.matrixWorldNeedsUpdate = false;
      force = true;
    }
  }
}
