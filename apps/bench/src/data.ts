import { box, Surface } from '@firsttouch/mesh';
import { bunnyData } from './bunny-data.js';

/**
 * Vertices centred on their bounding box and scaled by 1 / (box diagonal): every scene sees bodies
 * of unit size, so gaps and tolerances read the same whatever the source units.
 */
export function normaliseToUnit(positions: ArrayLike<number>): Float64Array {
  const lo = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const hi = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (let i = 0; i < positions.length; i++) {
    lo[i % 3] = Math.min(lo[i % 3], positions[i]);
    hi[i % 3] = Math.max(hi[i % 3], positions[i]);
  }
  const centre = lo.map((l, k) => 0.5 * (l + hi[k]));
  const diagonal = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  const out = new Float64Array(positions.length);
  for (let i = 0; i < positions.length; i++) out[i] = (positions[i] - centre[i % 3]) / diagonal;
  return out;
}

let bunnyCache: Surface | undefined;

/** The npm bunny (3 674 facets), normalised to unit diagonal about its box centre. Built once. */
export function unitBunny(): Surface {
  if (!bunnyCache) {
    const bunny = bunnyData();
    const positions = normaliseToUnit(bunny.positions.flat());
    bunnyCache = Surface.fromIndexed(positions, bunny.cells.flat());
  }
  return bunnyCache;
}

let demoBunnyCache: Surface | undefined;

/**
 * The bunny as the demo (and the tutorial, with its dragon) places it for the time-of-impact runs:
 * centred on its bounding box, its LARGEST EXTENT scaled to 1 (box 1 × 0.975 × 0.761, diagonal
 * 1.59). The distance scenes keep {@link unitBunny} (unit diagonal), as they were measured.
 */
export function demoBunny(): Surface {
  if (!demoBunnyCache) {
    const bunny = bunnyData();
    const raw = Surface.fromIndexed(bunny.positions.flat(), bunny.cells.flat());
    const b = raw.bounds();
    const extent = Math.max(b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2]);
    demoBunnyCache = raw
      .translate([-(b.min[0] + b.max[0]) / 2, -(b.min[1] + b.max[1]) / 2, -(b.min[2] + b.max[2]) / 2])
      .scale(1 / extent);
  }
  return demoBunnyCache;
}

/** The tutorial's pebble: a cube of side 0.04, each face split 2 × 2, 48 facets. */
export function pebble(): Surface {
  return box(0.04, 2);
}

/** The second bunny of the distance scene: the unit bunny scaled by 0.6 about its centre. */
export function smallBunny(): Surface {
  return unitBunny().scale(0.6);
}
