import { orient2d } from '@firsttouch/mesh';

/**
 * The exact sign of the orientation of the triangle `a, b, c` in the plane: 1 when counter-clockwise,
 * −1 when clockwise, 0 when the points are collinear (Shewchuk's adaptive predicate, with mesh's
 * exact fallback for subnormal or enormous coordinates).
 */
export function orient2dSign(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  // robust-predicates' orient2d is positive for clockwise turns.
  const o = orient2d(ax, ay, bx, by, cx, cy);
  return o < 0 ? 1 : o > 0 ? -1 : 0;
}
