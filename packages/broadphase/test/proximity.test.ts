import { box, Surface, surfaceDistance } from '@firsttouch/mesh';
import { identityPose } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { proximityPairs, proximityPairsWithin } from '../src/index.js';
import { scene } from './helpers.js';

describe('proximityPairs', () => {
  it('equals the loop over all pairs: gap strictly below the cutoff, pairs in lexicographic order', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { bodies, poses0 } = scene(seed, 25, 0.4, 0, 0);
      for (const cutoff of [0, 0.01, 0.05, 0.2]) {
        const r = proximityPairs(bodies, poses0, cutoff);
        const pairs: [number, number][] = [];
        const gaps: number[] = [];
        for (let i = 0; i < bodies.length; i++) {
          for (let j = i + 1; j < bodies.length; j++) {
            const d = surfaceDistance(bodies[i], bodies[j], { poseA: poses0[i], poseB: poses0[j] }).distance;
            if (d < cutoff) {
              pairs.push([i, j]);
              gaps.push(d);
            }
          }
        }
        expect(r.pairs).toEqual(pairs);
        expect(Array.from(r.distances)).toEqual(gaps);
      }
    }
  });
});

describe('proximityPairsWithin', () => {
  it('pairs the connected components of one surface', () => {
    const parts = [
      box(1),
      box(1).translate([1.5, 0, 0]),
      box(1).translate([0, 4, 0]),
      box(0.5).translate([3, 0, 0]),
    ];
    const soup = Surface.fromTriangles(
      parts.flatMap((p) => Array.from({ length: p.facetCount }, (_, f) => Array.from(p.facet(f)))).flat(),
    );
    expect(Array.from(new Set(soup.components()))).toEqual([0, 1, 2, 3]);
    const r = proximityPairsWithin(soup, 1);
    expect(r.pairs).toEqual([
      [0, 1],
      [1, 3],
    ]);
    expect(Array.from(r.distances)).toEqual([0.5, 0.75]);
    const id = identityPose();
    expect(proximityPairs([parts[0], parts[2]], [id, id], 3).pairs).toEqual([]);
    expect(proximityPairs([parts[0], parts[2]], [id, id], 3.5).pairs).toEqual([[0, 1]]);
  });
});
