// castShape2 against oracles written here: a disc against a rectangle in closed form and polygons
// over all edge pairs, each answer certified by the Lipschitz sweep (test/oracle/first-time.ts).

import { describe, expect, it } from 'vitest';
import { ball2, CastStatus, castShape2, convexPolygon, cuboid2, rounded, type Shape } from '../src/index.js';
import { seeded } from './helpers.js';
import { firstBelow } from './oracle/first-time.js';
import { type P2, polygonDistance, ring } from './oracle/polygons.js';

const at = (q: P2, d: number[], s: number): P2 => ({
  angle: q.angle,
  t: [q.t[0] + s * d[0], q.t[1] + s * d[1]],
});

function check(
  a: Shape<2>,
  b: Shape<2>,
  gapOf: (qa: P2, qb: P2) => number,
  qa: P2,
  qb: P2,
  db: number[],
  tolerance?: number,
) {
  const r = castShape2(
    a,
    b,
    { a: [qa, qa], b: [qb, at(qb, db, 1)] },
    tolerance === undefined ? undefined : { tolerance },
  );
  const gap = (s: number) => gapOf(qa, at(qb, db, s));
  const L = Math.hypot(db[0], db[1]);
  const slack = 1e-12 * (8 + L);
  expect(r.pointA.length).toBe(2);
  if (r.status === CastStatus.Separate) expect(firstBelow(gap, L, r.tolerance / 2 - slack).below).toBe(false);
  else if (r.status === CastStatus.InitialContact) expect(gap(0)).toBeLessThanOrEqual(r.tolerance + slack);
  else {
    expect(r.status).toBe(CastStatus.Contact);
    expect(gap(r.toi)).toBeLessThanOrEqual(r.tolerance + slack);
    expect(firstBelow(gap, L, r.tolerance / 2 - slack, 0, r.toi).below).toBe(false);
  }
  return r;
}

describe('castShape2', () => {
  it('a disc against a rectangle: the centre against the box, less the radius', () => {
    const next = seeded(51);
    const box = (qa: P2, qb: P2) => {
      const c = Math.cos(qa.angle),
        s = Math.sin(qa.angle);
      const x = c * (qb.t[0] - qa.t[0]) + s * (qb.t[1] - qa.t[1]);
      const y = -s * (qb.t[0] - qa.t[0]) + c * (qb.t[1] - qa.t[1]);
      return Math.max(0, Math.hypot(Math.max(Math.abs(x) - 1, 0), Math.max(Math.abs(y) - 0.5, 0)) - 0.25);
    };
    let contacts = 0;
    for (let k = 0; k < 200; k++) {
      const a = 2 * Math.PI * next();
      const qa: P2 = { angle: 7 * next(), t: [0, 0] };
      const qb: P2 = { angle: 0, t: [3 * Math.cos(a), 3 * Math.sin(a)] };
      const db = [-6 * Math.cos(a) + 2 * next() - 1, -6 * Math.sin(a) + 2 * next() - 1];
      const r = check(cuboid2(1, 0.5), ball2(0.25), box, qa, qb, db, [undefined, 1e-3, 0.02][k % 3]);
      if (r.status === CastStatus.Contact) contacts++;
    }
    expect(contacts).toBeGreaterThan(100);
  });

  it('polygons (and a rounded one) over all edge pairs', () => {
    const next = seeded(52);
    for (let k = 0; k < 30; k++) {
      const pts = (n: number, r: number) =>
        Array.from({ length: n }, () => [r * (2 * next() - 1), r * (2 * next() - 1)]).flat();
      const a = convexPolygon(pts(k % 2 ? 6 : 30, 1));
      const b = convexPolygon(pts(7, 0.5));
      const margin = k % 3 === 0 ? 0.05 : 0;
      const A = margin > 0 ? rounded(a, margin) : a;
      const gap = (qa: P2, qb: P2) => Math.max(0, polygonDistance(ring(a, qa), ring(b, qb)) - margin);
      const ang = 2 * Math.PI * next();
      const qb: P2 = { angle: 7 * next(), t: [3 * Math.cos(ang), 3 * Math.sin(ang)] };
      check(
        A,
        b,
        gap,
        { angle: 7 * next(), t: [0, 0] },
        qb,
        [-6 * Math.cos(ang) + next() - 0.5, -6 * Math.sin(ang)],
        1e-4,
      );
    }
  });
});
