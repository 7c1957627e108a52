import { createRequire } from 'node:module';
import { fitToUnit } from '@firsttouch/cli';
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
