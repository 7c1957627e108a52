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
 *   is past float64's range (a tiny body fitted to a huge size); `INVALID_OPTION` when `size` is
 *   below {@link LEAST_FIT} (the body's features would fall below float64's normal numbers).
 * @example
 * ```ts
 * import { fitToUnit } from '@firsttouch/cli';
 * import { box } from '@firsttouch/mesh';
 * const b = fitToUnit(box([4, 2, 1]).translate([10, 0, 0]), 2).bounds();
 * console.log(Array.from(b.min), Array.from(b.max)); // [-1, -0.5, -0.25] [1, 0.5, 0.25]
 * ```
 */
export function fitToUnit(surface: Surface, size = 1): Surface {
  // Below it the fitted body's coordinates, at most size / 2, leave its features 2^-53 of that
  // size among the subnormal numbers, which carry fewer bits: at 5e-324 a cube became a point.
  if (size < LEAST_FIT)
    throw new FirstTouchError(
      'INVALID_OPTION',
      `fit ${size} underflows: below ${LEAST_FIT} (2^-968) a fitted body's features fall below float64's normal numbers and lose their shape`,
    );
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

/**
 * The smallest size {@link fitToUnit} fits a body to, 2^-968 (about 4e-292): a body fitted to it keeps
 * every feature 2^-53 of its size or larger among float64's normal numbers.
 *
 * @example
 * ```ts
 * import { LEAST_FIT } from '@firsttouch/cli';
 * console.log(LEAST_FIT === 2 ** -968); // true
 * ```
 */
export const LEAST_FIT = 2 ** -968;

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
