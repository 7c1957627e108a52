// The convenience calls borrow their scratch from a get/release pool: after a call (or a throw) the
// pooled objects hold no shape, and a call made from within another (a pose's getter calling back)
// gets a scratch of its own.

import { identityPose } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { QUERIES } from '../src/gjk/shape-query.js';
import { ball, castShape, cuboid, shapeDistance } from '../src/index.js';

function pooledShapes(): unknown[] {
  const held = [];
  const borrowed = [];
  while (QUERIES.size > 0) borrowed.push(QUERIES.get());
  for (const q of borrowed) {
    held.push(q.pair.shapeA, q.pair.shapeB);
    QUERIES.release(q);
  }
  return held;
}

describe('the pool of the convenience calls', () => {
  it('holds no shape after calls, thrown ones included', () => {
    const I = identityPose();
    shapeDistance(ball(1), cuboid(1, 1, 1), { poseB: { R: I.R, t: [3, 0, 0] } });
    castShape(ball(1), ball(1), {
      a: [I, I],
      b: [
        { R: I.R, t: [3, 0, 0] },
        { R: I.R, t: [-3, 0, 0] },
      ],
    });
    expect(() =>
      castShape(ball(1), ball(1), { a: [I, I], b: [I, { R: I.R, t: [0, 0, Number.NaN] }] }),
    ).toThrow();
    expect(QUERIES.size).toBeGreaterThan(0);
    expect(pooledShapes().every((s) => s === null)).toBe(true);
  });

  it('a query started from within another (a getter of a pose) runs on a scratch of its own', () => {
    const I = identityPose();
    let inner = Number.NaN;
    const tricky = {
      R: I.R,
      get t() {
        inner = shapeDistance(ball(1), ball(1), { poseB: { R: I.R, t: [5, 0, 0] } }).distance;
        return Float64Array.of(4, 0, 0);
      },
    };
    const outer = shapeDistance(ball(1), ball(1), { poseB: tricky });
    expect(inner).toBe(3);
    expect(outer.distance).toBe(2);
  });
});
