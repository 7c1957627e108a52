import { createRequire } from 'node:module';
import { Surface } from '@firsttouch/mesh';

const require = createRequire(import.meta.url);

/**
 * The npm `bunny` (the Stanford bunny, a real scanned mesh of 3 674 facets) placed as the tutorial
 * places its dragon: centred on its bounding box, its largest extent scaled to 1.
 */
export function loadBunny(): Surface {
  const data = require('bunny') as { positions: number[][]; cells: number[][] };
  return fitToUnit(Surface.fromIndexed(data.positions.flat(), data.cells.flat()));
}

/** Centres a surface on its bounding box and scales its largest extent to `size`. */
export function fitToUnit(s: Surface, size = 1): Surface {
  const b = s.bounds();
  const centred = s.translate([
    -(b.min[0] + b.max[0]) / 2,
    -(b.min[1] + b.max[1]) / 2,
    -(b.min[2] + b.max[2]) / 2,
  ]);
  const extent = Math.max(b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2]);
  return extent > 0 ? centred.scale(size / extent) : centred;
}
