import { isShape3, pointSet, Shape } from '@firsttouch/convex';
import { describeBody } from '@firsttouch/convex/internal';
import { convexSurface, Surface } from '@firsttouch/mesh';
import { FirstTouchError } from '@firsttouch/pose';

/**
 * What `timeOfImpactAffine` moves: a 3-D convex shape of `@firsttouch/convex` (a primitive, a hull,
 * a point set, a rounded shape), or a convex `Surface`, taken as the point set of its vertices (the
 * hull of a convex surface's vertices is the solid it bounds).
 *
 * @example
 * ```ts
 * import type { AffineBody } from '@firsttouch/ccd';
 * import { cuboid } from '@firsttouch/convex';
 * import { box } from '@firsttouch/mesh';
 * const bodies: AffineBody[] = [cuboid(1, 1, 1), box(2)];
 * ```
 */
export type AffineBody = Shape<3> | Surface;

/**
 * The shape a body is computed as: the shape itself, or a convex surface's vertices as a point set
 * (made at every call: a caller with many queries of one surface converts it once, with
 * `pointSet(surface.distinctVertices())`, and passes the shape). Not exported by the package.
 *
 * @throws `FirstTouchError` `INVALID_OPTION` for a value that is neither, a 2-D shape, or a surface
 *   that is not convex (the hull of its vertices would not be the body); `EMPTY` for a surface
 *   without facets.
 */
export function affineShape(body: unknown, where: string, name: string): Shape<3> {
  if (isShape3(body)) return body;
  if (Shape.isShape(body)) {
    throw new FirstTouchError(
      'INVALID_OPTION',
      `${where}: ${name} must be a 3-D shape, got a ${body.dim}-D one`,
    );
  }
  if (Surface.isSurface(body)) {
    body.assertNotEmpty(`${where} (body ${name.toUpperCase()})`);
    const c = convexSurface(body);
    if (!c.convex) {
      throw new FirstTouchError(
        'INVALID_OPTION',
        `${where}: ${name} is a Surface that is not convex (or not closed): affine motion takes convex bodies, whose vertex hull is the body`,
      );
    }
    return pointSet(c.points.subarray(0, 3 * c.count));
  }
  throw new FirstTouchError(
    'INVALID_OPTION',
    `${where}: ${name} must be a convex shape of @firsttouch/convex or a convex Surface, got ${describeBody(body)}`,
  );
}

/** Scratch of {@link mappedDiagonal} and of the cone cast: a direction and a support point. */
export interface SupportScratch {
  readonly u: Float64Array;
  readonly p: Float64Array;
}

/**
 * The support function of a shape (margin included): `h(u) = max over x of u·x`. Allocates nothing.
 */
export function supportHeight(shape: Shape<3>, scratch: SupportScratch): number {
  const u = scratch.u;
  const p = scratch.p;
  shape.support(u, p);
  const h = u[0] * p[0] + u[1] * p[1] + u[2] * p[2];
  const m = shape.margin;
  return m > 0 ? h + m * Math.hypot(u[0], u[1], u[2]) : h;
}
