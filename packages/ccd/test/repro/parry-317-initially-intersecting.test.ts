// parry #317: cast_shapes_nonlinear returns None for two cuboids that already intersect at the
// start of a rotating cast (labelled P-High, D-Difficult; the workaround offered was "center the
// coordinates around 0").
//
// What went wrong there: parry's nonlinear TOI freezes a world-space normal and bisects the gap
// along it; at the start of the cast the shapes overlap, its `Directional` mode steps time forward
// and accepts an impact only above a thickness threshold, so an overlap that a rotation keeps (or
// undoes) was reported as no hit at all.
//
// What we check: cuboids whose surfaces cross, touch, or come within the tolerance at s = 0, under
// rotating (and translating) motions that keep them overlapped, separate them, or spin them through
// each other, near the origin and far from it: always InitialContact with toi 0, no step taken, and
// the gap at s = 0 (0 when the surfaces cross or touch). And the other side of the rule: bodies are
// surfaces, so a cuboid wholly inside another (surfaces apart) is not in contact at s = 0; moving
// it until it crosses the outer surface gives a Contact no later than that instant.

import { box, surfaceDistance } from '@firsttouch/mesh';
import { poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CcdStatus, type DirectionalMode, timeOfImpact } from '../../src/index.js';

const MODES: DirectionalMode[] = [false, 'auto', true];
const real = (min: number, max: number) => fc.double({ min, max, noNaN: true });
const axisArb = fc.tuple(real(-1, 1), real(-1, 1), real(-1, 1)).filter((k) => Math.hypot(...k) > 0.1);
const vec = (r: number) => fc.tuple(real(-r, r), real(-r, r), real(-r, r));

const add = (a: readonly number[], b: readonly number[]) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];

describe('parry #317: cuboids intersecting at the start of a rotating cast', () => {
  it('the issue: two overlapping cuboids, one turning (a quarter turn, half a turn)', () => {
    const a = box([2, 1, 1]);
    const b = box([1, 2, 0.5]);
    for (const theta of [Math.PI / 2, Math.PI, 0.01]) {
      for (const directional of MODES) {
        const r = timeOfImpact(
          a,
          b,
          {
            a: [poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 0)],
            b: [
              poseFromAxisAngle([0, 1, 0], 0, [0.9, 0.3, 0]),
              poseFromAxisAngle([0, 1, 0], theta, [0.9, 0.3, 0]),
            ],
          },
          { directional },
        );
        expect(r.status).toBe(CcdStatus.InitialContact);
        expect(r.toi).toBe(0);
        expect(r.iterations).toBe(0);
        expect(r.distance).toBe(0);
      }
    }
  });

  it('far from the origin too (the workaround was to centre the coordinates)', () => {
    const a = box([2, 1, 1]);
    const b = box([1, 2, 0.5]);
    for (const offset of [0, 1e3, 1e6, 1e9, -1e9]) {
      const o = [offset, -offset / 2, offset / 3];
      const r = timeOfImpact(a, b, {
        a: [poseFromAxisAngle([1, 0, 0], 0.3, o), poseFromAxisAngle([1, 0, 0], 0.3, add(o, [0.5, 0, 0]))],
        b: [
          poseFromAxisAngle([0, 1, 1], 0.2, add(o, [0.9, 0.3, 0])),
          poseFromAxisAngle([0, 1, 1], 2.5, add(o, [-2, 0.3, 0])),
        ],
      });
      expect(r.status).toBe(CcdStatus.InitialContact);
      expect(r.toi).toBe(0);
      expect(r.distance).toBe(0);
    }
  });

  it('random crossings, random rotating motions: always InitialContact at 0', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        vec(0.45), // B's centre on A's +x face, within the face
        axisArb,
        real(0, Math.PI),
        axisArb,
        real(0, Math.PI),
        vec(3),
        fc.constantFrom(...MODES),
        (p, k0, a0, k1, a1, travel, directional) => {
          const a = box(1);
          const b = box([0.6, 0.3, 0.45]);
          // B's centre lies on A's face x = 0.5 (inside the face): the two surfaces cross there
          const c = [0.5, p[1], p[2]];
          const b0 = poseFromAxisAngle(k0, a0, c);
          const b1 = poseFromAxisAngle(k1, a1, add(c, travel));
          expect(surfaceDistance(a, b, { poseB: b0 }).intersecting).toBe(true);
          const r = timeOfImpact(
            a,
            b,
            { a: [poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 1)], b: [b0, b1] },
            { directional },
          );
          expect(r.status).toBe(CcdStatus.InitialContact);
          expect(r.toi).toBe(0);
          expect(r.iterations).toBe(0);
          expect(r.distance).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('touching faces, and gaps within the tolerance, count as initial contact', () => {
    const tol = 1e-6;
    for (const gap of [0, 0.25 * tol, 0.5 * tol, 0.9 * tol]) {
      const r = timeOfImpact(
        box(1),
        box(1),
        {
          a: [poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 0)],
          b: [
            poseFromAxisAngle([1, 0, 0], 0, [1 + gap, 0.2, 0]),
            poseFromAxisAngle([1, 0, 0], Math.PI / 2, [3, 0.2, 0]),
          ],
        },
        { tolerance: tol },
      );
      expect(r.status).toBe(CcdStatus.InitialContact);
      expect(r.toi).toBe(0);
      expect(Math.abs(r.distance - gap)).toBeLessThan(1e-15);
    }
    // just beyond the tolerance it is not initial contact: the gap is what decides
    const r = timeOfImpact(
      box(1),
      box(1),
      {
        a: [poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 0)],
        b: [
          poseFromAxisAngle([1, 0, 0], 0, [1 + 2 * tol, 0.2, 0]),
          poseFromAxisAngle([1, 0, 0], 0, [3, 0.2, 0]),
        ],
      },
      { tolerance: tol },
    );
    expect(r.status).toBe(CcdStatus.Separate);
  });

  it('a cuboid wholly inside another is not in contact; moving it out gives the first crossing', () => {
    // B (2 × 0.2 × 0.2, centred) inside A (a cube of side 2.4): the surfaces are 0.2 apart (B's
    // ends to A's faces x = ±1.2). Moving B by +0.3 along x, its +x end face reaches A's face at
    // s = (1.2 − 1) / 0.3 = 2/3.
    const a = box(2.4);
    const b = box([2, 0.2, 0.2]);
    const rest = [poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 0)] as const;
    const still = timeOfImpact(a, b, { a: rest, b: rest });
    expect(still.status).toBe(CcdStatus.Separate);
    expect(still.distance).toBeCloseTo(0.2, 12);
    for (const directional of MODES) {
      const out = timeOfImpact(
        a,
        b,
        { a: rest, b: [poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 0, [0.3, 0, 0])] },
        { directional },
      );
      expect(out.status).toBe(CcdStatus.Contact);
      expect(out.toi).toBeLessThanOrEqual(2 / 3);
      expect(2 / 3 - out.toi).toBeLessThanOrEqual(out.tolerance / 0.3 + 1e-12);
    }
  });
});
