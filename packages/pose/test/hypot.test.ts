import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hypot3, hypot4 } from '../src/hypot.js';

// The written-out hypot must be Math.hypot, bit for bit: RigidMotion's |Δ| and axis feed every speed
// bound, and a query's answer must not depend on which of the two computed them.
const anyDouble = fc.oneof(
  fc.double(),
  fc.double({ min: -1e3, max: 1e3 }),
  fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 5e-324, 1.7e308),
);

describe('hypot3 / hypot4', () => {
  it('equal Math.hypot bit for bit (NaN, infinities, subnormals, overflow included)', () => {
    fc.assert(
      fc.property(anyDouble, anyDouble, anyDouble, anyDouble, (x, y, z, w) => {
        expect(Object.is(hypot3(x, y, z), Math.hypot(x, y, z))).toBe(true);
        expect(Object.is(hypot4(x, y, z, w), Math.hypot(x, y, z, w))).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  it('take an infinity over a NaN, as Math.hypot does', () => {
    expect(hypot3(Number.NaN, Number.NEGATIVE_INFINITY, 1)).toBe(Number.POSITIVE_INFINITY);
    expect(hypot4(1, 2, Number.NaN, Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(hypot3(3, 4, 12)).toBe(13);
    // A deliberately wrong version (the plain square root of the sum of squares) differs here.
    expect(hypot3(1e200, 1e200, 0)).toBe(Math.hypot(1e200, 1e200, 0));
  });
});
