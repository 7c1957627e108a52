// CurveShapePair (src/distance/curve-shape-pair.ts) against brute force written here: a disc's gap
// to a curve is the distance from its centre to the nearest segment (every segment measured) less
// its radius.

import { ball2 } from '@firsttouch/convex';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Curve, CurveShapePair, naca4Section } from '../src/index.js';

const real = (min: number, max: number) => fc.double({ min, max, noNaN: true });

function pointSegment(p: readonly number[], s: readonly number[]): number {
  const du = s[2] - s[0];
  const dv = s[3] - s[1];
  const l2 = du * du + dv * dv;
  const w = l2 > 0 ? Math.min(1, Math.max(0, ((p[0] - s[0]) * du + (p[1] - s[1]) * dv) / l2)) : 0;
  return Math.hypot(s[0] + w * du - p[0], s[1] + w * dv - p[1]);
}

describe('CurveShapePair', () => {
  it('a disc against a wing section: the nearest segment to the centre, less the radius', () => {
    const { upper, lower } = naca4Section('2412', 1, 60);
    // the closed section: upper from the nose to the tail, lower back (shared ends once)
    const ring = [...upper, ...lower.slice(1, -1).reverse()];
    const wing = Curve.fromLoops(
      ring.map((p) => p[0]),
      ring.map((p) => p[1]),
      [ring.length],
    );
    const pair = new CurveShapePair();
    fc.assert(
      fc.property(
        real(-0.5, 1.5),
        real(-0.6, 0.6),
        real(-Math.PI, Math.PI),
        real(0.005, 0.3),
        (u, v, angle, r) => {
          pair.bind(wing, ball2(r));
          const lower = pair.evaluate(Math.cos(angle), Math.sin(angle), u, v);
          let d = Number.POSITIVE_INFINITY;
          for (let f = 0; f < wing.segmentCount; f++) d = Math.min(d, pointSegment([u, v], wing.segment(f)));
          const truth = Math.max(0, d - r);
          expect(Math.abs(lower - truth)).toBeLessThan(1e-12);
          if (truth > 1e-9) {
            expect(Math.abs(pair.distance - truth)).toBeLessThan(1e-12);
            expect(pair.segment).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
