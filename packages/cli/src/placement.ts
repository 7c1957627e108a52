import type { Surface } from '@firsttouch/mesh';

/** How the tool places a body when it loads it (`--a-center`, `--a-fit F`, a scene's `center`/`fit`). */
export interface Placement {
  /** Centre the body on its bounding box. */
  center?: boolean;
  /** Centre it and scale its largest extent to this size (`center` is then implied). */
  fit?: number;
}

/**
 * Centres a surface on its bounding box and scales its largest extent to `size`: the placement of
 * `--fit`, as the tutorial places its dragon. A surface of no extent (a point) is only centred.
 *
 * @example
 * ```ts
 * import { fitToUnit } from '@firsttouch/cli';
 * import { box } from '@firsttouch/mesh';
 * const b = fitToUnit(box([4, 2, 1]).translate([10, 0, 0]), 2).bounds();
 * console.log(Array.from(b.min), Array.from(b.max)); // [-1, -0.5, -0.25] [1, 0.5, 0.25]
 * ```
 */
export function fitToUnit(surface: Surface, size = 1): Surface {
  const b = surface.bounds();
  const extent = Math.max(b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2]);
  const centred = centre(surface);
  return extent > 0 ? centred.scale(size / extent) : centred;
}

/** The surface placed as asked: as it is, centred, or centred and fitted. */
export function placeSurface(surface: Surface, placement: Placement): Surface {
  if (placement.fit !== undefined) return fitToUnit(surface, placement.fit);
  return placement.center ? centre(surface) : surface;
}

function centre(surface: Surface): Surface {
  const { min, max } = surface.bounds();
  return surface.translate([-(min[0] + max[0]) / 2, -(min[1] + max[1]) / 2, -(min[2] + max[2]) / 2]);
}
