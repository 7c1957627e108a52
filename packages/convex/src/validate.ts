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
