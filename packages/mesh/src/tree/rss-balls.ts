import type { Surface } from '../surface.js';
import { rssOf } from './rss.js';
import { rssNode } from './rss-layout.js';

/**
 * The radius of a ball about each node's RSS centre that encloses its RSS (the node's rectangle
 * swept by its radius), computed on first use and kept with the tree: a point c + s a0 + u a1 + w
 * (|s| ≤ l0, |u| ≤ l1, |w| ≤ r) is within |s a0 + u a1| + r of c, largest at a corner of the
 * rectangle: |s a0 + u a1|² ≤ l0² |a0|² + l1² |a1|² + 2 l0 l1 |a0 · a1| for the decoded axes, whatever
 * their lengths and angle; the factor 1 + 2⁻⁴⁰ covers the arithmetic here, and axes turned by a
 * rotation keep their lengths and angle to a few ulps. What the directional step's cone bound reads.
 * Not exported by the package's main entry.
 *
 * @example
 * ```ts
 * import { box, rssOf } from '@firsttouch/mesh';
 * import { rssBalls } from '@firsttouch/mesh/internal';
 * const cube = box([2, 2, 2]);
 * const balls = rssBalls(cube);
 * console.log(balls.length === cube.tree().nodeCount, balls[0] >= Math.sqrt(3), rssBalls(cube) === balls); // true true true
 * ```
 */
export function rssBalls(surface: Surface): Float64Array {
  const tree = surface.tree();
  let balls = tree.kept.rssBalls;
  if (balls === undefined) {
    const rss = rssOf(surface);
    const count = tree.nodeCount;
    balls = new Float64Array(count);
    const v = new Float64Array(12);
    for (let n = 0; n < count; n++) {
      rssNode(rss, n, v);
      const a00 = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
      const a11 = v[3] * v[3] + v[4] * v[4] + v[5] * v[5];
      const a01 = Math.abs(v[0] * v[3] + v[1] * v[4] + v[2] * v[5]);
      const l0 = v[9],
        l1 = v[10];
      balls[n] = Math.sqrt(l0 * l0 * a00 + l1 * l1 * a11 + 2 * l0 * l1 * a01) * (1 + 2 ** -40) + v[11];
    }
    tree.kept.rssBalls = balls;
  }
  return balls;
}

declare module './build.js' {
  interface TreeKept {
    /** The ball radius of each node's RSS ({@link rssBalls}). */
    rssBalls?: Float64Array;
  }
}
