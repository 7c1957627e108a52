import type { Surface } from '@firsttouch/mesh';
import { FirstTouchError } from '@firsttouch/pose';

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
 * @throws `FirstTouchError` `NON_FINITE` when the factor that takes the largest extent to `size`
 *   is past float64's range (a tiny body fitted to a huge size).
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
  // Half extents (max / 2 − min / 2): a body spanning ±1.5e308 has an extent past float64, which
  // scaled it by 0, to a point.
  const half = Math.max(
    b.max[0] / 2 - b.min[0] / 2,
    b.max[1] / 2 - b.min[1] / 2,
    b.max[2] / 2 - b.min[2] / 2,
  );
  const centred = centre(surface);
  if (!(half > 0)) return centred;
  const factor = size / 2 / half;
  // A body far smaller than the size asked (1e-10 fitted to 1e308) needs a factor past float64's
  // range: mesh's own refusal, `scale(sx) must be a finite number`, named no fit.
  if (!Number.isFinite(factor))
    throw new FirstTouchError(
      'NON_FINITE',
      `fit ${size} overflows: scaling the largest extent, ${2 * half}, to it takes a factor past float64's range`,
    );
  return centred.scale(factor);
}

/** The surface placed as asked: as it is, centred, or centred and fitted. */
export function placeSurface(surface: Surface, placement: Placement): Surface {
  if (placement.fit !== undefined) return fitToUnit(surface, placement.fit);
  return placement.center ? centre(surface) : surface;
}

function centre(surface: Surface): Surface {
  const { min, max } = surface.bounds();
  // The middle as min / 2 + max / 2: their sum overflows for a body near float64's end.
  return surface.translate([
    -(min[0] / 2 + max[0] / 2),
    -(min[1] / 2 + max[1] / 2),
    -(min[2] / 2 + max[2] / 2),
  ]);
}
