import { surfaceArgument } from '../body-arguments.js';
import type { Surface } from '../surface.js';
import { buildRss } from './rss-build.js';
import type { RssVolumes } from './rss-layout.js';

/**
 * The RSS of a surface's tree, built on first use and kept as long as the tree.
 *
 * @example
 * ```ts
 * import { box, rssOf } from '@firsttouch/mesh';
 * import { RSS_STRIDE } from '@firsttouch/mesh/internal';
 * const s = box([1, 1, 1]);
 * console.log(rssOf(s) === rssOf(s), rssOf(s).data.length / RSS_STRIDE === s.tree().nodeCount); // true true
 * ```
 */
export function rssOf(surface: Surface): RssVolumes {
  surfaceArgument(surface, 'rssOf');
  const tree = surface.tree();
  let v = tree.kept.rss;
  if (v === undefined) {
    v = buildRss(surface.positions, surface.indices, tree);
    tree.kept.rss = v;
  }
  return v;
}

declare module './build.js' {
  interface TreeKept {
    /** The RSS of a surface's tree ({@link rssOf}). */
    rss?: RssVolumes;
  }
}
