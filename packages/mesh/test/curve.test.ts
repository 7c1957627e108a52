// Curve as a value: chains and their segment numbering, bounds, the immutable transforms,
// components, the bounding tree's documented layout, and the 2-D shapes.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Curve, disc, rectangle } from '../src/index.js';
import { arbCurve, checkTree, segmentsOf } from './helpers.js';

describe('construction', () => {
  it('fromLoops: segment k joins vertex k to k + 1, the last one closes the loop', () => {
    const c = Curve.fromLoops([0, 1, 1, 0, 5, 6, 5], [0, 0, 1, 1, 5, 5, 6], [4, 3]);
    expect(c.segmentCount).toBe(7);
    expect(c.segment(0)).toEqual([0, 0, 1, 0]);
    expect(c.segment(3)).toEqual([0, 1, 0, 0]);
    expect(c.segment(4)).toEqual([5, 5, 6, 5]);
    expect(c.segment(6)).toEqual([5, 6, 5, 5]);
    expect(c.loops).toEqual([
      { start: 0, size: 4, closed: true, firstSegment: 0 },
      { start: 4, size: 3, closed: true, firstSegment: 4 },
    ]);
  });

  it('fromChains numbers segments chain by chain; fromPolyline is one open chain', () => {
    fc.assert(
      fc.property(arbCurve(4, 6), ({ u, v, sizes, closed }) => {
        const c = Curve.fromChains(u, v, sizes, closed);
        const expected: number[][] = [];
        let start = 0;
        sizes.forEach((n, i) => {
          const segs = closed[i] ? n : n - 1;
          for (let s = 0; s < segs; s++) {
            const a = start + s;
            const b = start + ((s + 1) % n);
            expected.push([u[a], v[a], u[b], v[b]]);
          }
          start += n;
        });
        expect(c.segmentCount).toBe(expected.length);
        for (let s = 0; s < expected.length; s++) expect(c.segment(s)).toEqual(expected[s]);
        expect(c.loops.map((l) => l.size)).toEqual(sizes);
        expect(c.loops.map((l) => l.closed)).toEqual(closed);
      }),
    );
    const p = Curve.fromPolyline([0, 1, 2], [0, 1, 0]);
    expect(p.segmentCount).toBe(2);
    expect(p.segment(1)).toEqual([1, 1, 2, 0]);
    expect(p.loops[0].closed).toBe(false);
  });

  it('a loop of one vertex is one zero-length segment (valid)', () => {
    const c = Curve.fromLoops([0.5], [0.25], [1]);
    expect(c.segmentCount).toBe(1);
    expect(c.segment(0)).toEqual([0.5, 0.25, 0.5, 0.25]);
  });

  it('copies its input; bounds, vertices', () => {
    const u = Float64Array.from([0, 2, 1]);
    const v = Float64Array.from([-1, 0, 3]);
    const c = Curve.fromLoops(u, v, [3]);
    u[0] = 99;
    expect(c.segment(0)[0]).toBe(0);
    const b = c.bounds();
    expect(Array.from(b.min)).toEqual([0, -1]);
    expect(Array.from(b.max)).toEqual([2, 3]);
    expect(b.diagonal).toBeCloseTo(Math.sqrt(20), 15);
    expect(Array.from(c.vertices())).toEqual([0, -1, 2, 0, 1, 3]);
  });
});

describe('transforms return new curves and leave the original unchanged', () => {
  it('translate, rotate, scale', () => {
    fc.assert(
      fc.property(
        arbCurve(3, 5),
        fc.tuple(fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true })),
        fc.double({ min: -4, max: 4, noNaN: true }),
        ({ u, v, sizes, closed }, d, angle) => {
          const c = Curve.fromChains(u, v, sizes, closed);
          const before = Array.from(segmentsOf(c));
          const moved = c.translate(d);
          const turned = c.rotate(angle);
          const scaled = c.scale(2, -0.5);
          for (const other of [moved, turned, scaled]) {
            expect(other).not.toBe(c);
            expect(other.segmentCount).toBe(c.segmentCount);
            expect(other.loops).toEqual(c.loops);
          }
          expect(Array.from(segmentsOf(c))).toEqual(before);
          const cs = Math.cos(angle);
          const sn = Math.sin(angle);
          for (let s = 0; s < c.segmentCount; s++) {
            const [a, b, e, f] = c.segment(s);
            expect(moved.segment(s)).toEqual([a + d[0], b + d[1], e + d[0], f + d[1]]);
            expect(scaled.segment(s)).toEqual([2 * a, -0.5 * b, 2 * e, -0.5 * f]);
            const r = turned.segment(s);
            const expected = [cs * a - sn * b, sn * a + cs * b, cs * e - sn * f, sn * e + cs * f];
            for (let k = 0; k < 4; k++) expect(Math.abs(r[k] - expected[k])).toBeLessThanOrEqual(1e-15);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('components and tree', () => {
  it('segments sharing a vertex (bit-identical) are connected', () => {
    const c = Curve.fromChains(
      [0, 1, 5, 6, 1, 2, 9],
      [0, 0, 0, 0, 0, 0, 9],
      [2, 2, 2, 1],
      [false, false, false, true],
    );
    // chain 2 starts at (1, 0): the end of chain 0
    expect(Array.from(c.components())).toEqual([0, 1, 0, 2]);
    expect(new Set(disc(1, 16).components()).size).toBe(1);
  });

  it('tree layout: every segment once, boxes contain their segments, left child = node + 1', () => {
    const corners = (c: Curve) => (e: number) => {
      const [a, b, d, f] = c.segment(e);
      return [
        [a, b],
        [d, f],
      ];
    };
    for (const c of [disc(1, 200), rectangle(2, 1)]) {
      const t = c.tree();
      expect(t.dim).toBe(2);
      expect(c.tree()).toBe(t);
      checkTree(t, c.segmentCount, corners(c));
    }
    fc.assert(
      fc.property(arbCurve(5, 12), ({ u, v, sizes, closed }) => {
        const c = Curve.fromChains(u, v, sizes, closed);
        checkTree(c.tree(), c.segmentCount, corners(c));
      }),
      { numRuns: 100 },
    );
  });
});

describe('shapes', () => {
  it('disc: a regular polygon on the circle, counter-clockwise', () => {
    const c = disc(0.5, 12);
    expect(c.segmentCount).toBe(12);
    let area = 0;
    for (let s = 0; s < 12; s++) {
      const [a, b, d, f] = c.segment(s);
      expect(Math.hypot(a, b)).toBeCloseTo(0.5, 15);
      area += (a * f - d * b) / 2;
    }
    expect(area).toBeCloseTo(0.5 * 12 * 0.25 * Math.sin((2 * Math.PI) / 12), 14);
    expect(c.segment(0)[0]).toBe(0.5);
  });

  it('rectangle: centred, counter-clockwise from the lower-left corner', () => {
    const c = rectangle(2, 1);
    expect(c.segmentCount).toBe(4);
    expect(c.segment(0)).toEqual([-1, -0.5, 1, -0.5]);
    expect(c.segment(1)).toEqual([1, -0.5, 1, 0.5]);
    expect(c.segment(2)).toEqual([1, 0.5, -1, 0.5]);
    expect(c.segment(3)).toEqual([-1, 0.5, -1, -0.5]);
  });
});
