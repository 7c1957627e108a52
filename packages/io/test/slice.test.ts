import { box, cylinder, icosphere, naca4, naca4Section, Surface } from '@firsttouch/mesh';
import { describe, expect, it } from 'vitest';
import { sliceSurface } from '../src/index.js';
import { chainPoints, codeOf, loopArea2, subset, torus } from './helpers.js';

type Curve = ReturnType<typeof sliceSurface>;

/** The chains of a curve as lists of [u, v] points, with their closed flags. */
function chains(c: Curve): { points: number[][]; closed: boolean }[] {
  return c.loops.map((l) => ({ points: chainPoints(c.positions, l.start, l.size), closed: l.closed }));
}

function area(c: Curve, k: number): number {
  return loopArea2(c.positions, c.loops[k].start, c.loops[k].size) / 2;
}

/** A closed prism: the counter-clockwise polygon `profile` in (x, y), star-shaped from its first point,
 * extruded along z from 0 to `height`, facing out. */
function prism(profile: number[][], height: number): Surface {
  const n = profile.length;
  const positions = profile
    .flatMap(([x, y]) => [x, y, 0])
    .concat(profile.flatMap(([x, y]) => [x, y, height]));
  const indices: number[] = [];
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    indices.push(i, j, n + j, i, n + j, n + i);
  }
  for (let i = 1; i + 1 < n; i++) indices.push(0, i + 1, i, n, n + i, n + i + 1);
  return Surface.fromIndexed(positions, indices);
}

/** The analytic half-thickness of NACA 00tt at x (chord 1), with the closed trailing edge of mesh.naca4. */
function yt(x: number, t = 0.12): number {
  return 5 * t * (0.2969 * Math.sqrt(x) - 0.126 * x - 0.3516 * x ** 2 + 0.2843 * x ** 3 - 0.1036 * x ** 4);
}

describe('sliceSurface: the NACA 0012 wing at mid-span', () => {
  const n = 64;
  const wing = naca4('0012', 1, 1, n);
  const section = sliceSurface(wing, 2, 0.5);

  it('is one closed, counter-clockwise loop of chord 1 starting at the leading edge', () => {
    expect(section.loops.length).toBe(1);
    expect(section.loops[0].closed).toBe(true);
    const p = chains(section)[0].points;
    const us = p.map(([u]) => u);
    expect(Math.min(...us)).toBe(0);
    expect(Math.max(...us)).toBe(1);
    expect(p[0]).toEqual([0, 0]);
    expect(area(section, 0)).toBeGreaterThan(0);
    // Counter-clockwise from the leading edge runs along the lower side first.
    expect(p[1][1]).toBeLessThan(0);
  });

  it('has the thickness of the analytic 0012 profile within the mesh resolution', () => {
    // The mesh is exact at its stations and straight between them: the tolerance is the largest
    // gap between the profile and a chord between neighbouring stations.
    const { upper } = naca4Section('0012', 1, n);
    let sag = 0;
    for (let i = 0; i + 1 < upper.length; i++) {
      const [x0, y0] = upper[i];
      const [x1, y1] = upper[i + 1];
      for (let s = 1; s < 16; s++) {
        const x = x0 + ((x1 - x0) * s) / 16;
        sag = Math.max(sag, Math.abs(yt(x) - (y0 + ((y1 - y0) * s) / 16)));
      }
    }
    expect(sag).toBeLessThan(2e-3);
    let thickest = 0;
    for (const [u, v] of chains(section)[0].points) {
      expect(Math.abs(Math.abs(v) - yt(u))).toBeLessThanOrEqual(sag + 1e-12);
      thickest = Math.max(thickest, Math.abs(v));
    }
    expect(2 * thickest).toBeCloseTo(0.12, 3);
    // Every station of the section is a vertex of the slice.
    const keys = new Set(chains(section)[0].points.map(([u, v]) => `${u},${v}`));
    for (const [x, y] of upper) expect(keys.has(`${x},${y}`)).toBe(true);
  });
});

describe('sliceSurface: planes through vertices, edges and faces', () => {
  it('a box through a ring of vertices and edges: one loop, each point once', () => {
    const c = sliceSurface(box(2, 2), 2, 0);
    expect(chains(c)).toEqual([
      {
        points: [
          [-1, -1],
          [0, -1],
          [1, -1],
          [1, 0],
          [1, 1],
          [0, 1],
          [-1, 1],
          [-1, 0],
        ],
        closed: true,
      },
    ]);
  });

  it('a box along either face plane, on every axis: the face outline', () => {
    const square = [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ];
    for (const axis of [0, 1, 2] as const) {
      for (const position of [-1, 1]) {
        expect(chains(sliceSurface(box(2), axis, position))).toEqual([{ points: square, closed: true }]);
        const fine = sliceSurface(box(2, 3), axis, position);
        expect(fine.loops.length).toBe(1);
        expect(fine.loops[0].size).toBe(12);
        expect(area(fine, 0)).toBeCloseTo(4, 12);
      }
    }
  });

  it('a step face in the plane, facing up or down: the closed section (both sides of the step)', () => {
    // An L extruded along z; y = 1 holds a step face 1 wide, on top of the wide part or under it.
    const ceiling = prism(
      [
        [0, 0],
        [2, 0],
        [2, 1],
        [1, 1],
        [1, 2],
        [0, 2],
      ],
      1,
    );
    const floor = prism(
      [
        [0, 2],
        [0, 0],
        [1, 0],
        [1, 1],
        [2, 1],
        [2, 2],
      ],
      1,
    );
    for (const s of [ceiling, floor]) {
      const c = sliceSurface(s, 1, 1); // plane coordinates (z, x)
      expect(c.loops.length).toBe(1);
      expect(c.loops[0].closed).toBe(true);
      expect(area(c, 0)).toBeCloseTo(2, 12);
      expect(Array.from(c.bounds().min)).toEqual([0, 0]);
      expect(Array.from(c.bounds().max)).toEqual([1, 2]);
    }
  });

  it('a turned cube at the height of each of its vertices: the limit of nearby sections', () => {
    const cube = box(2).rotate([1, 2, 3], 0.7);
    const heights = new Set<number>();
    for (let i = 2; i < cube.positions.length; i += 3) heights.add(cube.positions[i]);
    const areaAt = (z: number) => {
      const c = sliceSurface(cube, 2, z);
      for (const l of c.loops) expect(l.closed).toBe(true);
      return c.loops.reduce((sum, _, k) => sum + area(c, k), 0);
    };
    for (const z of heights) {
      const at = areaAt(z);
      expect(sliceSurface(cube, 2, z).loops.length).toBeLessThanOrEqual(1);
      expect(Math.abs(at - areaAt(z - 1e-9))).toBeLessThan(1e-6);
      expect(Math.abs(at - areaAt(z + 1e-9))).toBeLessThan(1e-6);
    }
  });

  it('two boxes touching along an edge: two loops meeting at a point, not crossing there', () => {
    const a = box(1).translate([0.5, 0.5, 0]);
    const b = box(1).translate([-0.5, -0.5, 0]);
    const both = Surface.fromIndexed(
      [...a.positions, ...b.positions],
      [...a.indices, ...Array.from(b.indices, (i) => i + a.vertexCount)],
    );
    const c = sliceSurface(both, 2, 0.1);
    expect(c.loops.length).toBe(2);
    expect(c.loops.map((_, k) => area(c, k))).toEqual([1, 1]);
    expect(chains(c)[0].points[0]).toEqual([-1, -1]);
    expect(chains(c)[1].points[0]).toEqual([0, 0]);
  });
});

// Regression (fixed): where four segments met, the pairing went by their angles from +u, so the same
// point set came out as two loops touching or one loop touching itself with the placement (two cubes
// sharing an edge: two loops at (+1, +1), one at (+1, −1)), and a torus cut through a vertex of its
// inner equator was one loop where the section just below the plane is two.
describe('sliceSurface: loops that touch at a point', () => {
  const cube = (x: number, y: number) => box(1).translate([x + 0.5, y + 0.5, 0.5]);
  const merged = (a: Surface, b: Surface) =>
    Surface.fromIndexed(
      [...a.positions, ...b.positions],
      [...a.indices, ...Array.from(b.indices, (i) => i + a.vertexCount)],
    );
  const shuffled = (s: Surface, seed: number) => {
    const facets = Array.from({ length: s.facetCount }, (_, f) => f);
    let x = seed;
    for (let i = facets.length - 1; i > 0; i--) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const j = x % (i + 1);
      [facets[i], facets[j]] = [facets[j], facets[i]];
    }
    return Surface.fromIndexed(
      s.positions,
      facets.flatMap((f) => [s.indices[3 * f + 1], s.indices[3 * f + 2], s.indices[3 * f]]),
    );
  };

  it('two cubes sharing an edge are two loops, however they sit and whatever the facet order', () => {
    for (const [x, y] of [
      [1, 1],
      [1, -1],
      [-1, 1],
      [-1, -1],
    ]) {
      const both = merged(cube(0, 0), cube(x, y));
      for (const s of [both, shuffled(both, 7), shuffled(both, 99)]) {
        const c = sliceSurface(s, 2, 0.5);
        expect(c.loops.length).toBe(2);
        expect(c.loops.map((_, k) => area(c, k))).toEqual([1, 1]);
        expect(c.positions).toEqual(sliceSurface(both, 2, 0.5).positions);
      }
    }
  });

  it('a torus cut through a vertex of its inner equator: the loops of the section just below', () => {
    const t = torus(1, 0.25, 48, 16);
    // x = 0.75 and −0.75 hold a vertex each, where the section touches itself; just below 0.75 the
    // plane runs through the hole (two loops), just below −0.75 it does not (one loop).
    for (const [x, loops] of [
      [0.75, 2],
      [-0.75, 1],
    ]) {
      expect(sliceSurface(t, 0, x - 1e-9).loops.length).toBe(loops);
      expect(sliceSurface(t, 0, x).loops.length).toBe(loops);
      expect(sliceSurface(shuffled(t, 3), 0, x).positions).toEqual(sliceSurface(t, 0, x).positions);
    }
  });
});

describe('sliceSurface: a torus', () => {
  const R = 1;
  const r = 0.25;
  const t = torus(R, r, 48, 16);

  it('through its middle (rings of vertices and edges in the plane): outer loop, then the hole', () => {
    const c = sliceSurface(t, 2, 0);
    expect(c.loops.map((l) => [l.size, l.closed])).toEqual([
      [48, true],
      [48, true],
    ]);
    const [outer, hole] = chains(c);
    expect(outer.points[0][0]).toBeCloseTo(-(R + r), 12);
    expect(hole.points[0][0]).toBeCloseTo(-(R - r), 12);
    for (const [u, v] of outer.points) expect(Math.hypot(u, v)).toBeCloseTo(R + r, 12);
    for (const [u, v] of hole.points) expect(Math.hypot(u, v)).toBeCloseTo(R - r, 12);
    expect(area(c, 0)).toBeGreaterThan(0);
    expect(area(c, 1)).toBeLessThan(0);
  });

  it('off the middle: the same orientation rule', () => {
    const z = 0.1;
    const c = sliceSurface(t, 2, z);
    expect(c.loops.length).toBe(2);
    const d = Math.sqrt(r * r - z * z);
    for (const [u, v] of chains(c)[0].points) expect(Math.abs(Math.hypot(u, v) - (R + d))).toBeLessThan(0.02);
    for (const [u, v] of chains(c)[1].points) expect(Math.abs(Math.hypot(u, v) - (R - d))).toBeLessThan(0.02);
    expect(area(c, 0)).toBeGreaterThan(0);
    expect(area(c, 1)).toBeLessThan(0);
  });

  it('across the tube (axis x, coordinates (y, z)): two outer loops, ordered by start vertex', () => {
    const c = sliceSurface(t, 0, 0);
    expect(c.loops.length).toBe(2);
    expect(chains(c)[0].points[0][0]).toBeCloseTo(-(R + r), 12);
    expect(chains(c)[1].points[0][0]).toBeCloseTo(R - r, 12);
    expect(area(c, 0)).toBeGreaterThan(0);
    expect(area(c, 1)).toBeGreaterThan(0);
  });

  it('touching its top or bottom ring: nothing (the section has no area)', () => {
    expect(sliceSurface(t, 2, r).segmentCount).toBe(0);
    expect(sliceSurface(t, 2, -r).segmentCount).toBe(0);
  });
});

describe('sliceSurface: far from unit size', () => {
  // A power of two scales every coordinate exactly, so the section is the unit one scaled, bit for
  // bit: the loops' direction was decided by products of coordinates, which underflowed below about
  // 1e-162 and overflowed above 1e154 (a box's loop came out clockwise at 1e-170, a torus's at 1e160).
  const bodies: [string, Surface, number][] = [
    ['box', box(2), 0.25],
    ['torus (a hole)', torus(1, 0.25, 48, 16), 0.1],
    ['cylinder', cylinder(1, 2, 33), 0.1],
  ];
  for (const [name, body, at] of bodies) {
    it(`${name}: the unit section scaled by 2^-900, 2^-560, 2^530, 2^1000 (its loops the same way round)`, () => {
      for (const axis of [0, 1, 2] as const) {
        const unit = sliceSurface(body, axis, at);
        for (const e of [-900, -560, 530, 1000]) {
          const k = 2 ** e;
          const c = sliceSurface(body.scale(k, k, k), axis, at * k);
          expect(c.loops).toEqual(unit.loops);
          expect(Array.from(c.positions)).toEqual(Array.from(unit.positions, (x) => x * k));
        }
      }
    });
  }
});

describe('sliceSurface: open surfaces', () => {
  it('a bowl across its rim: one open chain ending at the rim', () => {
    const bowl = subset(icosphere(1, 3), (f) => f[2] + f[5] + f[8] < 1.5);
    const c = sliceSurface(bowl, 0, 0.05);
    expect(c.loops.length).toBe(1);
    expect(c.loops[0].closed).toBe(false);
    const p = chains(c)[0].points;
    const [first, last] = [p[0], p[p.length - 1]];
    expect(first[0] < last[0] || (first[0] === last[0] && first[1] < last[1])).toBe(true);
    expect(first[1]).toBeGreaterThan(0.4);
    expect(last[1]).toBeGreaterThan(0.4);
    expect(Math.min(...p.map(([, v]) => v))).toBeLessThan(-0.9);
  });

  it('a tube: a loop across it; at its upper rim the rim, at its lower rim nothing (rule 1)', () => {
    const tube = subset(cylinder(0.5, 2, 24), (f) => !(f[2] === f[5] && f[5] === f[8]));
    expect(sliceSurface(tube, 2, 0.3).loops.map((l) => l.closed)).toEqual([true]);
    const top = sliceSurface(tube, 2, 1);
    expect(top.loops.map((l) => [l.size, l.closed])).toEqual([[24, true]]);
    expect(sliceSurface(tube, 2, -1).segmentCount).toBe(0);
  });

  it('a flat patch: crossed, an open chain; lying in the plane, its outline when it faces down', () => {
    const up = Surface.fromIndexed([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], [0, 1, 2, 0, 2, 3]);
    const across = sliceSurface(up, 0, 0.25);
    expect(chains(across)).toEqual([
      {
        points: [
          [0, 0],
          [0.25, 0],
          [1, 0],
        ],
        closed: false,
      },
    ]);
    expect(sliceSurface(up, 2, 0).segmentCount).toBe(0);
    const down = Surface.fromIndexed(up.positions, [0, 2, 1, 0, 3, 2]);
    expect(chains(sliceSurface(down, 2, 0))).toEqual([
      {
        points: [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
        closed: true,
      },
    ]);
  });
});

describe('sliceSurface: coordinates, empty sections, arguments', () => {
  it('axis z gives (x, y), axis x gives (y, z), axis y gives (z, x)', () => {
    const b = box([2, 4, 6]);
    const extent = (axis: 0 | 1 | 2) => {
      const c = sliceSurface(b, axis, 0.1);
      return [Array.from(c.bounds().min), Array.from(c.bounds().max)];
    };
    expect(extent(2)).toEqual([
      [-1, -2],
      [1, 2],
    ]);
    expect(extent(0)).toEqual([
      [-2, -3],
      [2, 3],
    ]);
    expect(extent(1)).toEqual([
      [-3, -1],
      [3, 1],
    ]);
  });

  it('a plane that misses the surface, or an empty surface: an empty curve', () => {
    expect(sliceSurface(box(1), 2, 3).segmentCount).toBe(0);
    expect(sliceSurface(box(1), 2, 3).loops.length).toBe(0);
    expect(sliceSurface(Surface.fromTriangles([]), 0, 0).segmentCount).toBe(0);
  });

  it('coordinates near the float64 limit stay finite', () => {
    const big = 1e308;
    const s = Surface.fromTriangles([-big, -big, -big, big, big, big, big, -big, big]);
    const c = sliceSurface(s, 2, 0);
    expect(c.segmentCount).toBe(1);
    for (const x of c.positions) expect(Number.isFinite(x)).toBe(true);
  });

  it('bad arguments', () => {
    expect(codeOf(() => sliceSurface(box(1), 3 as 0, 0))).toBe('INVALID_OPTION');
    expect(codeOf(() => sliceSurface(box(1), 2, Number.NaN))).toBe('NON_FINITE');
    expect(codeOf(() => sliceSurface({} as Surface, 2, 0))).toBe('INVALID_OPTION');
  });
});
