// The primitives' support mappings against their support functions in closed form (h(d) = max over
// the shape of d·x, written out here), the points they return inside their shapes (the closed-form
// distances of test/oracle), their boxes and reaches; immutability and the type guards.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ball,
  ball2,
  capsule,
  capsule2,
  cone,
  cuboid,
  cuboid2,
  cylinder,
  isShape2,
  isShape3,
  rounded,
  Shape,
} from '../src/index.js';
import { pointBox, pointCone, pointCylinder, pointSegment } from './oracle/geometry.js';

type Case = {
  shape: Shape;
  /** max over the shape of d·x, in closed form. */
  h: (d: number[]) => number;
  /** Distance from a body point to the shape. */
  dist: (p: number[]) => number;
  reach: number;
};

const len = (d: number[]) => Math.hypot(d[0], d[1], d[2]);

const cases: Record<string, Case> = {
  ball: { shape: ball(0.7), h: (d) => 0.7 * len(d), dist: (p) => Math.max(0, len(p) - 0.7), reach: 0.7 },
  cuboid: {
    shape: cuboid(0.5, 1.5, 2),
    h: (d) => 0.5 * Math.abs(d[0]) + 1.5 * Math.abs(d[1]) + 2 * Math.abs(d[2]),
    dist: (p) => pointBox(p, [0.5, 1.5, 2]),
    reach: Math.hypot(0.5, 1.5, 2),
  },
  capsule: {
    shape: capsule(1.2, 0.4),
    h: (d) => 1.2 * Math.abs(d[1]) + 0.4 * len(d),
    dist: (p) => Math.max(0, pointSegment(p, [0, -1.2, 0], [0, 1.2, 0]) - 0.4),
    reach: 1.6,
  },
  cylinder: {
    shape: cylinder(0.8, 0.3),
    h: (d) => 0.8 * Math.abs(d[1]) + 0.3 * Math.hypot(d[0], d[2]),
    dist: (p) => pointCylinder(p, 0.8, 0.3),
    reach: Math.hypot(0.8, 0.3),
  },
  cone: {
    shape: cone(0.9, 0.6),
    h: (d) => Math.max(0.9 * d[1], 0.6 * Math.hypot(d[0], d[2]) - 0.9 * d[1]),
    dist: (p) => pointCone(p, 0.9, 0.6),
    reach: Math.hypot(0.9, 0.6),
  },
  'rounded cuboid': {
    shape: rounded(cuboid(0.5, 0.25, 1), 0.125),
    h: (d) => 0.5 * Math.abs(d[0]) + 0.25 * Math.abs(d[1]) + Math.abs(d[2]) + 0.125 * len(d),
    dist: (p) => Math.max(0, pointBox(p, [0.5, 0.25, 1]) - 0.125),
    reach: Math.hypot(0.5, 0.25, 1) + 0.125,
  },
  'rounded cone': {
    shape: rounded(cone(1, 0.5), 0.25),
    h: (d) => Math.max(d[1], 0.5 * Math.hypot(d[0], d[2]) - d[1]) + 0.25 * len(d),
    dist: (p) => Math.max(0, pointCone(p, 1, 0.5) - 0.25),
    reach: Math.hypot(1, 0.5) + 0.25,
  },
  'twice rounded capsule': {
    shape: rounded(rounded(capsule(1, 0.25), 0.125), 0.125),
    h: (d) => Math.abs(d[1]) + 0.5 * len(d),
    dist: (p) => Math.max(0, pointSegment(p, [0, -1, 0], [0, 1, 0]) - 0.5),
    reach: 1.5,
  },
};

/** The shape's own farthest point along d: the core's plus the margin along d̂. */
function farthest(shape: Shape, d: number[]): number[] {
  const out = new Float64Array(3);
  shape.support(Float64Array.from(d), out);
  const n = len(d);
  return [0, 1, 2].map((i) => out[i] + (shape.margin * d[i]) / n);
}

const direction = fc
  .tuple(
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
  )
  .filter((d) => len(d) > 1e-6);

describe('3-D primitives: support mappings', () => {
  for (const [name, c] of Object.entries(cases)) {
    it(`${name}: the support point is on the shape and reaches h(d) in closed form`, () => {
      fc.assert(
        fc.property(direction, (d) => {
          const p = farthest(c.shape, d);
          expect(c.dist(p)).toBeLessThan(1e-12);
          const value = p[0] * d[0] + p[1] * d[1] + p[2] * d[2];
          expect(Math.abs(value - c.h(d))).toBeLessThan(1e-12);
        }),
        { numRuns: 400 },
      );
    });

    it(`${name}: axis and diagonal directions (ties) too`, () => {
      for (const d of [
        [1, 0, 0],
        [-1, 0, 0],
        [0, 1, 0],
        [0, -1, 0],
        [0, 0, 1],
        [0, 0, -1],
        [1, 1, 0],
        [0, -1, 1],
        [1, 1, 1],
        [-1, -1, -1],
        [1e-300, -1, 0],
      ]) {
        const p = farthest(c.shape, d);
        expect(c.dist(p)).toBeLessThan(1e-12);
        expect(Math.abs(p[0] * d[0] + p[1] * d[1] + p[2] * d[2] - c.h(d))).toBeLessThan(1e-12);
      }
    });

    it(`${name}: the box holds the shape tightly and the reach is its largest |x|`, () => {
      const b = c.shape.bounds();
      for (let a = 0; a < 3; a++) {
        const e = [0, 0, 0];
        e[a] = 1;
        expect(b.max[a]).toBeCloseTo(c.h(e), 14);
        e[a] = -1;
        expect(b.min[a]).toBeCloseTo(-c.h(e), 14);
      }
      expect(c.shape.reach).toBeCloseTo(c.reach, 14);
      fc.assert(
        fc.property(direction, (d) => {
          const p = farthest(c.shape, d);
          expect(len(p)).toBeLessThanOrEqual(c.shape.reach * (1 + 1e-15));
          for (let a = 0; a < 3; a++) {
            expect(p[a]).toBeLessThanOrEqual(b.max[a] * (1 + 1e-15) + 1e-300);
            expect(p[a]).toBeGreaterThanOrEqual(b.min[a] * (1 + 1e-15) - 1e-300);
          }
        }),
        { numRuns: 200 },
      );
    });
  }

  it('every primitive answers the same support along a direction taken up by 2^300 or 2^600 (no square overflows)', () => {
    // A cylinder's (and a cone's) radial direction squared its components: 1e155 gave +∞, and the
    // support became the axis instead of the rim (an affine map's directions reach such lengths).
    const out = new Float64Array(3);
    const unitOut = new Float64Array(3);
    fc.assert(
      fc.property(direction, fc.constantFrom(300, 600), (d, k) => {
        for (const c of Object.values(cases)) {
          c.shape.support(Float64Array.from(d), unitOut);
          c.shape.support(
            Float64Array.from(d, (x) => x * 2 ** k),
            out,
          );
          // (the same point, to the rounding of a direction scaled on the way)
          for (let a = 0; a < 3; a++)
            expect(Math.abs(out[a] - unitOut[a])).toBeLessThan(1e-15 * c.shape.reach);
        }
      }),
      { numRuns: 200 },
    );
    cylinder(1, 1).support(Float64Array.of(1e155, 0, 0), out);
    expect(Array.from(out)).toEqual([1, 1, 0]);
    cone(1, 1).support(Float64Array.of(1e300, -1e299, 0), out);
    expect(Array.from(out)).toEqual([1, -1, 0]);
  });

  it('a cone points its apex up y and its base down (Rapier convention), cylinders and capsules along y', () => {
    const out = new Float64Array(3);
    cone(2, 1).support(Float64Array.of(0, 1, 0), out);
    expect(Array.from(out)).toEqual([0, 2, 0]);
    cone(2, 1).support(Float64Array.of(0, -1, 0), out);
    expect(out[1]).toBe(-2);
    cylinder(2, 1).support(Float64Array.of(0, 1, 0), out);
    expect(out[1]).toBe(2);
    expect(Array.from(capsule(2, 1).bounds().max)).toEqual([1, 3, 1]);
    expect(Array.from(cuboid(1, 2, 3).bounds().min)).toEqual([-1, -2, -3]);
  });
});

describe('2-D primitives', () => {
  const cases2: Array<[Shape<2>, (d: number[]) => number]> = [
    [ball2(0.5), (d) => 0.5 * Math.hypot(d[0], d[1])],
    [cuboid2(0.5, 2), (d) => 0.5 * Math.abs(d[0]) + 2 * Math.abs(d[1])],
    [capsule2(1, 0.25), (d) => Math.abs(d[1]) + 0.25 * Math.hypot(d[0], d[1])],
    [rounded(cuboid2(1, 1), 0.5), (d) => Math.abs(d[0]) + Math.abs(d[1]) + 0.5 * Math.hypot(d[0], d[1])],
  ];
  it('support points in the plane z = 0 reach h(d) in closed form', () => {
    for (const [shape, h] of cases2) {
      expect(shape.dim).toBe(2);
      fc.assert(
        fc.property(direction, ([x, y]) => {
          fc.pre(Math.hypot(x, y) > 1e-6);
          const out = new Float64Array(3);
          shape.support(Float64Array.of(x, y, 0), out);
          expect(out[2]).toBe(0);
          const n = Math.hypot(x, y);
          const value = out[0] * x + out[1] * y + shape.margin * n;
          expect(Math.abs(value - h([x, y]))).toBeLessThan(1e-12);
        }),
        { numRuns: 200 },
      );
    }
  });

  it('boxes and reaches', () => {
    expect(Array.from(cuboid2(1, 2).bounds().max)).toEqual([1, 2]);
    expect(cuboid2(3, 4).reach).toBe(5);
    expect(capsule2(1, 0.5).bounds().diagonal).toBeCloseTo(Math.hypot(1, 3), 15);
    expect(rounded(ball2(1), 1).reach).toBe(2);
  });
});

describe('shapes are values', () => {
  it('frozen, with parameters and boxes handed out as copies', () => {
    const c = cuboid(1, 2, 3);
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.params)).toBe(true);
    expect(c.params).toEqual({ hx: 1, hy: 2, hz: 3 });
    const b = c.bounds();
    b.max[0] = 99;
    expect(c.bounds().max[0]).toBe(1);
    expect(() => {
      (c as unknown as { margin: number }).margin = 5;
    }).toThrow();
  });

  it('rounded keeps the base, adds the radii and leaves the base unchanged', () => {
    const base = capsule(1, 0.25);
    const r = rounded(rounded(base, 0.25), 0.5);
    expect(r.kind).toBe('rounded');
    expect(r.base).toBe(base);
    expect(r.margin).toBe(1);
    expect(base.margin).toBe(0.25);
    expect(Array.from(r.bounds().max)).toEqual([1, 2, 1]);
  });

  it('type guards', () => {
    expect(Shape.isShape(ball(1))).toBe(true);
    expect(Shape.isShape({ kind: 'ball', dim: 3 })).toBe(false);
    expect(Shape.isShape(null)).toBe(false);
    expect(isShape3(cone(1, 1))).toBe(true);
    expect(isShape3(cuboid2(1, 1))).toBe(false);
    expect(isShape2(cuboid2(1, 1))).toBe(true);
    expect(isShape2(rounded(ball2(1), 1))).toBe(true);
    expect(isShape2('ball2')).toBe(false);
  });
});
