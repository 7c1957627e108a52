// The separating-axis gaps that the searches take before the exact facet-pair routine: each must
// stay a lower bound of the gap (so that a pair left out is farther than it), and two facets that
// meet must show no gap beyond rounding (the crossing search leaves a pair out on a gap above its
// margin). Held to the oracle (exact contact in BigInts, the gap from closest points of its own).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TriangleWork, triangleEdgeGapWith, triangleGapBoundWith } from '../src/internal.js';
import { arbCoord, rng } from './helpers.js';
import { disjointTriangles3 } from './oracle/distance3.js';
import { trianglesIntersectExact } from './oracle/exact.js';

const work = new TriangleWork();
const out = new Float64Array(6);

/** The largest coordinate magnitude of the pair (the scale of its rounding). */
function scaleOf(T: Float64Array): number {
  let m = 0;
  for (const x of T) m = Math.max(m, Math.abs(x));
  return m;
}

/** Both gaps against the oracle's: below its gap (within rounding), and none where the facets meet. */
function checkGaps(T: Float64Array): boolean {
  const edge = triangleEdgeGapWith(T, 0, 9, Number.POSITIVE_INFINITY, work);
  const three = triangleGapBoundWith(T, 0, 9, Number.POSITIVE_INFINITY, undefined, work);
  const slack = 1e-12 * scaleOf(T);
  const meet = trianglesIntersectExact(T);
  if (meet) {
    expect(edge).toBeLessThanOrEqual(slack);
    expect(three).toBeLessThanOrEqual(slack);
  } else {
    const d = Math.sqrt(disjointTriangles3(T, 0, 9, out));
    expect(edge).toBeLessThanOrEqual(d * (1 + 1e-9) + slack);
    expect(three).toBeLessThanOrEqual(d * (1 + 1e-9) + slack);
  }
  return meet;
}

const arbTriangle = fc.tuple(...Array.from({ length: 9 }, () => arbCoord));

describe('triangleEdgeGapWith', () => {
  it('the documented pair: an edge along x 0.1 under an edge along y, which no face normal separates', () => {
    const T = new Float64Array([-1, 0, 0, 1, 0, 0, 0, 0, -1, 0, -1, 0.1, 0, 1, 0.1, 0, 0, 1.1]);
    expect(triangleEdgeGapWith(T, 0, 9, Number.POSITIVE_INFINITY, work)).toBeCloseTo(0.1, 15);
    // Stops at the first axis past `enough`.
    expect(triangleEdgeGapWith(T, 0, 9, 0.05, work)).toBeGreaterThan(0.05);
    checkGaps(T);
  });

  it('random triangle pairs (grid points, degenerate facets): a lower bound, no gap where they meet', () => {
    fc.assert(
      fc.property(arbTriangle, arbTriangle, (p, q) => {
        checkGaps(Float64Array.from([...p, ...q]));
      }),
      { numRuns: 2000, seed: 33 },
    );
  });

  it('slivers crossing and nearly crossing: a lower bound, and no gap on the pairs that meet', () => {
    // A strip 1 000 long and 1 high, against small triangles placed across it at random turns: many
    // meet, many miss by little. Both counts are checked, so that the property meets both kinds.
    const r = rng(3301);
    let met = 0;
    let missed = 0;
    for (let k = 0; k < 3000; k++) {
      const x = 1000 * r();
      const sliver = r() < 0.5 ? [0, 0, 0, 1000, 0, 0, 1000, 0, 1] : [0, 0, 0, 1000, 0, 1, 0, 0, 1];
      const c = [x, 0.02 * (r() - 0.5), r()];
      const q: number[] = [];
      for (let v = 0; v < 3; v++)
        for (let i = 0; i < 3; i++) q.push(c[i] + (i === 1 ? 0.05 : 0.5) * (2 * r() - 1));
      if (checkGaps(Float64Array.from([...sliver, ...q]))) met++;
      else missed++;
    }
    expect(met).toBeGreaterThan(300);
    expect(missed).toBeGreaterThan(300);
  });
});
