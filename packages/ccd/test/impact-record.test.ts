// A result record passed as `out` gets the answer a fresh call returns, field for field and bit for
// bit, whatever it held before (an earlier answer of another query, of a query that failed, of the
// other dimension's shape); a record whose arrays are missing or of the wrong size is refused before
// any work, and the record is left as it was.

import { ball, cuboid, cuboid2 } from '@firsttouch/convex';
import { box, compound, disc, icosphere, rectangle } from '@firsttouch/mesh';
import { identityPose, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createImpactResult,
  createImpactResult2,
  type Motion2,
  type Motion3,
  timeOfImpact,
  timeOfImpact2,
} from '../src/index.js';

/** Every field, arrays as plain lists, so that toEqual compares them bit for bit (NaN included). */
function fields(r: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(r).map(([k, v]) => [k, v instanceof Float64Array ? Array.from(v) : v]),
  );
}

const finite = (lo: number, hi: number) => fc.double({ min: lo, max: hi, noNaN: true });

describe('timeOfImpact2 with a result record', () => {
  const bodies = [disc(0.5, 7), rectangle(1, 0.3), disc(0.2, 32)];
  it('writes what a fresh call returns, into the record it returns', () => {
    const out = createImpactResult2();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        finite(-3, 3),
        finite(-3, 3),
        finite(-Math.PI, Math.PI),
        fc.constantFrom(false, true, 'auto' as const),
        (ia, ib, y, turn, angle, directional) => {
          const motion: Motion2 = {
            a: [pose2(angle), pose2(angle)],
            b: [pose2(0, [2, y]), pose2(turn, [-2, -y])],
          };
          const fresh = timeOfImpact2(bodies[ia], bodies[ib], motion, { directional });
          const again = timeOfImpact2(bodies[ia], bodies[ib], motion, { directional }, out);
          expect(again).toBe(out);
          expect(fields(again)).toEqual(fields(fresh));
        },
      ),
      { numRuns: 200, seed: 0x0a7 },
    );
  });

  it('refuses a record with missing or short arrays, naming the field, and leaves it untouched', () => {
    const motion: Motion2 = { a: [pose2(), pose2()], b: [pose2(0, [3, 0]), pose2(0, [-3, 0])] };
    const short = { ...createImpactResult2(), normal: new Float64Array(1) };
    expect(() => timeOfImpact2(disc(1, 8), disc(1, 8), motion, undefined, short)).toThrow(
      /timeOfImpact2: out\.normal must be a Float64Array of 2 numbers/,
    );
    expect(short.iterations).toBe(0);
    const plain = { ...createImpactResult2(), pointA: [0, 0] as unknown as Float64Array };
    expect(() => timeOfImpact2(disc(1, 8), disc(1, 8), motion, undefined, plain)).toThrow(/out\.pointA/);
    expect(() => timeOfImpact2(disc(1, 8), disc(1, 8), motion, undefined, null as never)).toThrow(
      /out must be a result record, got null/,
    );
    // A 3-D record is not a 2-D one.
    expect(() =>
      timeOfImpact2(disc(1, 8), disc(1, 8), motion, undefined, createImpactResult() as never),
    ).toThrow(/out\.pointA must be a Float64Array of 2 numbers/);
  });
});

describe('timeOfImpact with a result record', () => {
  const bodies = [box(0.5), icosphere(0.3, 1), box([0.05, 1, 1])];
  it('writes what a fresh call returns, into the record it returns', () => {
    const out = createImpactResult();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        finite(-1, 1),
        finite(0, Math.PI),
        fc.constantFrom(false, true, 'auto' as const),
        (ia, ib, y, turn, directional) => {
          const motion: Motion3 = {
            a: [identityPose(), identityPose()],
            b: [
              poseFromAxisAngle([0, 0, 1], 0, [2, y, 0]),
              poseFromAxisAngle([0, 1, 0], turn, [-2, -y, 0.1]),
            ],
          };
          const fresh = timeOfImpact(bodies[ia], bodies[ib], motion, { directional });
          const again = timeOfImpact(bodies[ia], bodies[ib], motion, { directional }, out);
          expect(again).toBe(out);
          expect(fields(again)).toEqual(fields(fresh));
        },
      ),
      { numRuns: 60, seed: 0x0a8 },
    );
  });

  it('refuses a 2-D record', () => {
    const motion: Motion3 = { a: [identityPose(), identityPose()], b: [identityPose(), identityPose()] };
    expect(() => timeOfImpact(box(1), box(1), motion, undefined, createImpactResult2() as never)).toThrow(
      /timeOfImpact: out\.pointA must be a Float64Array of 3 numbers/,
    );
  });
});

describe('a record that cannot be written (DESIGN.md, "Errors")', () => {
  const motion2: Motion2 = { a: [pose2(), pose2()], b: [pose2(0, [3, 0]), pose2(1, [-3, 0])] };
  const still2: Motion2 = { a: [pose2(), pose2()], b: [pose2(0, [3, 0]), pose2(0, [-3, 0])] };
  const motion3: Motion3 = {
    a: [identityPose(), identityPose()],
    b: [poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]), poseFromAxisAngle([0, 0, 1], 1, [-3, 0, 0])],
  };
  const readOnly = <T extends object>(r: T, field: string): T =>
    Object.defineProperty(r, field, { value: (r as Record<string, unknown>)[field], writable: false });
  const getterOnly = <T extends object>(r: T, field: string): T =>
    Object.defineProperty(r, field, { get: () => 0 });
  const messageOf = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      return `${(e as { code?: string }).code} ${(e as Error).message}`;
    }
    return 'no error';
  };

  it('is refused before any work, naming the field, and left as it was: frozen, read-only or getter-only', () => {
    // the 2-D polygons' own path, the curves' path (two discs that turn), and the 3-D path
    const queries = [
      {
        dim: 2,
        where: 'timeOfImpact2',
        run: (out: never) => timeOfImpact2(cuboid2(0.5, 0.5), cuboid2(0.5, 0.5), motion2, undefined, out),
        make: createImpactResult2,
      },
      {
        dim: 2,
        where: 'timeOfImpact2',
        run: (out: never) => timeOfImpact2(disc(0.5, 9), rectangle(1, 0.3), still2, undefined, out),
        make: createImpactResult2,
      },
      {
        dim: 3,
        where: 'timeOfImpact',
        run: (out: never) => timeOfImpact(box(1), icosphere(0.5, 1), motion3, undefined, out),
        make: createImpactResult,
      },
    ];
    for (const q of queries) {
      const second = q.dim === 3 ? 'facetB' : 'segmentB';
      const cases: [object, string][] = [
        [Object.freeze(q.make()), 'status'],
        [readOnly(q.make(), 'toi'), 'toi'],
        [readOnly(q.make(), second), second],
        [getterOnly(q.make(), 'horizonReached'), 'horizonReached'],
      ];
      for (const [out, field] of cases) {
        const before = fields(out as never);
        expect(messageOf(() => q.run(out as never))).toBe(
          `INVALID_OPTION ${q.where}: out must be a writable result record, but out.${field} cannot be written`,
        );
        expect(fields(out as never)).toEqual(before);
      }
      // a sealed record can still be written: it gets the answer
      const sealed = Object.seal(q.make());
      expect(q.run(sealed as never)).toBe(sealed);
      expect(fields(sealed as never)).toEqual(fields(q.run(undefined as never) as never));
    }
  });
});

describe('the normal of bodies that overlap at toi (README: "The witness data")', () => {
  it('is a unit facet normal between two crossing surfaces, NaN between crossing shapes or compounds', () => {
    const rest = identityPose();
    const shifted = poseFromAxisAngle([0, 0, 1], 0.3, [0.4, 0.1, 0]);
    const still = (a: unknown, b: unknown) =>
      timeOfImpact(a as Parameters<typeof timeOfImpact>[0], b as Parameters<typeof timeOfImpact>[1], {
        a: [rest, rest],
        b: [shifted, shifted],
      });
    const surfaces = still(box(1), box(1));
    expect(surfaces.status).toBe('initial-contact');
    expect(surfaces.distance).toBe(0);
    expect(Math.hypot(...surfaces.normal)).toBeCloseTo(1, 12);
    for (const [a, b] of [
      [ball(1), ball(1)],
      [cuboid(1, 1, 1), cuboid(1, 1, 1)],
      [compound([{ body: cuboid(1, 1, 1), pose: rest }]), box(1)],
    ]) {
      const r = still(a, b);
      expect(r.status).toBe('initial-contact');
      expect(r.distance).toBe(0);
      expect(Array.from(r.normal).every(Number.isNaN)).toBe(true);
    }
    const r2 = timeOfImpact2(rectangle(1, 1), rectangle(1, 1), {
      a: [pose2(0, [0, 0]), pose2(0, [0, 0])],
      b: [pose2(0.2, [0.3, 0]), pose2(0.2, [0.3, 0])],
    });
    expect(r2.status).toBe('initial-contact');
    expect(Array.from(r2.normal).every(Number.isNaN)).toBe(true);
  });
});

describe('the facet normal of crossing surfaces', () => {
  it('is facet A’s (its corners’ cross product, unit) turned by A’s pose, number for number', () => {
    let checked = 0;
    fc.assert(
      fc.property(
        finite(-3, 3),
        finite(-3, 3),
        finite(-0.4, 0.4),
        finite(-0.4, 0.4),
        (angleA, angleB, x, y) => {
          const poseA = poseFromAxisAngle([1, 2, 3], angleA, [0.1, -0.2, 0.3]);
          const poseB = poseFromAxisAngle([-2, 1, 1], angleB, [0.1 + x, -0.2 + y, 0.3]);
          const a = icosphere(0.5, 1);
          const r = timeOfImpact(a, box(0.6), { a: [poseA, poseA], b: [poseB, poseB] });
          if (r.status !== 'initial-contact' || r.distance !== 0) return;
          const dx = r.pointB[0] - r.pointA[0];
          const dy = r.pointB[1] - r.pointA[1];
          const dz = r.pointB[2] - r.pointA[2];
          // (the points' own direction when they differ: the facet's only when they coincide)
          if (Math.hypot(dx, dy, dz) > 0) return;
          const f = a.facet(r.facetA);
          const u = [f[3] - f[0], f[4] - f[1], f[5] - f[2]];
          const v = [f[6] - f[0], f[7] - f[1], f[8] - f[2]];
          const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
          const m = Math.hypot(n[0], n[1], n[2]);
          const R = poseA.R;
          const expected = [0, 1, 2].map(
            (i) => (R[3 * i] * n[0] + R[3 * i + 1] * n[1] + R[3 * i + 2] * n[2]) / m,
          );
          expect(Array.from(r.normal)).toEqual(expected);
          checked++;
        },
      ),
      { numRuns: 60 },
    );
    expect(checked).toBeGreaterThan(20);
  });
});
