import { ball, capsule, convexHull, shapeDistance } from '@firsttouch/convex';
import { box, compound, icosphere, Surface, surfaceDistance } from '@firsttouch/mesh';
import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
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

describe('proximityPairs with shapes and compounds', () => {
  // A fresh GJK pair stopped above the cutoff at its first support once reported its first search
  // direction (B's offset) as the gap: a shape whose points lie far from its origin, beside a ball
  // whose origin is near that origin, came out touching.
  it('leaves out a hull 9.5 from a ball whose origin is 0.5 from its own, and a compound of such hulls', () => {
    const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
    const tetra = convexHull([-10, 0, 0, -11, 0, 0, -10, 1, 0, -10, 0, 1]);
    for (const cutoff of [1, 9, 1e-3]) {
      const r = proximityPairs([tetra, ball(1)], [identityPose(), at(0.5)], cutoff);
      expect(r.pairs).toEqual([]);
    }
    expect(Array.from(proximityPairs([tetra, ball(1)], [identityPose(), at(0.5)], 10).distances)).toEqual([
      shapeDistance(tetra, ball(1), { poseB: at(0.5) }).distance,
    ]);
    const near = convexHull([-10, -20, 0, -10, 20, 0, -30, 0, 0, -10, 0, 1]);
    const farther = convexHull([20, -20, 0, 20, 20, 0, 40, 0, 0, 20, 0, 1]);
    const c = compound([
      { body: near, pose: identityPose() },
      { body: farther, pose: identityPose() },
    ]);
    expect(proximityPairs([c, ball(1)], [identityPose(), at(0.5)], 1).pairs).toEqual([]);
  });

  it('measures a capsule inside a closed icosphere by its gap at every cutoff', () => {
    const sphere = icosphere(0.015606732064392418, 1);
    const cap = capsule(0.006919681115308776, 0.004697189512867481);
    const pa = {
      R: [
        0.22575356450855588, 0.8308525561630957, 0.5086446284282684, 0.5189806640545447, 0.33929265632081274,
        -0.7845632948999532, -0.8244358061421067, 0.44109468743572156, -0.3545998847529394,
      ],
      t: [0, 0, 0],
    };
    const pb = {
      R: [
        -0.2927947302121596, 0.15181452302499315, -0.944046395342243, -0.1800547438535991,
        -0.9784062520925275, -0.10149628112432744, -0.9390695049759649, 0.14026245564992618,
        0.31380711967584296,
      ],
      t: [0.0023437487543560565, -0.0008833938118186779, -0.0018987859639310045],
    };
    const gap = proximityPairs([sphere, cap], [pa, pb], 0.01).distances[0];
    expect(gap).toBeGreaterThan(0.0014);
    for (const cutoff of [0.003, 0.0015, 0.001, 1e-4, 1e-6]) {
      const r = proximityPairs([sphere, cap], [pa, pb], cutoff);
      if (gap < cutoff) expect(Array.from(r.distances)).toEqual([gap]);
      else expect(r.pairs).toEqual([]);
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
