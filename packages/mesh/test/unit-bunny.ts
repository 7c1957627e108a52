// The npm `bunny` (a real scanned mesh, 3 674 facets) as the tests use it.

import bunnyData from 'bunny';
import { Surface } from '../src/index.js';

/** The bunny, centred on its box and scaled to a unit diagonal. */
export function unitBunny(): Surface {
  const p = bunnyData.positions;
  const lo = [0, 1, 2].map((k) => Math.min(...p.map((v) => v[k])));
  const hi = [0, 1, 2].map((k) => Math.max(...p.map((v) => v[k])));
  const c = lo.map((x, k) => (x + hi[k]) / 2);
  const diag = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  return Surface.fromIndexed(
    p.flatMap((v) => v.map((x, k) => (x - c[k]) / diag)),
    bunnyData.cells.flat(),
  );
}
