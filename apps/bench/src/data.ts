import { box, Surface } from '@firsttouch/mesh';
import bunny from 'bunny';

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
    const positions = normaliseToUnit(bunny.positions.flat());
    bunnyCache = Surface.fromIndexed(positions, bunny.cells.flat());
  }
  return bunnyCache;
}

/** The tutorial's pebble: a cube of side 0.04, each face split 2 × 2, 48 facets. */
export function pebble(): Surface {
  return box(0.04, 2);
}

/** The second bunny of the distance scene: the unit bunny scaled by 0.6 about its centre. */
export function smallBunny(): Surface {
  return unitBunny().scale(0.6);
}
