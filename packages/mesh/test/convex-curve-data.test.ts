// Where the 2-D convex path keeps a curve's data: on the curve itself (built once, whatever asks),
// and its distinct points are the curve's own positions when no vertex repeats (one array less for
// a query to read), a copy of the distinct ones otherwise.

import { describe, expect, it } from 'vitest';
import { convexCurve } from '../src/convex/convex-curve.js';
import { Curve, disc } from '../src/index.js';

describe('convexCurve data', () => {
  it('is built once per curve and kept with it; a transformed curve gets its own', () => {
    const c = disc(1, 12);
    const data = convexCurve(c);
    expect(convexCurve(c)).toBe(data);
    const moved = c.translate([1, 0]);
    expect(convexCurve(moved)).not.toBe(data);
    expect(convexCurve(moved).points[0]).toBe(data.points[0] + 1);
  });

  it('points are the positions themselves without repeats, the distinct ones in order with repeats', () => {
    const square = Curve.fromLoops([0, 1, 1, 0], [0, 0, 1, 1], [4]);
    expect(convexCurve(square).points).toBe(square.positions);
    // The last vertex repeats the first: 4 distinct points of 5 vertices.
    const closedTwice = Curve.fromLoops([0, 1, 1, 0, 0], [0, 0, 1, 1, 0], [5]);
    const data = convexCurve(closedTwice);
    expect(data.points).not.toBe(closedTwice.positions);
    expect(Array.from(data.points)).toEqual([0, 0, 1, 0, 1, 1, 0, 1]);
    expect(data.count).toBe(4);
    expect(data.convex).toBe(true);
  });
});
