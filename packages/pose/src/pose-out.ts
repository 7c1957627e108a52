import { FirstTouchError } from './errors.js';
import { describeValue } from './validate.js';

/**
 * Refuses an `out` pose that the answer cannot be written into, before anything is written: `R`
 * (3-D) and `t` must be Float64Arrays, or arrays that are not frozen, of 9 and `dim` numbers, and a
 * 2-D pose's `angle` must take a write (it is written with its own value: a frozen pose or a
 * getter-only angle fails here, not with a raw TypeError half way through the answer). For the
 * checked entry points that take an `out` (`interpolatePose`, `interpolatePose2`); the arithmetic
 * on poses, `checkedPose3` / `checkedPose2` and `RigidMotion.poseAt` take theirs as given.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` naming the field.
 * @example
 * ```ts
 * import { interpolatePose2, pose2 } from '@firsttouch/pose';
 * try {
 *   interpolatePose2(pose2(0), pose2(1), 0.5, Object.freeze(pose2(0)));
 * } catch (e) {
 *   console.log((e as Error).message); // interpolatePose2: out.angle cannot be written (a frozen or read-only pose)
 * }
 * ```
 */
export function assertPoseOut(out: unknown, dim: 2 | 3, where: string): void {
  if (typeof out !== 'object' || out === null) {
    throw new FirstTouchError('INVALID_OPTION', `${where}: out must be a pose, got ${describeValue(out)}`);
  }
  const o = out as { R?: unknown; t?: unknown; angle?: unknown };
  if (dim === 3) writableNumbers(o.R, 9, where, 'R');
  writableNumbers(o.t, dim, where, 't');
  if (dim === 2) {
    try {
      const v = o.angle;
      o.angle = v;
    } catch {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `${where}: out.angle cannot be written (a frozen or read-only pose)`,
      );
    }
  }
}

function writableNumbers(v: unknown, length: number, where: string, field: string): void {
  const ok =
    v instanceof Float64Array
      ? v.length === length
      : Array.isArray(v) && v.length === length && !Object.isFrozen(v);
  if (!ok) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: out.${field} must be a Float64Array (or an array that is not frozen) of ${length} numbers, got ${describeValue(v)}`,
    );
  }
}
