// The bodies of a scene and how the built-in one is normalised. Free of the DOM and of the `bunny`
// package itself, so that the test builds the very same surface in Node from the same raw data.
import type { Shape } from '@firsttouch/convex';
import { Surface } from '@firsttouch/mesh';

/** A body of the scene: a surface or an exact convex shape in its own frame, and the name shown for it. */
export interface Body {
  name: string;
  body: Surface | Shape<3>;
}

/** What the page says of a body beside its name: its facets, or the exact shape it is. */
export function bodySize(body: Surface | Shape<3>): string {
  return Surface.isSurface(body) ? `${body.facetCount} facets` : `exact ${body.kind}`;
}

/**
 * A surface from indexed vertex lists, centred on its bounding box and scaled so that its largest
 * extent is 1: scans come in arbitrary units, and the scene's poses are written for a unit body.
 */
export function unitSurface(
  positions: readonly (readonly number[])[],
  cells: readonly (readonly number[])[],
): Surface {
  const lo = [0, 1, 2].map((a) => Math.min(...positions.map((v) => v[a])));
  const hi = [0, 1, 2].map((a) => Math.max(...positions.map((v) => v[a])));
  const size = Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  const flat = positions.flatMap((v) => [0, 1, 2].map((a) => (v[a] - 0.5 * (lo[a] + hi[a])) / size));
  return Surface.fromIndexed(flat, cells.flat());
}
