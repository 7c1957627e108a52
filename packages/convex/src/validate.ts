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
 * Checks that `value` is a shape of this package (of `dim` when given). Not exported by the package.
 *
 * @throws {@link FirstTouchError} `INVALID_OPTION` naming `where` and `name`.
 */
export function assertShape(
  value: unknown,
  where: string,
  name: string,
  dim?: 2 | 3,
): asserts value is Shape {
  // (instanceof first: the brand's getter is the fallback for another copy of the package.)
  if (!(value instanceof Shape || Shape.isShape(value))) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: ${name} must be a shape, got ${describeValue(value)}`,
    );
  }
  if (dim !== undefined && value.dim !== dim) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: ${name} must be a ${dim}-D shape, got a ${value.dim}-D one`,
    );
  }
}
