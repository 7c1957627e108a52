import type { BoundingTree } from './build.js';

/**
 * The smallest element (facet or segment) index under each node of a tree, built on first use (one
 * pass, 4 bytes a node) and kept as long as the tree. Once two surfaces are known to cross, the
 * reported pair is the first crossing one in (facetA, facetB) order: a node pair whose first facets
 * come after the best pair's cannot hold a better one, whatever its bound.
 *
 * @example
 * ```ts
 * import { box, firstElementsOf } from '@firsttouch/mesh';
 * const tree = box(1).tree();
 * const first = firstElementsOf(tree);
 * console.log(first[0], first.length === tree.nodeCount); // 0 true
 * ```
 */
export function firstElementsOf(tree: BoundingTree): Uint32Array {
  let first = tree.kept.firstElements;
  if (first === undefined) {
    first = buildFirstElements(tree);
    tree.kept.firstElements = first;
  }
  return first;
}

declare module './build.js' {
  interface TreeKept {
    /** The smallest element under each node ({@link firstElementsOf}). */
    firstElements?: Uint32Array;
  }
}

function buildFirstElements(tree: BoundingTree): Uint32Array {
  const { nodeCount, child, count, order } = tree;
  const first = new Uint32Array(nodeCount);
  // Depth-first numbering: both children of a node come after it, so one backward pass sees them first.
  for (let i = nodeCount - 1; i >= 0; i--) {
    const c = child[i];
    if (count[i] > 0) {
      let m = order[c];
      for (let k = c + 1; k < c + count[i]; k++) if (order[k] < m) m = order[k];
      first[i] = m;
    } else {
      const l = first[i + 1];
      const r = first[c];
      first[i] = l < r ? l : r;
    }
  }
  return first;
}
