// compound and CompoundPair (src/compound.ts, src/distance/compound-pair.ts): the gap of a compound
// is the smallest gap of its parts, each measured on its own here by the part's own query placed by
// the composed pose (shapeDistance for two shapes, surfaceDistance for a surface).

import { ball, capsule, cuboid, shapeDistance } from '@firsttouch/convex';
import { composePose, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { box, Compound, CompoundPair, compound, relativeTransform, surfaceDistance } from '../src/index.js';

const real = (min: number, max: number) => fc.double({ min, max, noNaN: true });
const vec = (r: number) => fc.tuple(real(-r, r), real(-r, r), real(-r, r));
const axis = vec(1).filter((v) => Math.hypot(...v) > 0.1);

describe('compound', () => {
  it('a compound against a shape: the smallest gap over its parts', () => {
    const parts = [
      { body: ball(0.2), pose: poseFromAxisAngle([0, 0, 1], 0, [0.5, 0, 0]) },
      { body: cuboid(0.1, 0.3, 0.2), pose: poseFromAxisAngle([1, 0, 0], 0.4, [-0.4, 0.1, 0]) },
    ];
    const body = compound(parts);
    const other = capsule(0.2, 0.1);
    const pair = new CompoundPair(body, other);
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    fc.assert(
      fc.property(vec(2), axis, real(0, Math.PI), (c, k, angle) => {
        const poseB = poseFromAxisAngle(k, angle, c);
        const truth = Math.min(
          ...parts.map((p) => shapeDistance(p.body, other, { poseA: p.pose, poseB }).distance),
        );
        relativeTransform(poseFromAxisAngle([0, 0, 1], 0), poseB, R, t);
        const lower = pair.evaluate(R, t);
        expect(Math.abs(lower - truth)).toBeLessThan(1e-12);
        expect(Math.abs(pair.distance - truth)).toBeLessThan(1e-12);
        expect(pair.partB).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it('a compound with a surface part against a compound: the smallest gap over the part pairs', () => {
    const a = compound([
      { body: box(0.3), pose: poseFromAxisAngle([0, 1, 0], 0.5, [0.3, 0, 0]) },
      { body: ball(0.1), pose: poseFromAxisAngle([0, 0, 1], 0, [-0.3, 0, 0]) },
    ]);
    const b = compound([
      { body: cuboid(0.1, 0.1, 0.1), pose: poseFromAxisAngle([0, 0, 1], 0.3, [0, 0.2, 0]) },
    ]);
    const shell = box(0.2);
    const pair = new CompoundPair(a, b);
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    fc.assert(
      fc.property(vec(2), axis, real(0, Math.PI), (c, k, angle) => {
        const poseB = poseFromAxisAngle(k, angle, c);
        const placedB = composePose(poseB, b.parts[0].pose);
        if (Math.hypot(...c) < 0.8) return; // a part inside a box surface is apart from it, as surfaces
        const truth = Math.min(
          surfaceDistance(a.parts[0].body as never, shell, { poseA: a.parts[0].pose, poseB: placedB })
            .distance,
          shapeDistance(a.parts[1].body as never, b.parts[0].body as never, {
            poseA: a.parts[1].pose,
            poseB: placedB,
          }).distance,
        );
        relativeTransform(poseFromAxisAngle([0, 0, 1], 0), poseB, R, t);
        expect(Math.abs(pair.evaluate(R, t) - truth)).toBeLessThan(1e-12);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses no parts (EMPTY), a part that is not a body, a bad pose', () => {
    expect(() => compound([])).toThrow(expect.objectContaining({ code: 'EMPTY' }));
    expect(() => compound({} as never)).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
    expect(() =>
      compound([{ body: ball(1), pose: { R: [2, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] } }]),
    ).toThrow(expect.objectContaining({ code: 'INVALID_POSE' }));
    expect(Compound.isCompound(compound([{ body: ball(1), pose: poseFromAxisAngle([0, 0, 1], 0) }]))).toBe(
      true,
    );
  });
});

describe('CompoundPair far beyond the squares of float64', () => {
  // Adversarial testing: two balls 1e155 apart got +∞ as a certified lower bound of their gap (the
  // squares of the distances overflowed), where a loop stepping by it would have skipped the step.
  const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  it('measures up to 2^500 and refuses a placement past it, never +∞ for a finite gap', () => {
    const lone = new CompoundPair(ball(1), ball(1));
    const parts = new CompoundPair(
      compound([
        { body: box(1), pose: poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0]) },
        { body: ball(1), pose: poseFromAxisAngle([0, 0, 1], 0, [2, 0, 0]) },
      ]),
      ball(1),
    );
    expect(lone.evaluate(R, new Float64Array([1e150, 0, 0]))).toBe(1e150);
    // (a surface among the parts: its facet distances are sound within 2^±200, see below)
    expect(parts.evaluate(R, new Float64Array([0, -1e50, 0]))).toBeLessThanOrEqual(1e50);
    expect(() => parts.evaluate(R, new Float64Array([0, -1e150, 0]))).toThrow(
      expect.objectContaining({ code: 'INVALID_POSE' }),
    );
    for (const d of [1e155, 1e200, 1e300, Number.MAX_VALUE])
      for (const pair of [lone, parts])
        expect(() => pair.evaluate(R, new Float64Array([d, 0, 0]))).toThrow(
          expect.objectContaining({ code: 'INVALID_POSE' }),
        );
  });
});
