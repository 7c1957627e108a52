import { disc, rectangle } from '@firsttouch/mesh';
import { FirstTouchError, pose2 } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AdvanceResult, advanceResolved } from '../src/advance.js';
import {
  type AdvanceOptions,
  conservativeAdvance,
  type DistanceEvaluator,
  type Motion2,
  type ResolvedOptions,
  resolveOptions,
  timeOfImpact2,
} from '../src/index.js';
import { resolveOptionsInto } from '../src/options.js';

// timeOfImpact2 resolves its options once and runs the loop into a record it keeps: the internal
// entry points must answer exactly as the public ones.

function record(): AdvanceResult {
  return {
    status: 'separate',
    toi: Number.NaN,
    distance: Number.NaN,
    iterations: -1,
    directionalSteps: -1,
    horizonReached: true,
  };
}

/** A gap that closes, opens and closes again, with a directional step that is sometimes larger. */
function wavy(g: number, a: number, w: number, directional: boolean): DistanceEvaluator {
  const distance = (s: number): number => Math.max(0, g + a * Math.sin(w * s) - 0.5 * s);
  if (!directional) return { distance };
  return { distance, directionalStep: (_s, gap, tolerance) => (gap - 0.5 * tolerance) * 0.9 };
}

const options = fc.record(
  {
    tolerance: fc.constantFrom(1e-6, 1e-3, 0.05),
    maxIterations: fc.integer({ min: 1, max: 60 }),
    directional: fc.constantFrom<boolean | 'auto'>(true, false, 'auto'),
    horizon: fc.double({ min: 0, max: 1.5, noNaN: true }),
  },
  { requiredKeys: ['tolerance'] },
);

describe('advanceResolved: the loop of conservativeAdvance behind its checks', () => {
  it('answers as conservativeAdvance, into a record reused from call to call', () => {
    const out = record();
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.double({ min: 0, max: 40, noNaN: true }),
        fc.boolean(),
        options,
        (g, a, w, directional, o: AdvanceOptions) => {
          const evaluator = wavy(g, a, w, directional);
          const mu = 0.5 + Math.abs(a * w);
          const want = conservativeAdvance(evaluator, mu, o);
          const r = resolveOptions(o, Number.NaN);
          const got = advanceResolved(evaluator, mu, r, out);
          expect(got).toBe(out);
          expect({ ...got }).toEqual(want);
        },
      ),
    );
  });
});

describe('resolveOptionsInto: resolveOptions without a new record', () => {
  it('fills the record as resolveOptions builds it, keys in the same order', () => {
    const out = resolveOptions(undefined, 1);
    for (const o of [
      undefined,
      {},
      { tolerance: 1e-3 },
      { maxIterations: 7, directional: false, horizon: 0.5, convex: false },
      { directional: true, horizon: 0 },
    ]) {
      const want = resolveOptions(o, 2e-6);
      expect(resolveOptionsInto(o, 2e-6, out)).toBe(out);
      expect(out).toEqual(want);
      expect(Object.keys(out)).toEqual(Object.keys(want));
    }
  });

  it('refuses what resolveOptions refuses, with its message, and leaves the record as it was', () => {
    const out = resolveOptions({ maxIterations: 5 }, 1);
    const before = { ...out };
    const bad: Array<[unknown, number]> = [
      [null, 1],
      ['fast', 1],
      [undefined, Number.NaN],
      [undefined, 0],
      [{ tolerance: -1 }, 1],
      [{ maxIterations: 1.5 }, 1],
      [{ directional: 'yes' }, 1],
      [{ horizon: Number.NaN }, 1],
      [{ tolerance: 1e-3, convex: 1 }, 1],
    ];
    for (const [o, tolerance] of bad) {
      let want: unknown;
      let got: unknown;
      try {
        resolveOptions(o as AdvanceOptions, tolerance);
      } catch (e) {
        want = e;
      }
      try {
        resolveOptionsInto(o as AdvanceOptions, tolerance, out as ResolvedOptions);
      } catch (e) {
        got = e;
      }
      expect(want).toBeInstanceOf(FirstTouchError);
      expect(got).toBeInstanceOf(FirstTouchError);
      expect((got as FirstTouchError).code).toBe((want as FirstTouchError).code);
      expect((got as FirstTouchError).message).toBe((want as FirstTouchError).message);
      expect(out).toEqual(before);
    }
  });
});

describe('timeOfImpact2: a query started from within a query', () => {
  it('an options getter that runs a query of its own leaves the outer one unchanged', () => {
    const square = rectangle(1, 1);
    const particle = disc(0.1, 12);
    const outer: Motion2 = { a: [pose2(), pose2()], b: [pose2(0, [2, 0.2]), pose2(2, [0, 0.1])] };
    const inner: Motion2 = { a: [pose2(), pose2()], b: [pose2(0, [0, 3]), pose2(-1, [0, 0])] };
    const alone = timeOfImpact2(square, particle, outer, { tolerance: 1e-6, directional: true });
    const innerAlone = timeOfImpact2(square, particle, inner);
    let nested: ReturnType<typeof timeOfImpact2> | undefined;
    const options = {
      tolerance: 1e-6,
      get directional(): boolean {
        nested = timeOfImpact2(square, particle, inner);
        return true;
      },
    };
    const r = timeOfImpact2(square, particle, outer, options);
    expect(r).toEqual(alone);
    expect(nested).toEqual(innerAlone);
  });
});
