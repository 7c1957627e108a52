import { ball, convexPolygon, cuboid2 } from '@firsttouch/convex';
import { scaledShape } from '@firsttouch/convex/internal';
import { box, Curve, disc, icosphere, rectangle, Surface } from '@firsttouch/mesh';
import { pose2, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CcdStatus, timeOfImpact, timeOfImpact2 } from '../src/index.js';
import { separateOrImpact, separateOrImpact2 } from '../src/internal.js';

const bodies3 = [box(0.04, 2), icosphere(0.03, 1), box([0.3, 0.01, 0.2]), ball(0.02)];
// curves (the trees), then two convex polygons (two of them turning take the polygons' own path)
const bodies2 = [
  rectangle(0.04, 0.02),
  disc(0.03, 12),
  rectangle(0.3, 0.005),
  convexPolygon([0.03, 0, 0.009, 0.028, -0.024, 0.017, -0.024, -0.017, 0.009, -0.028]),
  cuboid2(0.02, 0.01),
];
const unit = fc.double({ min: -1, max: 1, noNaN: true });

/** The fields of a record the two entry points must write alike (bit for bit). */
function fields(r: {
  status: string;
  toi: number;
  distance: number;
  iterations: number;
  pointA: Float64Array;
  pointB: Float64Array;
  normal: Float64Array;
}) {
  return [r.status, r.toi, r.distance, r.iterations, ...r.pointA, ...r.pointB, ...r.normal];
}

type Fields = Parameters<typeof fields>[0];

/** `lean` is null exactly when `full` ended Separate, else `full`'s record bit for bit; counted in `tally`. */
function agree(full: Fields, lean: Fields | null, tally: { separate: number; other: number }): void {
  if (full.status === CcdStatus.Separate) {
    tally.separate++;
    expect(lean).toBeNull();
  } else {
    tally.other++;
    expect(lean).not.toBeNull();
    expect(fields(lean!)).toEqual(fields(full));
  }
}

describe('separateOrImpact: timeOfImpact without the witness of a pair that stays apart', () => {
  it('is null exactly when timeOfImpact ends Separate, else its record bit for bit (fast-check, 3-D)', () => {
    const tally = { separate: 0, other: 0 };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.array(unit, { minLength: 14, maxLength: 14 }),
        (x, y, c) => {
          const a = bodies3[x];
          const b = bodies3[y];
          const a0 = poseFromAxisAngle([c[0], c[1], 1], 3 * c[2], [0, 0, 0]);
          const a1 = poseFromAxisAngle([c[0], c[1], 1], 3 * c[3], [0.05 * c[4], 0, 0]);
          const b0 = poseFromAxisAngle([1, c[5], c[6]], 3 * c[7], [0.1 * c[8], 0.1 * c[9], 0.1]);
          const b1 = poseFromAxisAngle([1, c[5], c[6]], 3 * c[10], [0.1 * c[11], 0.1 * c[12], 0.1 * c[13]]);
          const motion = { a: [a0, a1], b: [b0, b1] } as const;
          agree(timeOfImpact(a, b, motion), separateOrImpact(a, b, motion), tally);
        },
      ),
      // (seeded: the tallies below are counts of the draws, which an unseeded run left at 20 of 300)
      { numRuns: 300, seed: 301 },
    );
    // (both branches are exercised)
    expect(tally.separate).toBeGreaterThan(20);
    expect(tally.other).toBeGreaterThan(20);
  });

  it('2-D: the same (separateOrImpact2 against timeOfImpact2)', () => {
    const tally = { separate: 0, other: 0 };
    let polygons = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        fc.array(unit, { minLength: 8, maxLength: 8 }),
        (x, y, c) => {
          const motion = {
            a: [pose2(3 * c[0], [0, 0]), pose2(3 * c[1], [0.05 * c[2], 0])],
            b: [pose2(3 * c[3], [0.1 * c[4], 0.1]), pose2(3 * c[5], [0.1 * c[6], 0.1 * c[7]])],
          } as const;
          if (x >= 3 && y >= 3) polygons++;
          const [a, b] = [bodies2[x], bodies2[y]];
          agree(timeOfImpact2(a, b, motion), separateOrImpact2(a, b, motion), tally);
        },
      ),
      { numRuns: 300, seed: 302 },
    );
    expect(tally.separate).toBeGreaterThan(20);
    expect(tally.other).toBeGreaterThan(20);
    expect(polygons).toBeGreaterThan(20);
  });

  it('far from unit size too: null exactly when timeOfImpact ends Separate (it gave a Separate record)', () => {
    // Beyond 2^±128 the step runs at unit size; its Separate answer came back as a record, which the
    // world's step took for a pair that does not part (it stopped both bodies after a bounce).
    const EXPONENTS = [-600, -300, 300, 600];
    const scaled3 = EXPONENTS.map((k) =>
      bodies3.map((b) => (Surface.isSurface(b) ? b.scale(2 ** k) : scaledShape(b, k))),
    );
    const scaled2 = EXPONENTS.map((k) =>
      bodies2.map((b) => (Curve.isCurve(b) ? b.scaledByPowerOfTwo(k) : scaledShape(b, k))),
    );
    const tally = { separate: 0, other: 0 };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: EXPONENTS.length - 1 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 4 }),
        fc.array(unit, { minLength: 14, maxLength: 14 }),
        (e, x, y, c) => {
          const f = 2 ** EXPONENTS[e];
          const a0 = poseFromAxisAngle([c[0], c[1], 1], 3 * c[2], [0, 0, 0]);
          const a1 = poseFromAxisAngle([c[0], c[1], 1], 3 * c[3], [0.05 * c[4] * f, 0, 0]);
          const b0 = poseFromAxisAngle([1, c[5], c[6]], 3 * c[7], [0.1 * c[8] * f, 0.1 * c[9] * f, 0.1 * f]);
          const b1 = poseFromAxisAngle([1, c[5], c[6]], 3 * c[10], [
            0.1 * c[11] * f,
            0.1 * c[12] * f,
            0.1 * c[13] * f,
          ]);
          const motion = { a: [a0, a1], b: [b0, b1] } as const;
          const [a, b] = [scaled3[e][x], scaled3[e][y % 4]];
          agree(timeOfImpact(a, b, motion), separateOrImpact(a, b, motion), tally);
          const motion2 = {
            a: [pose2(3 * c[0], [0, 0]), pose2(3 * c[1], [0.05 * c[2] * f, 0])],
            b: [
              pose2(3 * c[3], [0.1 * c[4] * f, 0.1 * f]),
              pose2(3 * c[5], [0.1 * c[6] * f, 0.1 * c[7] * f]),
            ],
          } as const;
          const [a2, b2] = [scaled2[e][x], scaled2[e][y]];
          agree(timeOfImpact2(a2, b2, motion2), separateOrImpact2(a2, b2, motion2), tally);
        },
      ),
      { numRuns: 150 },
    );
    expect(tally.separate).toBeGreaterThan(20);
    expect(tally.other).toBeGreaterThan(20);
  });

  it('writes into the record given, as timeOfImpact does', () => {
    const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
    const motion = { a: [at(0), at(0)], b: [at(3), at(-3)] } as const;
    const out = timeOfImpact(box(1), box(1), { a: [at(0), at(0)], b: [at(9), at(9)] });
    const r = separateOrImpact(box(1), box(1), motion, undefined, out);
    expect(r).toBe(out);
    expect(r!.toi).toBeCloseTo(1 / 3, 4);
  });
});
