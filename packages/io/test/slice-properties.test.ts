import { box, icosphere, Surface } from '@firsttouch/mesh';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sliceSurface } from '../src/index.js';
import { chainPoints, loopArea2, rng, torus } from './helpers.js';

// Closed surfaces with many vertices, edges and facets on the coordinate planes they are cut by.
const twoBoxes = (() => {
  const a = box(1).translate([0.5, 0.5, 0]);
  const b = box(1).translate([-0.5, -0.5, 0]);
  return Surface.fromIndexed(
    [...a.positions, ...b.positions],
    [...a.indices, ...Array.from(b.indices, (i) => i + a.vertexCount)],
  );
})();
const CLOSED: Surface[] = [
  box(2),
  box(2, 3),
  box([1, 2, 3], 2),
  torus(1, 0.3, 12, 8),
  icosphere(1, 2),
  twoBoxes,
];

/** A surface turned by a random rotation (or not), and a plane: random, or through a vertex. */
const scene = fc.record({
  shape: fc.integer({ min: 0, max: CLOSED.length - 1 }),
  turn: fc.oneof(
    fc.constant(null),
    fc.tuple(
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: 0.1, max: 3, noNaN: true }),
    ),
  ),
  axis: fc.constantFrom(0 as const, 1 as const, 2 as const),
  plane: fc.oneof(
    fc.double({ min: -2, max: 2, noNaN: true }).map((at) => ({ at })),
    fc.nat().map((vertex) => ({ vertex })),
  ),
});

interface Scene {
  shape: number;
  turn: [number, number, number] | null;
  axis: 0 | 1 | 2;
  plane: { at: number } | { vertex: number };
}

function build(s: Scene) {
  let surface = CLOSED[s.shape];
  if (s.turn) surface = surface.rotate([s.turn[0], s.turn[1], 1], s.turn[2]);
  const position =
    'vertex' in s.plane ? surface.positions[3 * (s.plane.vertex % surface.vertexCount) + s.axis] : s.plane.at;
  return { surface, position };
}

/** Segments of a curve as sorted keys of their exact endpoints. */
function segmentKeys(c: ReturnType<typeof sliceSurface>): string[] {
  const keys: string[] = [];
  for (let i = 0; i < c.segmentCount; i++) {
    const [a, b, p, q] = c.segment(i);
    const k1 = `${a},${b}`;
    const k2 = `${p},${q}`;
    keys.push(k1 < k2 ? `${k1};${k2}` : `${k2};${k1}`);
  }
  return keys;
}

function lexLess(a: number[], b: number[]): boolean {
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}

/** Even-odd containment of a point in a polygon, written here for the test. */
function inside(points: number[][], q: number[]): boolean {
  let c = false;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i];
    const [x2, y2] = points[(i + 1) % points.length];
    if (y1 > q[1] !== y2 > q[1] && q[0] < x1 + ((q[1] - y1) / (y2 - y1)) * (x2 - x1)) c = !c;
  }
  return c;
}

describe('sliceSurface properties on closed surfaces, planes through vertices, edges and faces', () => {
  it('closed loops only, no segment twice, every point of even degree, canonical form', {
    timeout: 30_000,
  }, () => {
    fc.assert(
      fc.property(scene, (s) => {
        const { surface, position } = build(s);
        const c = sliceSurface(surface, s.axis, position);
        const keys = segmentKeys(c);
        expect(new Set(keys).size).toBe(keys.length);
        const degree = new Map<string, number>();
        for (const k of keys) for (const p of k.split(';')) degree.set(p, (degree.get(p) ?? 0) + 1);
        for (const d of degree.values()) expect(d % 2).toBe(0);
        const loops = c.loops.map((l) => chainPoints(c.positions, l.start, l.size));
        c.loops.forEach((l, k) => {
          expect(l.closed).toBe(true);
          expect(l.size).toBeGreaterThanOrEqual(3);
          const pts = loops[k];
          for (const p of pts) expect(lexLess(p, pts[0])).toBe(false);
          // Orientation: counter-clockwise unless inside an odd number of the other loops, tested at
          // the middle of the loop's longest segment.
          let longest = 0;
          let best = -1;
          for (let i = 0; i < pts.length; i++) {
            const j = (i + 1) % pts.length;
            const len = Math.hypot(pts[j][0] - pts[i][0], pts[j][1] - pts[i][1]);
            if (len > best) {
              best = len;
              longest = i;
            }
          }
          const q = [0, 1].map((a) => (pts[longest][a] + pts[(longest + 1) % pts.length][a]) / 2);
          const depth = loops.filter((other, m) => m !== k && inside(other, q)).length;
          const a2 = loopArea2(c.positions, l.start, l.size);
          if (Math.abs(a2) > 1e-12) expect(a2 > 0).toBe(depth % 2 === 0);
          if (k > 0) expect(lexLess(loops[k][0], loops[k - 1][0])).toBe(false);
        });
      }),
      { numRuns: 600 },
    );
  });

  it('the same surface with its facets shuffled and their vertices rotated gives the same curve', {
    timeout: 30_000,
  }, () => {
    fc.assert(
      fc.property(scene, fc.integer(), (s, seed) => {
        const { surface, position } = build(s);
        const random = rng(seed);
        const order = Array.from({ length: surface.facetCount }, (_, i) => i).sort(() => random() - 0.5);
        const indices: number[] = [];
        for (const f of order) {
          const r = Math.floor(random() * 3);
          for (let k = 0; k < 3; k++) indices.push(surface.indices[3 * f + ((k + r) % 3)]);
        }
        const shuffled = Surface.fromIndexed(surface.positions, indices);
        const a = sliceSurface(surface, s.axis, position);
        const b = sliceSurface(shuffled, s.axis, position);
        expect(Array.from(b.positions)).toEqual(Array.from(a.positions));
        expect(b.loops).toEqual(a.loops);
      }),
      { numRuns: 300 },
    );
  });

  it('a generic plane gives exactly the pieces of a facet-by-facet oracle', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(scene, (s) => {
        const { surface, position } = build(s);
        const P = surface.positions;
        // Generic: no vertex on the plane or within rounding of it.
        for (let i = s.axis; i < P.length; i += 3) fc.pre(Math.abs(P[i] - position) > 1e-9);
        const iu = (s.axis + 1) % 3;
        const iv = (s.axis + 2) % 3;
        // The oracle: for each facet, the points where its edges change side, by the textbook formula.
        const oracle: number[][] = [];
        for (let f = 0; f < surface.facetCount; f++) {
          const x = surface.facet(f);
          const pts: number[][] = [];
          for (let e = 0; e < 3; e++) {
            const a = 3 * e;
            const b = 3 * ((e + 1) % 3);
            const da = x[a + s.axis] - position;
            const db = x[b + s.axis] - position;
            if (da < 0 !== db < 0) {
              const t = da / (da - db);
              pts.push([x[a + iu] + t * (x[b + iu] - x[a + iu]), x[a + iv] + t * (x[b + iv] - x[a + iv])]);
            }
          }
          if (pts.length === 2) oracle.push([...pts[0], ...pts[1]]);
        }
        const c = sliceSurface(surface, s.axis, position);
        const close = (p: number[], q: number[]) => Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) < 1e-9;
        const left = oracle.filter((o) => Math.hypot(o[2] - o[0], o[3] - o[1]) > 0);
        expect(c.segmentCount).toBe(left.length);
        for (let i = 0; i < c.segmentCount; i++) {
          const [a, b, p, q] = c.segment(i);
          const k = left.findIndex(
            (o) =>
              (close([a, b], [o[0], o[1]]) && close([p, q], [o[2], o[3]])) ||
              (close([a, b], [o[2], o[3]]) && close([p, q], [o[0], o[1]])),
          );
          expect(k).toBeGreaterThanOrEqual(0);
          left.splice(k, 1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
