import { isShape2, isShape3, type Shape } from '@firsttouch/convex';
import { describeBody } from '@firsttouch/convex/internal';
import { FirstTouchError } from '@firsttouch/pose';
import { Compound } from './compound.js';
import { Compound2 } from './compound2.js';
import { Curve } from './curve.js';
import { Surface } from './surface.js';

// The pairs' bindings check what they are given: the classes are exported, and a non-body met
// their first method call as a raw TypeError (null), or was taken for what it is not (a CurvePair
// bound to two surfaces threw one at its first evaluation).

/**
 * Refuses anything but a surface with facets: `INVALID_OPTION` naming `where`, or the surface's
 * own `EMPTY`.
 *
 * @example
 * ```ts
 * import { FirstTouchError } from '@firsttouch/pose';
 * import { box, disc, SurfacePair } from '@firsttouch/mesh';
 * let said = '';
 * try {
 *   new SurfacePair(box(1), disc(1, 8) as never);
 * } catch (e) {
 *   if (e instanceof FirstTouchError) said = `${e.code} ${e.message}`;
 * }
 * console.log(said); // INVALID_OPTION distance (body B) must be a Surface, got a Curve
 * ```
 */
export function surfaceArgument(value: unknown, where: string): asserts value is Surface {
  if (!Surface.isSurface(value)) refuse(value, where, 'a Surface');
  value.assertNotEmpty(where);
}

/**
 * Refuses anything but a curve with segments (see {@link surfaceArgument}).
 *
 * @example
 * ```ts
 * import { FirstTouchError } from '@firsttouch/pose';
 * import { CurvePair, disc } from '@firsttouch/mesh';
 * let said = '';
 * try {
 *   new CurvePair(disc(1, 8), {} as never);
 * } catch (e) {
 *   if (e instanceof FirstTouchError) said = `${e.code} ${e.message}`;
 * }
 * console.log(said); // INVALID_OPTION distance (curve B) must be a Curve, got object
 * ```
 */
export function curveArgument(value: unknown, where: string): asserts value is Curve {
  if (!Curve.isCurve(value)) refuse(value, where, 'a Curve');
  value.assertNotEmpty(where);
}

/**
 * Refuses anything but a 3-D convex shape (`dim` 3) or a 2-D one (`dim` 2).
 *
 * @example
 * ```ts
 * import { FirstTouchError } from '@firsttouch/pose';
 * import { ball2 } from '@firsttouch/convex';
 * import { box, SurfaceShapePair } from '@firsttouch/mesh';
 * let said = '';
 * try {
 *   new SurfaceShapePair(box(1), ball2(1) as never);
 * } catch (e) {
 *   if (e instanceof FirstTouchError) said = `${e.code} ${e.message}`;
 * }
 * console.log(said); // INVALID_OPTION distance (shape) must be a 3-D convex shape, got a 2-D shape
 * ```
 */
export function shapeArgument(value: unknown, dim: 2 | 3, where: string): asserts value is Shape<2 | 3> {
  if (!(dim === 3 ? isShape3(value) : isShape2(value))) refuse(value, where, `a ${dim}-D convex shape`);
}

/**
 * Refuses anything but a body a 3-D compound pair measures: a surface (with facets), a 3-D shape
 * or a compound.
 *
 * @example
 * ```ts
 * import { FirstTouchError } from '@firsttouch/pose';
 * import { CompoundPair, box } from '@firsttouch/mesh';
 * let said = '';
 * try {
 *   new CompoundPair(box(1), null as never);
 * } catch (e) {
 *   if (e instanceof FirstTouchError) said = `${e.code} ${e.message}`;
 * }
 * console.log(said); // INVALID_OPTION compound pair (body B) must be a Surface, a 3-D shape or a Compound, got null
 * ```
 */
export function body3Argument(value: unknown, where: string): void {
  if (Surface.isSurface(value)) value.assertNotEmpty(where);
  else if (!isShape3(value) && !Compound.isCompound(value))
    refuse(value, where, 'a Surface, a 3-D shape or a Compound');
}

/**
 * Refuses anything but a body a 2-D compound pair measures: a curve (with segments), a 2-D shape
 * or a `Compound2`.
 *
 * @example
 * ```ts
 * import { FirstTouchError } from '@firsttouch/pose';
 * import { CompoundPair2, disc } from '@firsttouch/mesh';
 * let said = '';
 * try {
 *   new CompoundPair2(disc(1, 8), null as never);
 * } catch (e) {
 *   if (e instanceof FirstTouchError) said = `${e.code} ${e.message}`;
 * }
 * console.log(said); // INVALID_OPTION compound pair (body B) must be a Curve, a 2-D shape or a Compound2, got null
 * ```
 */
export function body2Argument(value: unknown, where: string): void {
  if (Curve.isCurve(value)) value.assertNotEmpty(where);
  else if (!isShape2(value) && !Compound2.isCompound2(value))
    refuse(value, where, 'a Curve, a 2-D shape or a Compound2');
}

function refuse(value: unknown, where: string, what: string): never {
  throw new FirstTouchError('INVALID_OPTION', `${where} must be ${what}, got ${kindOf(value)}`);
}

/** What a refused argument is, named as the library names its bodies (a curve given for a surface). */
function kindOf(value: unknown): string {
  if (Surface.isSurface(value)) return 'a Surface';
  if (Curve.isCurve(value)) return 'a Curve';
  if (Compound.isCompound(value)) return 'a Compound';
  if (Compound2.isCompound2(value)) return 'a Compound2';
  if (isShape3(value)) return 'a 3-D shape';
  if (isShape2(value)) return 'a 2-D shape';
  return describeBody(value);
}
