import { orient3d } from '@firsttouch/convex';
import { describeValue, FirstTouchError, finiteCopy } from '@firsttouch/pose';

/**
 * An affine map of a body: a body point x̄ is at `L x̄ + t` (L a 3×3 matrix, 9 numbers, row-major;
 * t 3 numbers). At the ends of a step L must have a positive determinant (the body neither
 * flattened nor mirrored); in between it may be singular (see `timeOfImpactAffine`).
 *
 * @example
 * ```ts
 * import type { AffineMap } from '@firsttouch/ccd';
 * // twice as long along x, sheared (x grows with y), moved up by 1
 * const X: AffineMap = { L: [2, 0.5, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 1] };
 * ```
 */
export interface AffineMap {
  readonly L: ArrayLike<number>;
  readonly t: ArrayLike<number>;
}

/**
 * The step of two bodies under affine motion: each map goes from X0 at s = 0 to X1 at s = 1, L and
 * t interpolated linearly (`L(s) = (1 − s) L0 + s L1`).
 *
 * @example
 * ```ts
 * import type { AffineMotion } from '@firsttouch/ccd';
 * const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
 * // A at rest; B grows to twice its size while it moves from x = 5 to x = 3
 * const motion: AffineMotion = {
 *   a: [{ L: I, t: [0, 0, 0] }, { L: I, t: [0, 0, 0] }],
 *   b: [{ L: I, t: [5, 0, 0] }, { L: I.map((x) => 2 * x), t: [3, 0, 0] }],
 * };
 * ```
 */
export interface AffineMotion {
  a: readonly [AffineMap, AffineMap];
  b: readonly [AffineMap, AffineMap];
}

/**
 * One body's step, validated and kept in flat arrays: `L(s) = L0 + s ΔL`, `t(s) = t0 + s Δt` (the
 * ends exactly at s = 0 and s = 1). Reused from query to query; allocates nothing after
 * construction. Not exported by the package.
 */
export class AffineStep {
  readonly L0 = new Float64Array(9);
  readonly L1 = new Float64Array(9);
  readonly dL = new Float64Array(9);
  readonly t0 = new Float64Array(3);
  readonly t1 = new Float64Array(3);
  readonly dt = new Float64Array(3);

  /**
   * Sets the step from the end maps `x0`, `x1` (errors name `where` and `name`, `motion.a`).
   *
   * @throws `FirstTouchError` `INVALID_POSE` for a map that is not `{L: 9 finite numbers, t: 3
   *   finite numbers}` or whose L has a determinant ≤ 0.
   */
  set(x0: unknown, x1: unknown, where: string, name: string): void {
    readMap(x0, where, name, 0, this.L0, this.t0);
    readMap(x1, where, name, 1, this.L1, this.t1);
    for (let i = 0; i < 9; i++) this.dL[i] = this.L1[i] - this.L0[i];
    for (let i = 0; i < 3; i++) this.dt[i] = this.t1[i] - this.t0[i];
    // (0 times a finite number is 0; an overflow makes it NaN) as the rigid motion refuses it: the
    // step's speed bound would be +∞ (a probe: ±1e308 answered a contact at 0.5)
    if (0 * this.dt[0] + 0 * this.dt[1] + 0 * this.dt[2] !== 0) {
      throw new FirstTouchError('INVALID_POSE', `${where}: ${name}: the translation over the step overflows`);
    }
  }

  /** The map at `s` into `L`, `t`. */
  at(s: number, L: Float64Array, t: Float64Array): void {
    if (s === 1) {
      for (let i = 0; i < 9; i++) L[i] = this.L1[i];
      for (let i = 0; i < 3; i++) t[i] = this.t1[i];
      return;
    }
    for (let i = 0; i < 9; i++) L[i] = this.L0[i] + s * this.dL[i];
    for (let i = 0; i < 3; i++) t[i] = this.t0[i] + s * this.dt[i];
  }

  /** ‖ΔL‖_F: no body point x̄ moves by more than ‖ΔL‖_F |x̄| + |Δt| over the step. */
  linearSpeed(): number {
    let f = 0;
    for (let i = 0; i < 9; i++) f += this.dL[i] * this.dL[i];
    return Math.sqrt(f);
  }
}

/** The determinant of a row-major 3×3 matrix. */
export function determinant3(L: ArrayLike<number>): number {
  return (
    L[0] * (L[4] * L[8] - L[5] * L[7]) -
    L[1] * (L[3] * L[8] - L[5] * L[6]) +
    L[2] * (L[3] * L[7] - L[4] * L[6])
  );
}

/**
 * Copies a map `{L, t}` into `L`, `t` after its checks; the message (naming `where: name[end].L`) is
 * built only for a map that fails them.
 */
function readMap(
  x: unknown,
  where: string,
  name: string,
  end: 0 | 1,
  L: Float64Array,
  t: Float64Array,
): void {
  if (typeof x !== 'object' || x === null) {
    throw new FirstTouchError(
      'INVALID_POSE',
      `${where}: ${name}[${end}] must be an affine map {L, t}, got ${describeValue(x)}`,
    );
  }
  // Each member read once, and on the slow path each entry once, into the copy that is checked:
  // read again after a check, a getter that answered NaN, then 3, then NaN left a translation of
  // NaN in the query (an adversarial probe: `initial-contact` at a distance of NaN).
  const m = x as { L?: unknown; t?: unknown };
  const mL = m.L;
  const mt = m.t;
  // Another array-like (a Float32Array, an arguments object) passes by the copy, or the message is built.
  if (!copyFinite(mL, L, 9)) L.set(finiteCopy(mL, 9, `${where}: ${name}[${end}].L`, 'INVALID_POSE'));
  if (!copyFinite(mt, t, 3)) t.set(finiteCopy(mt, 3, `${where}: ${name}[${end}].t`, 'INVALID_POSE'));
  const det = determinant3(L);
  if (!(det > 0 && det < Number.POSITIVE_INFINITY)) {
    // (a determinant that under- or overflows float64 is refused too: the loop's speed bound and
    // the unit-size test square L's numbers, and a map of 1e-110 or 1e308 would go wrong there)
    throw new FirstTouchError(
      'INVALID_POSE',
      `${where}: ${name}[${end}].L must have a positive finite determinant (an end map that neither flattens nor mirrors the body), got ${det}`,
    );
  }
  // The sign decided exactly (the rows as three points against the origin): a map whose rows are
  // exactly dependent, or that mirrors by a hair, rounds to a small positive determinant (an
  // adversarial probe: row 3 = row 1 + row 2 gave +3.5e-17 and was taken for an end map).
  if (orient3d(L[0], L[1], L[2], L[3], L[4], L[5], L[6], L[7], L[8], 0, 0, 0) <= 0) {
    throw new FirstTouchError(
      'INVALID_POSE',
      `${where}: ${name}[${end}].L must have a positive determinant (an end map that neither flattens nor mirrors the body): its exact sign is ${orient3d(L[0], L[1], L[2], L[3], L[4], L[5], L[6], L[7], L[8], 0, 0, 0) < 0 ? 'negative (it mirrors)' : 'zero (it flattens)'}, though it rounds to ${det}`,
    );
  }
}

/** `n` finite numbers of an array or typed array copied into `out`; false (out unspecified) otherwise. */
function copyFinite(v: unknown, out: Float64Array, n: number): boolean {
  if (!(Array.isArray(v) || v instanceof Float64Array) || v.length !== n) return false;
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) return false;
    out[i] = x;
  }
  return true;
}
