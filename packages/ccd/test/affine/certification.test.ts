// timeOfImpactAffine against the oracle of oracle.ts (all facet pairs of the mapped hulls, dense
// sampling refined by the Lipschitz bound of the motion): over random hulls and random affine
// motions (rotation, scale 0.5–2 per axis, shear, translation towards each other), the gap stays
// ≥ tol/2 on [0, toi], the gap at a contact is ≤ tol, and a separation is one.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CcdStatus, timeOfImpactAffine } from '../../src/index.js';
import { rng } from '../helpers.js';
import { cloud, flyingStep, hullBody, mul3 } from './motions.js';
import { dipBelow, gapOf, mapAt, relativeSpeed } from './oracle.js';

const caseArb = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  pointsA: fc.integer({ min: 5, max: 14 }),
  pointsB: fc.integer({ min: 5, max: 14 }),
  distance: fc.double({ min: 3, max: 6, noNaN: true }),
  overshoot: fc.double({ min: -2, max: 3, noNaN: true }),
  shear: fc.double({ min: 0, max: 0.6, noNaN: true }),
});

describe('timeOfImpactAffine against the dense-sampling oracle', () => {
  it('certifies every step: gap ≥ tol/2 on [0, toi]; gap ≤ tol at a contact; > tol at a separation', () => {
    let contacts = 0;
    let separations = 0;
    fc.assert(
      fc.property(caseArb, (c) => {
        const next = rng(c.seed);
        const A = hullBody(cloud(next, c.pointsA));
        const B = hullBody(cloud(next, c.pointsB));
        const motion = flyingStep(next, c.distance, c.overshoot, c.shear);
        const r = timeOfImpactAffine(A.shape, B.shape, motion);
        const gap = (s: number) =>
          gapOf(A.poly, mapAt(motion.a[0], motion.a[1], s), B.poly, mapAt(motion.b[0], motion.b[1], s));
        const tol = r.tolerance;
        const slack = 1e-9 * tol + 1e-12;
        expect(r.status).not.toBe(CcdStatus.NotConverged);
        const mu = relativeSpeed(A.poly, motion.a, B.poly, motion.b);
        if (r.status !== CcdStatus.InitialContact) {
          const dip = dipBelow(gap, mu, tol / 2 - slack, r.toi);
          expect(dip.at, `gap below tol/2 at s = ${dip.at}, toi ${r.toi}`).toBeNaN();
        }
        const g = gap(r.toi);
        if (r.status === CcdStatus.Contact || r.status === CcdStatus.InitialContact) {
          contacts++;
          expect(g).toBeLessThanOrEqual(tol + slack);
          expect(Math.abs(r.distance - g)).toBeLessThanOrEqual(1e-9);
        } else {
          separations++;
          expect(r.toi).toBe(1);
          expect(g).toBeGreaterThan(tol - slack);
        }
      }),
      { numRuns: 40, seed: 26 },
    );
    // the cases reach both outcomes
    expect(contacts).toBeGreaterThan(5);
    expect(separations).toBeGreaterThan(2);
  });

  it('certifies steps through a fold: A flattened twice inside the step (L(s) singular), B flying in', () => {
    let contacts = 0;
    fc.assert(
      fc.property(
        caseArb,
        fc.double({ min: 0.2, max: 3, noNaN: true }),
        fc.double({ min: 0.2, max: 3, noNaN: true }),
        (c, fa, fb) => {
          const next = rng(c.seed);
          const A = hullBody(cloud(next, c.pointsA));
          const B = hullBody(cloud(next, c.pointsB));
          const motion = flyingStep(next, c.distance, c.overshoot, c.shear);
          // L_A(1) = L_A(0) diag(−fa, −fb, 1): det > 0 at both ends, 0 at s = 1/(1 + fa) and 1/(1 + fb)
          motion.a[1] = { L: mul3(motion.a[0].L, [-fa, 0, 0, 0, -fb, 0, 0, 0, 1]), t: motion.a[1].t };
          const r = timeOfImpactAffine(A.shape, B.shape, motion);
          const gap = (s: number) =>
            gapOf(A.poly, mapAt(motion.a[0], motion.a[1], s), B.poly, mapAt(motion.b[0], motion.b[1], s));
          const tol = r.tolerance;
          const slack = 1e-9 * tol + 1e-12;
          expect(r.status).not.toBe(CcdStatus.NotConverged);
          if (r.status === CcdStatus.InitialContact) return;
          const mu = relativeSpeed(A.poly, motion.a, B.poly, motion.b);
          const dip = dipBelow(gap, mu, tol / 2 - slack, r.toi);
          expect(dip.at, `gap below tol/2 at s = ${dip.at}, toi ${r.toi}`).toBeNaN();
          const g = gap(r.toi);
          if (r.status === CcdStatus.Contact) {
            contacts++;
            expect(g).toBeLessThanOrEqual(tol + slack);
          } else expect(g).toBeGreaterThan(tol - slack);
        },
      ),
      { numRuns: 25, seed: 27 },
    );
    expect(contacts).toBeGreaterThan(3);
  });
});
