// The phases every command shows on a terminal: reading a body file, building a tree.
import type { Surface } from '@firsttouch/mesh';
import { loadNamed } from './load.js';
import type { Placement } from './placement.js';
import type { Progress } from './progress.js';
import { shownName } from './shown-name.js';

/**
 * Reads a body file (see `loadSurface`) as one phase: `reading a.stl …`, then its facets.
 * `name` is the file as the user named it (a scene's path, relative to the scene), in the phase and
 * in the messages.
 */
export function loadPhase(progress: Progress, path: string, placement: Placement, name = path): Surface {
  return progress.phase(
    `reading ${shownName(name)}`,
    () => loadNamed(path, placement, name),
    (s) => `${s.facetCount} facets`,
  );
}

/**
 * Builds a surface's bounding-volume tree as one phase. The query would build the same tree on its
 * first use (the surface keeps it); built here, the wait has a name. A surface without facets is
 * left to the query, whose message says which body it is.
 */
export function treePhase(progress: Progress, name: string, surface: Surface): void {
  if (surface.facetCount === 0) return;
  progress.phase(
    `building the tree of ${shownName(name)}`,
    (onProgress) => surface.tree({ onProgress: (p) => onProgress({ done: p.done, total: p.total }) }),
    (t) => `${t.nodeCount} nodes`,
  );
}
