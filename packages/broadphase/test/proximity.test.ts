import { box, Surface, surfaceDistance } from '@firsttouch/mesh';
import { identityPose } from '@firsttouch/pose';
import { describe, expect, it, vi } from 'vitest';
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

  it("builds each component on its own vertices, not on all the surface's", () => {
    // Adversarial testing: each part was built on all the surface's positions, so n components held
    // n copies of them (4 000 pebbles in one surface: 3 GB and 5.6 s).
    const n = 300;
    const pebble = box(0.04);
    const positions: number[] = [];
    const indices: number[] = [];
    for (let k = 0; k < n; k++) {
      const base = positions.length / 3;
      for (let v = 0; v < pebble.vertexCount; v++)
        for (let a = 0; a < 3; a++) positions.push(pebble.positions[3 * v + a] + (a === 0 ? 0.05 * k : 0));
      for (const i of pebble.indices) indices.push(i + base);
    }
    const row = Surface.fromIndexed(positions, indices);
    const built = vi.spyOn(Surface, 'fromIndexed');
    try {
      const r = proximityPairsWithin(row, 0.02);
      // neighbours 0.01 apart, each pair once, in order
      expect(r.pairs).toEqual(Array.from({ length: n - 1 }, (_, k) => [k, k + 1]));
      for (const d of r.distances) expect(d).toBeCloseTo(0.01, 12);
      const read = built.mock.calls.reduce((sum, call) => sum + (call[0] as ArrayLike<number>).length, 0);
      expect(built.mock.calls.length).toBe(n);
      expect(read).toBe(row.positions.length);
    } finally {
      built.mockRestore();
    }
  });
});
