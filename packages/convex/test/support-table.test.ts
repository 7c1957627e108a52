// Hull supports by direction cells (`hull/support-table.ts`): the cell's few vertices must give the
// scan's answer, index for index (the first farthest), for every direction, ties and cell borders
// included; and a cast on hulls with tables must answer as on the same points scanned.

import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TABLE_BELOW, TABLE_FROM } from '../src/hull/support-table.js';
import {
  castShape,
  convexHull,
  deserialize,
  pointSet,
  rounded,
  type Shape,
  serialize,
} from '../src/index.js';
import { scaledShape } from '../src/internal.js';
import { farthest3, tableSupport } from '../src/support.js';
import { cloud, seeded, sphere, unit3 } from './helpers.js';

/** The first point of all of `P` farthest along d: the scan, written here. */
function scan(P: Float64Array, x: number, y: number, z: number): number {
  let best = Number.NEGATIVE_INFINITY;
  let at = 0;
  for (let i = 0; i < P.length / 3; i++) {
    const h = x * P[3 * i] + y * P[3 * i + 1] + z * P[3 * i + 2];
    if (h > best) {
      best = h;
      at = i;
    }
  }
  return at;
}

/** Directions that stress a table: on cell borders and cube-face edges, facet normals, axes. */
function hardDirections(s: Shape<3>, next: () => number): number[][] {
  const out: number[][] = [];
  const k = s.cellK;
  for (let f = 0; f < 3; f++) {
    for (const sign of [1, -1, 0]) {
      for (let i = 0; i <= k; i++) {
        for (let j = 0; j <= k; j++) {
          const d = [0, 0, 0];
          d[f] = sign === 0 ? 1 - 2 ** -40 : sign;
          d[(f + 1) % 3] = -1 + (2 * i) / k;
          d[(f + 2) % 3] = -1 + (2 * j) / k;
          out.push(d);
          // Just either side of the border.
          out.push([d[0] * (1 + 1e-15), d[1] + 1e-16, d[2] - 1e-16]);
        }
      }
    }
  }
  // Facet normals (ties of a whole facet) and their tilts.
  const P = s.points;
  const F = s.facetIndices;
  for (let t = 0; t < F.length; t += 3) {
    const a = 3 * F[t],
      b = 3 * F[t + 1],
      c = 3 * F[t + 2];
    const ux = P[b] - P[a],
      uy = P[b + 1] - P[a + 1],
      uz = P[b + 2] - P[a + 2];
    const vx = P[c] - P[a],
      vy = P[c + 1] - P[a + 1],
      vz = P[c + 2] - P[a + 2];
    const n = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
    out.push(n, [n[0] + 1e-12 * next(), n[1], n[2]]);
  }
  for (let t = 0; t < 200; t++) out.push(unit3(next));
  out.push([-0, 0, 1], [0, -0, -0.5], [1, 1, 1], [-1, 1, -1]);
  return out;
}

function expectScan(s: Shape<3>, d: readonly number[]): void {
  const [x, y, z] = d;
  const want = scan(s.points, x, y, z);
  if (s.cellK > 0) expect(tableSupport(s.scan, s.cellK, s.cellStart, s.cellPoints, x, y, z)).toBe(want);
  const out = new Float64Array(3);
  expect(s.support(Float64Array.from(d), out)).toBe(want);
  expect(Array.from(out)).toEqual(Array.from(s.points.subarray(3 * want, 3 * want + 3)));
}

/** A prism over a regular n-gon: whole faces of equal heights (ties) along its axis and sides. */
function prism(n: number, h: number): number[] {
  const p: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    p.push(Math.cos(a), Math.sin(a), h, Math.cos(a), Math.sin(a), -h);
  }
  return p;
}

describe('support tables', () => {
  it('are built for hulls from TABLE_FROM to TABLE_BELOW vertices only, and carried by roundings', () => {
    const next = seeded(11);
    expect(convexHull(sphere(next, TABLE_FROM - 1)).cellK).toBe(0);
    const h = convexHull(sphere(next, TABLE_FROM));
    expect(h.cellK).toBeGreaterThan(0);
    expect(h.cellStart.length).toBe(6 * h.cellK * h.cellK + 1);
    expect(convexHull(sphere(next, TABLE_BELOW)).cellK).toBe(0);
    // A point set below 256 points scans all its points (no hull, no table).
    expect(pointSet(sphere(next, 100)).cellK).toBe(0);
    expect(rounded(h, 0.1).cellPoints).toBe(h.cellPoints);
    const back = deserialize(serialize(h)) as Shape<3>;
    expect(back.cellK).toBe(h.cellK);
    expect(Array.from(back.cellStart)).toEqual(Array.from(h.cellStart));
    expect(Array.from(back.cellPoints)).toEqual(Array.from(h.cellPoints));
  });

  it("give the scan's first farthest vertex for random, border and facet directions", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1 << 30 }),
        fc.integer({ min: 60, max: 400 }),
        fc.constantFrom('ball', 'sphere', 'prism'),
        (seed, count, kind) => {
          const next = seeded(seed);
          const pts =
            kind === 'ball'
              ? cloud(next, count)
              : kind === 'sphere'
                ? sphere(next, Math.min(count, TABLE_BELOW - 1))
                : prism(Math.max(TABLE_FROM, Math.min(120, count >> 1)) >> 1, 0.1 + next());
          const s = convexHull(pts);
          if (s.cellK === 0) return;
          for (const d of hardDirections(s, next)) expectScan(s, d);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('scan directions outside their range, and lose the table when scaled out of range', () => {
    const next = seeded(12);
    const s = convexHull(cloud(next, 256));
    expect(s.cellK).toBeGreaterThan(0);
    for (const d of [
      [0, 0, 0],
      [1e-120, 3e-121, -2e-121],
      [1e120, 1, 0],
      [Number.NaN, 1, 0],
      [1, Number.NaN, 0.5],
      [0.2, 0.1, Number.NaN],
      [Number.POSITIVE_INFINITY, 1, 0],
      [1, Number.NEGATIVE_INFINITY, 0],
    ]) {
      const [x, y, z] = d;
      expect(tableSupport(s.scan, s.cellK, s.cellStart, s.cellPoints, x, y, z)).toBe(
        farthest3(s.scan, x, y, z),
      );
    }
    for (const e of [-400, -300, -40, 40, 300, 400]) {
      const t = scaledShape(s, e);
      if (t.coreReach < 1e-100 || t.coreReach > 1e100) expect(t.cellK).toBe(0);
      else expect(t.cellK).toBe(s.cellK);
      for (let i = 0; i < 50; i++) expectScan(t, unit3(next));
    }
  });

  it('a cast on hulls with tables answers bit for bit as on the same points scanned', () => {
    const next = seeded(13);
    const rest = identityPose();
    let tables = 0;
    for (let trial = 0; trial < 60; trial++) {
      const pa = cloud(next, 200);
      const pb = cloud(next, 200);
      const u = unit3(next);
      const axis = unit3(next);
      const angle = 2 * Math.PI * next();
      const off = 0.8 * next();
      const motion = {
        a: [rest, rest] as const,
        b: [
          poseFromAxisAngle(axis, angle, [3 * u[0] + off, 3 * u[1], 3 * u[2]]),
          poseFromAxisAngle(axis, angle, [-3 * u[0] + off, -3 * u[1], -3 * u[2]]),
        ] as const,
      };
      const ha = convexHull(pa);
      const hb = convexHull(pb);
      if (ha.cellK > 0 && hb.cellK > 0) tables++;
      const withTables = castShape(ha, hb, motion, { tolerance: 1e-6 });
      const scanned = castShape(pointSet(pa), pointSet(pb), motion, { tolerance: 1e-6 });
      expect(withTables.status).toBe(scanned.status);
      expect(withTables.toi).toBe(scanned.toi);
      expect(withTables.iterations).toBe(scanned.iterations);
      expect(Array.from(withTables.pointA)).toEqual(Array.from(scanned.pointA));
      expect(Array.from(withTables.pointB)).toEqual(Array.from(scanned.pointB));
    }
    expect(tables).toBeGreaterThan(50);
  });
});
