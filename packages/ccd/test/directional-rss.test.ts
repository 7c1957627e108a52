// The directional step with a large B, whose node pairs are bounded by their RSS (B's tree more than
// a quarter of A's nodes plus 256, the distance query's rule): the guarantee against the oracle, the
// witness, and the directional runs never taking more steps than the plain one (checkQuery3).

import { icosphere, type Surface } from '@firsttouch/mesh';
import { identityPose } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Motion3 } from '../src/index.js';
import { unitBunny } from './helpers.js';
import { checkQuery3, seedFor, stepArb3, stepPoses3, toleranceShare } from './scenarios.js';

/** Whether the directional step bounds B's nodes by RSS (the rule of DirectionalBound3). */
function large(a: Surface, b: Surface): boolean {
  return b.tree().nodeCount > 0.25 * a.tree().nodeCount + 256;
}

describe('the directional step against a large B (RSS node bounds)', { timeout: 120_000 }, () => {
  it('a small sphere against a fine sphere, random motions and tolerances', () => {
    const a = icosphere(0.15, 0);
    const b = icosphere(0.5, 3);
    expect(large(a, b)).toBe(true);
    fc.assert(
      fc.property(stepArb3(1.2, 3), toleranceShare, (step, tol) => {
        const motion: Motion3 = { a: [identityPose(), identityPose()], b: stepPoses3(step) };
        checkQuery3(a, b, motion, tol === undefined ? undefined : tol * b.bounds().diagonal);
      }),
      { numRuns: 10, seed: seedFor(3901), endOnFailure: true },
    );
  });

  it('the bunny against bunny·0.6, spinning through it', () => {
    const a = unitBunny();
    const b = unitBunny().scale(0.6);
    expect(large(a, b)).toBe(true);
    fc.assert(
      fc.property(stepArb3(0.6, 2.4, false), (step) => {
        const motion: Motion3 = { a: [identityPose(), identityPose()], b: stepPoses3(step) };
        checkQuery3(a, b, motion, undefined);
      }),
      { numRuns: 3, seed: seedFor(3902), endOnFailure: true },
    );
  });
});
