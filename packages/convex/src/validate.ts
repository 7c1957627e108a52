import { describeValue, FirstTouchError } from '@firsttouch/pose';
import { Shape } from './shape.js';

/**
 * Checks a radius or half extent: a finite number above 0. Not exported by the package.
 *
 * @param where - the constructor, for the message (`'ball'`).
 * @param name - the argument (`'radius'`).
 * @throws {@link FirstTouchError} `NON_FINITE` for a value that is not a finite number, `INVALID_OPTION`
 *   for one ≤ 0.
 */
export function assertLength(value: unknown, where: string, name: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new FirstTouchError(
      'NON_FINITE',
      `${where}: ${name} must be a finite number, got ${describeValue(value)}`,
    );
  }
  if (!(value > 0)) {
    throw new FirstTouchError('INVALID_OPTION', `${where}: ${name} must be positive, got ${value}`);
  }
}

/**
 * Checks that `value` is a shape of this package (of `dim` when given), and, unless `scratch`, a body:
 * not a point set its owner rewrites in place (GJK's scratch, see {@link describeBody}). Not exported
 * by the package.
 *
 * @throws {@link FirstTouchError} `INVALID_OPTION` naming `where` and `name`.
 */
export function assertShape(
  value: unknown,
  where: string,
  name: string,
  dim?: 2 | 3,
  scratch = false,
): asserts value is Shape {
  // (instanceof first: the brand's getter is the fallback for another copy of the package.)
  if (!(value instanceof Shape || Shape.isShape(value)) || (!scratch && value.rewritten)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: ${name} must be a shape, got ${describeBody(value)}`,
    );
  }
  if (dim !== undefined && value.dim !== dim) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: ${name} must be a ${dim}-D shape, got a ${value.dim}-D one`,
    );
  }
}

/**
 * A value as error messages name it (pose's `describeValue`), and a point set its owner rewrites in
 * place (mesh's `pointSet`, made for `ConvexSurfacePair.bindHulls`) said to be one: its bounds and
 * reach are not kept up to date, so it is refused wherever a body is taken (a query would read a
 * reach of 0 and miss a turning contact; a rounded shape or a compound would keep the points of
 * one moment).
 *
 * @example
 * ```ts
 * import { describeBody, pointCore } from '@firsttouch/convex/internal';
 * console.log(describeBody(pointCore(3).shape)); // a point set rewritten in place (GJK's scratch, not a body: make one with pointSet(points))
 * ```
 */
export function describeBody(value: unknown): string {
  return Shape.isShape(value) && value.rewritten
    ? "a point set rewritten in place (GJK's scratch, not a body: make one with pointSet(points))"
    : describeValue(value);
}

/**
 * Throws the refusal of a step whose two bodies lie farther apart at s = `end` than float64 holds
 * (each pose finite, their translations' difference not): `INVALID_POSE`, worded once for the cast
 * here and ccd's time of impact.
 *
 * @example
 * ```ts
 * import { refuseFarApart } from '@firsttouch/convex/internal';
 * try {
 *   refuseFarApart('castShape', 1);
 * } catch (e) {
 *   console.log((e as Error).message.startsWith('castShape: A and B lie farther apart')); // true
 * }
 * ```
 */
export function refuseFarApart(where: string, end: 0 | 1): never {
  throw new FirstTouchError(
    'INVALID_POSE',
    `${where}: A and B lie farther apart than float64 holds at s = ${end} (their translations' difference overflows)`,
  );
}

/**
 * Refuses an `out` record whose field `field` cannot be written (frozen, read-only, getter-only),
 * in the words every query with a result record uses.
 *
 * @throws `FirstTouchError` `INVALID_OPTION`, always.
 * @example
 * ```ts
 * import { refuseUnwritable } from '@firsttouch/convex/internal';
 * try {
 *   refuseUnwritable('castShape', 'toi');
 * } catch (e) {
 *   console.log((e as Error).message); // castShape: out must be a writable result record, but out.toi cannot be written
 * }
 * ```
 */
export function refuseUnwritable(where: string, field: string): never {
  throw new FirstTouchError(
    'INVALID_OPTION',
    `${where}: out must be a writable result record, but out.${field} cannot be written`,
  );
}

/**
 * Writes each of a result record's answer fields that a cast and a time of impact share (`status`,
 * `toi`, `distance`, `iterations`, `tolerance`) with its own value, so that a record the answer
 * cannot be written into is refused before anything is written, not half way through with a raw
 * TypeError. Named stores, not a loop over names: this runs on every query given a record.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` naming the field (see {@link refuseUnwritable}).
 * @example
 * ```ts
 * import { assertAnswerWritable } from '@firsttouch/convex/internal';
 * assertAnswerWritable({ status: 'separate', toi: 1, distance: 2, iterations: 3, tolerance: 1e-6 }, 'castShape'); // fine
 * try {
 *   assertAnswerWritable(Object.freeze({ status: 'separate' }), 'castShape');
 * } catch (e) {
 *   console.log((e as Error).message); // castShape: out must be a writable result record, but out.status cannot be written
 * }
 * ```
 */
export function assertAnswerWritable(o: Record<string, unknown>, where: string): void {
  let field = 'status';
  try {
    let v = o.status;
    o.status = v;
    field = 'toi';
    v = o.toi;
    o.toi = v;
    field = 'distance';
    v = o.distance;
    o.distance = v;
    field = 'iterations';
    v = o.iterations;
    o.iterations = v;
    field = 'tolerance';
    v = o.tolerance;
    o.tolerance = v;
  } catch {
    refuseUnwritable(where, field);
  }
}
