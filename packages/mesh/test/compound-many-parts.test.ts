// CompoundPair and CompoundPair2 with more part pairs than an array can index (2³² − 1): the part
// queries they keep are found by the pair's number, which must not bound the parts' product.
import { ball, ball2 } from '@firsttouch/convex';
import { pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { CompoundPair, CompoundPair2, compound, compound2, relativeTransform } from '../src/index.js';

/** 66 000² part pairs: past 2³² − 1, the longest array JavaScript makes. */
const PARTS = 66_000;
/** The shift that puts B's first column of parts 1 to the right of A's last (300 columns 0.3 apart). */
const RIGHT = 0.3 * 299 + 1;

describe('compounds with more part pairs than an array holds', () => {
  it('3-D: two compounds of 66 000 balls each bind and measure their gap', () => {
    const grid = () =>
      compound(
        Array.from({ length: PARTS }, (_, i) => ({
          body: ball(0.1),
          pose: poseFromAxisAngle([0, 0, 1], 0, [0.3 * (i % 300), 0.3 * Math.floor(i / 300), 0]),
        })),
      );
    const a = grid();
    const b = grid();
    expect(PARTS * PARTS).toBeGreaterThan(2 ** 32 - 1);
    const pair = new CompoundPair(a, b);
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    // B to the right of A, its first column 1 from A's last: 220 pairs of balls 1 − 0.2 apart.
    relativeTransform(poseFromAxisAngle([0, 0, 1], 0), poseFromAxisAngle([0, 0, 1], 0, [RIGHT, 0, 0]), R, t);
    expect(pair.evaluate(R, t)).toBeCloseTo(0.8, 12);
    expect(pair.distance).toBeCloseTo(0.8, 12);
    expect(pair.partA).toBeGreaterThanOrEqual(0);
  });

  it('2-D: two compounds of 66 000 discs each bind and measure their gap', () => {
    const grid = () =>
      compound2(
        Array.from({ length: PARTS }, (_, i) => ({
          body: ball2(0.1),
          pose: pose2(0, [0.3 * (i % 300), 0.3 * Math.floor(i / 300)]),
        })),
      );
    const pair = new CompoundPair2(grid(), grid());
    // B one row's height plus 0.7 above A (its bottom row 1 above A's top row): the nearest discs are A's top row and B's bottom row.
    const top = 0.3 * Math.floor((PARTS - 1) / 300);
    const gap = pair.evaluate(1, 0, 0, top + 1);
    expect(gap).toBeCloseTo(0.8, 12);
  });
});
