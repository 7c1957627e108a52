import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ballsApart } from '../src/ball-sweep.js';

/** The least distance of the centres over the interval, by brute force: dense samples, then refined. */
function leastDistance(dim: number, a0: number[], a1: number[], b0: number[], b1: number[]): number {
  // (by hypot: squares of coordinates near 1e-170 underflow to 0, and the distance with them)
  const at = (u: number) =>
    Math.hypot(
      ...Array.from({ length: dim }, (_, x) => a0[x] + u * (a1[x] - a0[x]) - (b0[x] + u * (b1[x] - b0[x]))),
    );
  let best = 0;
  const m = 2000;
  for (let k = 1; k <= m; k++) if (at(k / m) < at(best)) best = k / m;
  // the distance is convex in u: a ternary search about the best sample
  let lo = Math.max(0, best - 1 / m);
  let hi = Math.min(1, best + 1 / m);
  for (let k = 0; k < 100; k++) {
    const p = lo + (hi - lo) / 3;
    const q = hi - (hi - lo) / 3;
    if (at(p) < at(q)) hi = q;
    else lo = p;
  }
  return Math.min(at(lo), at(best), at(0), at(1));
}

const coordinate = fc.double({ min: -3, max: 3, noNaN: true });

describe('ballsApart: two balls carried along straight lines', () => {
  it('is true exactly when the centres stay farther apart than the reach (fast-check against brute force)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2 as const, 3 as const),
        fc.array(coordinate, { minLength: 12, maxLength: 12 }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (dim, c, reach) => {
          const [a0, a1, b0, b1] = [0, 3, 6, 9].map((o) => c.slice(o, o + dim));
          const least = leastDistance(dim, a0, a1, b0, b1);
          const apart = ballsApart(dim, a0, a1, b0, b1, reach);
          // never apart when the centres come within the reach (no pair a search would find dropped)
          if (least <= reach) expect(apart).toBe(false);
          // and apart whenever they stay clearly farther (the slack is a few ulps of the sizes)
          if (least > reach + 1e-6) expect(apart).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('grazing passes: the reach just over and just under the closest approach', () => {
    // a passes b at distance 1 (at u = 0.5), in 2-D and 3-D
    for (const dim of [2, 3] as const) {
      const a0 = [-1, 1, 0];
      const a1 = [1, 1, 0];
      const b = [0, 0, 0];
      expect(ballsApart(dim, a0, a1, b, b, 1)).toBe(false);
      expect(ballsApart(dim, a0, a1, b, b, 1 - 1e-9)).toBe(true);
      // still: the distance at the start
      expect(ballsApart(dim, b, b, a0, a0, Math.SQRT2 - 1e-9)).toBe(true);
      expect(ballsApart(dim, b, b, a0, a0, Math.SQRT2)).toBe(false);
    }
  });

  it('decides at any size as at unit size (the world scaled by 2^k, k from -1000 to 1000)', () => {
    // At 2^-535 the squares of the coordinates were subnormal: moving pairs that met were told apart
    // (the world's step then missed impacts there). A power of two scales every length exactly.
    fc.assert(
      fc.property(
        fc.constantFrom(2 as const, 3 as const),
        fc.array(coordinate, { minLength: 12, maxLength: 12 }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -545, max: -505 })),
        (dim, c, reach, k) => {
          const [a0, a1, b0, b1] = [0, 3, 6, 9].map((o) => c.slice(o, o + dim));
          const f = 2 ** k;
          const at = (p: number[]) => p.map((x) => x * f);
          // (a scaled copy only where every number survives the scaling: none lost to underflow)
          fc.pre([...c, reach].every((x) => (x * f) / f === x));
          expect(ballsApart(dim, at(a0), at(a1), at(b0), at(b1), reach * f), `k = ${k}`).toBe(
            ballsApart(dim, a0, a1, b0, b1, reach),
          );
        },
      ),
      { numRuns: 4000 },
    );
    // a grazing pass at the sizes where the squares are subnormal
    for (let k = -545; k <= -505; k++) {
      const f = 2 ** k;
      const a0 = [-f, f, 0];
      const a1 = [f, f, 0];
      const b = [0, 0, 0];
      expect(ballsApart(3, a0, a1, b, b, f), `k = ${k}`).toBe(false);
      expect(ballsApart(3, a0, a1, b, b, f * (1 - 1e-9)), `k = ${k}`).toBe(true);
    }
  });
});
