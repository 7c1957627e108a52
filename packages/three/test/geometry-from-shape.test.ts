// geometryFromShape (src/geometry-from-shape.ts): the picture of a shape must lie on or inside the
// exact shape and reach its box. The oracle is the shape's own support mapping: a drawn vertex x lies
// inside a convex shape when x·d ≤ h(d) for every direction d (h the support value of the core plus
// the margin), checked on many
// directions; the drawn box must reach the shape's box within the tessellation's sag.

import { ball, capsule, cone, convexHull, cuboid, cylinder, rounded, type Shape } from '@firsttouch/convex';
import { describe, expect, it } from 'vitest';
import { geometryFromShape } from '../src/index.js';

const DIRECTIONS = Array.from({ length: 200 }, (_, k) => {
  // a spiral on the sphere
  const z = 1 - (2 * (k + 0.5)) / 200;
  const r = Math.sqrt(1 - z * z);
  const phi = k * Math.PI * (3 - Math.sqrt(5));
  return new Float64Array([r * Math.cos(phi), r * Math.sin(phi), z]);
});

function check(shape: Shape<3>, sag: number): void {
  const g = geometryFromShape(shape);
  const pos = g.getAttribute('position');
  const out = new Float64Array(3);
  const support = DIRECTIONS.map((d) => {
    // support gives the core's point: the margin (a ball's, a capsule's radius) is added along d
    shape.support(d, out);
    return out[0] * d[0] + out[1] * d[1] + out[2] * d[2] + shape.margin;
  });
  let worst = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < pos.count; i++) {
    const x = [pos.getX(i), pos.getY(i), pos.getZ(i)];
    DIRECTIONS.forEach((d, k) => {
      worst = Math.max(worst, x[0] * d[0] + x[1] * d[1] + x[2] * d[2] - support[k]);
    });
  }
  // float32 positions: a few 1e-8 over at most
  expect(worst).toBeLessThanOrEqual(1e-6);
  g.computeBoundingBox();
  const b = shape.bounds();
  const box = g.boundingBox!;
  expect(box.min.x).toBeLessThanOrEqual(b.min[0] + sag);
  expect(box.max.x).toBeGreaterThanOrEqual(b.max[0] - sag);
  expect(box.min.y).toBeLessThanOrEqual(b.min[1] + sag);
  expect(box.max.y).toBeGreaterThanOrEqual(b.max[1] - sag);
  expect(box.min.z).toBeLessThanOrEqual(b.min[2] + sag);
  expect(box.max.z).toBeGreaterThanOrEqual(b.max[2] - sag);
}

describe('geometryFromShape', () => {
  it('draws each kind inside the exact shape, reaching its box', () => {
    check(ball(0.5), 0.5 * 0.01);
    check(cuboid(0.3, 0.2, 0.1), 1e-7);
    check(capsule(0.4, 0.1), 0.1 * 0.01);
    check(cylinder(0.4, 0.2), 0.2 * 0.01);
    check(cone(0.4, 0.2), 0.2 * 0.01);
    const points = Array.from({ length: 60 }, (_, k) => Math.sin(k * 12.9898) * 0.5);
    check(convexHull(points), 1e-7);
  });

  it('a rounded shape is drawn as its base; a 2-D shape or anything else is refused by name', () => {
    const g = geometryFromShape(rounded(cuboid(0.3, 0.2, 0.1), 0.05));
    g.computeBoundingBox();
    expect(g.boundingBox!.max.x).toBeCloseTo(0.3, 6);
    expect(() => geometryFromShape({} as never)).toThrow('geometryFromShape: shape must be a 3-D shape');
  });

  // Regression (fixed; an adversarial probe): shapes past float32's range came back drawn at
  // infinity and NaN (three.js's bounding sphere NaN), where geometryFromSurface refuses the same.
  it("refuses a shape past float32's range (NON_FINITE), draws one just inside it", () => {
    const far = [0, 0, 0, 1e300, 0, 0, 0, 1e300, 0, 0, 0, 1e300];
    for (const shape of [
      ball(1e300),
      cuboid(1e39, 1, 1),
      capsule(1, 1e39),
      cylinder(1e39, 1),
      cone(1, 1e39),
      convexHull(far),
    ]) {
      let code: unknown;
      try {
        geometryFromShape(shape);
      } catch (e) {
        code = (e as { code?: unknown }).code;
      }
      expect(code, shape.kind).toBe('NON_FINITE');
    }
    const g = geometryFromShape(cuboid(1e37, 1, 1));
    expect(Number.isFinite(g.boundingSphere!.radius)).toBe(true);
  });
});
