import {
  ball,
  ball2,
  capsule,
  capsule2,
  cone,
  convexHull,
  convexPolygon,
  cuboid,
  cuboid2,
  cylinder,
  rounded,
  type Shape,
  shapeDistance,
} from '@firsttouch/convex';
import { box, Curve, compound, compound2, rectangle, Surface } from '@firsttouch/mesh';
import { composePose, type Pose3, pose2, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ContactFaces } from '../src/contact-faces.js';
import { DIM3 } from '../src/dimension.js';
import { SlabProof } from '../src/slab-apart.js';
import { World, World2 } from '../src/world.js';
import { rng as mulberry, nearby } from './helpers.js';

/** Instants where the oracles look (the bound must hold at each). */
const SAMPLES = 64;

const shapes3: Shape<3>[] = [
  cuboid(0.1, 0.05, 0.08),
  ball(0.07),
  capsule(0.08, 0.03),
  cylinder(0.06, 0.05),
  cone(0.07, 0.05),
  convexHull([0, 0, 0, 0.12, 0, 0, 0, 0.1, 0, 0, 0, 0.09, 0.05, 0.05, 0.05]),
  rounded(cuboid(0.05, 0.02, 0.04), 0.02),
];

const at = (x: number, y: number, z = 0, angle = 0, axis: number[] = [0, 1, 0]) =>
  poseFromAxisAngle(axis, angle, [x, y, z]);

describe('the slab read through a shape’s support mapping', () => {
  it('never exceeds the exact distance of two moving, turning shapes at any sampled instant (fast-check)', () => {
    const proof = new SlabProof<Pose3>(DIM3);
    let proven = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: shapes3.length - 1 }),
        fc.integer({ min: 0, max: shapes3.length - 1 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.double({ min: 0, max: 1.5, noNaN: true }),
        fc.double({ min: 0.002, max: 0.1, noNaN: true }),
        (x, y, seed, turn, reach) => {
          const r = mulberry(seed);
          const a = shapes3[x];
          const b = shapes3[y];
          const pa = poseFromAxisAngle([r() - 0.5, r() - 0.5, r() - 0.5], 6 * r(), [0, 0, 0]);
          const pb = poseFromAxisAngle([r() - 0.5, r() - 0.5, r() - 0.5], 6 * r(), [
            0.4 * (r() - 0.5),
            0.4 * (r() - 0.5),
            0.4 * (r() - 0.5),
          ]);
          const now = shapeDistance(a, b, { poseA: pa, poseB: pb });
          if (now.intersecting || !(now.distance > 0)) return;
          const ea = nearby(r, pa, reach, turn);
          const eb = nearby(r, pb, reach, turn);
          const line = pb.t.map((v, k) => v - pa.t[k]);
          const bound = Math.max(
            proof.gap(a, pa, ea, b, pb, eb, now.normal),
            proof.gap(a, pa, ea, b, pb, eb, line),
          );
          if (!(bound > 0)) return;
          proven++;
          const ma = new RigidMotion(pa, ea);
          const mb = new RigidMotion(pb, eb);
          for (let k = 0; k <= SAMPLES; k++) {
            const s = k / SAMPLES;
            const d = shapeDistance(a, b, { poseA: ma.poseAt(s), poseB: mb.poseAt(s) }).distance;
            expect(d).toBeGreaterThanOrEqual(bound);
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(proven).toBeGreaterThan(50);
  });

  it('reads a compound by its parts: never above the exact distance of moving, turning compounds (fast-check)', () => {
    const proof = new SlabProof<Pose3>(DIM3);
    // the exact distance of two compounds: the least over their parts' pairs (shapes' exact GJK)
    const partsOf = (c: ReturnType<typeof compound>) =>
      c.parts.map((q) => ({ shape: q.body as Shape<3>, pose: q.pose }));
    const between = (
      a: ReturnType<typeof compound>,
      pa: Pose3,
      b: ReturnType<typeof compound>,
      pb: Pose3,
    ) => {
      let least = Number.POSITIVE_INFINITY;
      for (const p of partsOf(a))
        for (const q of partsOf(b))
          least = Math.min(
            least,
            shapeDistance(p.shape, q.shape, {
              poseA: composePose(pa, p.pose),
              poseB: composePose(pb, q.pose),
            }).distance,
          );
      return least;
    };
    let proven = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.double({ min: 0, max: 1.5, noNaN: true }),
        (seed, turn) => {
          const r = mulberry(seed);
          const make = () =>
            compound(
              [0, 1, 2].map(() => ({
                body: shapes3[Math.floor(r() * shapes3.length)],
                pose: poseFromAxisAngle([r() - 0.5, r() - 0.5, r() - 0.5], 6 * r(), [
                  0.3 * (r() - 0.5),
                  0.3 * (r() - 0.5),
                  0.3 * (r() - 0.5),
                ]),
              })),
            );
          const a = make();
          const b = make();
          const pa = poseFromAxisAngle([r() - 0.5, r() - 0.5, r() - 0.5], 6 * r(), [0, 0, 0]);
          const pb = poseFromAxisAngle([r() - 0.5, r() - 0.5, r() - 0.5], 6 * r(), [0.9, 0.3 * r(), 0]);
          const ea = nearby(r, pa, 0.05, turn);
          const eb = nearby(r, pb, 0.05, turn);
          const line = pb.t.map((v, k) => v - pa.t[k]);
          const bound = proof.gap(a, pa, ea, b, pb, eb, line);
          if (!(bound > 0)) return;
          proven++;
          const ma = new RigidMotion(pa, ea);
          const mb = new RigidMotion(pb, eb);
          for (let k = 0; k <= 16; k++)
            expect(between(a, ma.poseAt(k / 16), b, mb.poseAt(k / 16))).toBeGreaterThanOrEqual(bound);
        },
      ),
      { numRuns: 150 },
    );
    expect(proven).toBeGreaterThan(20);
  });

  it('is the exact gap of two still shapes along their witness direction', () => {
    const proof = new SlabProof<Pose3>(DIM3);
    const r = mulberry(11);
    for (let k = 0; k < 40; k++) {
      const a = shapes3[k % shapes3.length];
      const b = shapes3[(k + 3) % shapes3.length];
      const pa = poseFromAxisAngle([r() - 0.5, r() - 0.5, r() - 0.5], 6 * r(), [0, 0, 0]);
      const pb = poseFromAxisAngle([r() - 0.5, r() - 0.5, r() - 0.5], 6 * r(), [0.5, 0.1 * r(), 0]);
      const now = shapeDistance(a, b, { poseA: pa, poseB: pb });
      // (the margin left out, or a support taken the wrong way, misses it by the margin or more)
      expect(proof.gap(a, pa, pa, b, pb, pb, now.normal)).toBeCloseTo(now.distance, 9);
    }
  });
});

/** The lowest point of a cuboid crate (half extents h) at pose p: the height its corners reach. */
function lowest(h: readonly number[], p: Pose3): number {
  let least = Number.POSITIVE_INFINITY;
  for (let c = 0; c < 8; c++) {
    const x = c & 1 ? h[0] : -h[0];
    const y = c & 2 ? h[1] : -h[1];
    const z = c & 4 ? h[2] : -h[2];
    least = Math.min(least, p.R[3] * x + p.R[4] * y + p.R[5] * z + p.t[1]);
  }
  return least;
}

describe('SlabProof.touching: exact contact that does not close in', () => {
  const floor = cuboid(3, 0.05, 3);
  const floorPose = at(0, 0);
  const top = 0.05;

  it('never lets a crate it passes sink into the floor by more than the rounding (fast-check, analytic oracle)', () => {
    const proof = new SlabProof<Pose3>(DIM3);
    let passed = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        fc.double({ min: 0.02, max: 0.5, noNaN: true }),
        fc.double({ min: 0.02, max: 0.5, noNaN: true }),
        fc.double({ min: 0.02, max: 0.5, noNaN: true }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom('slide', 'spin', 'lift', 'press', 'tilt', 'any'),
        (hx, hy, hz, seed, how) => {
          const r = mulberry(seed);
          const crate = cuboid(hx, hy, hz);
          const h = [hx, hy, hz];
          const spin = 6 * r();
          const p = at(r() - 0.5, top + hy, r() - 0.5, spin);
          const dx = r() - 0.5;
          const dz = r() - 0.5;
          const e =
            how === 'slide'
              ? at(p.t[0] + dx, p.t[1], p.t[2] + dz, spin)
              : how === 'spin'
                ? at(p.t[0] + dx, p.t[1], p.t[2] + dz, spin + 3 * (r() - 0.5))
                : how === 'lift'
                  ? at(p.t[0] + dx, p.t[1] + 0.1 * r(), p.t[2] + dz, spin)
                  : how === 'press'
                    ? at(p.t[0] + dx, p.t[1] - 1e-6 - 0.01 * r(), p.t[2] + dz, spin)
                    : how === 'tilt'
                      ? poseFromAxisAngle([r() - 0.5, 0, r() - 0.5], 0.3 * r(), p.t)
                      : nearby(r, p, 0.2, 1);
          const m = new RigidMotion(p, e);
          const ok = proof.touching(floor, floorPose, floorPose, crate, p, e, [0, 1, 0], 0, null, 0, m, 0);
          // resting, sliding, spinning about the normal and lifting are proven; pressing never is
          if (how === 'slide' || how === 'spin' || how === 'lift') expect(ok).toBe(true);
          if (how === 'press') expect(ok).toBe(false);
          if (!ok) {
            refused++;
            return;
          }
          passed++;
          // (the overlap allowed: twice the rounding of the coordinates in play, a few 1e-14 here)
          const rounding = proof.rounding(floor, floorPose, floorPose, crate, p, e);
          expect(rounding).toBeLessThan(1e-13);
          for (let k = 0; k <= SAMPLES; k++)
            expect(lowest(h, m.poseAt(k / SAMPLES))).toBeGreaterThanOrEqual(top - 2 * rounding);
        },
      ),
      { numRuns: 400 },
    );
    expect(passed).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(50);
  });

  it('refuses a gap above the rounding, and a crate already sunk into the floor', () => {
    const proof = new SlabProof<Pose3>(DIM3);
    const crate = cuboid(0.25, 0.25, 0.25);
    const p = at(0, 0.3);
    const e = at(0.5, 0.3);
    expect(proof.touching(floor, floorPose, floorPose, crate, p, e, [0, 1, 0], 0)).toBe(true);
    expect(proof.touching(floor, floorPose, floorPose, crate, p, e, [0, 1, 0], 1e-9)).toBe(false);
    const sunk = at(0, 0.3 - 1e-9);
    expect(proof.touching(floor, floorPose, floorPose, crate, sunk, at(0.5, 0.3 - 1e-9), [0, 1, 0], 0)).toBe(
      false,
    );
    // the wrong way along the normal proves nothing; a body of neither vertices nor supports either
    expect(proof.touching(floor, floorPose, floorPose, crate, p, e, [0, -1, 0], 0)).toBe(false);
    expect(proof.touching(floor, floorPose, floorPose, {}, p, e, [0, 1, 0], 0)).toBe(false);
    // a compound is read by its parts' supports
    const glued = compound([{ body: crate, pose: at(0, 0) }]);
    expect(proof.touching(floor, floorPose, floorPose, glued, p, e, [0, 1, 0], 0)).toBe(true);
  });

  it('never takes a sheet to lie beyond another it lies on: two bodies thinner than the rounding are refused either way', () => {
    const proof = new SlabProof<Pose3>(DIM3);
    const sheet = cuboid(3, 1e-15, 3);
    const card = cuboid(0.3, 1e-15, 0.3);
    const p = at(0.5, 2e-15);
    // the card lies on the sheet; going down through it along −y would keep a slab of −E along −y
    for (const n of [
      [0, 1, 0],
      [0, -1, 0],
    ])
      expect(proof.touching(sheet, floorPose, floorPose, card, p, at(0.5, -0.1), n, 0)).toBe(false);
    // a crate on the sheet, thick enough: the one way that holds it is proven, the other is not
    const crate = cuboid(0.25, 0.25, 0.25);
    const q = at(0, 0.25 + 1e-15);
    expect(proof.touching(sheet, floorPose, floorPose, crate, q, at(0.3, 0.25 + 1e-15), [0, 1, 0], 0)).toBe(
      true,
    );
    expect(proof.touching(sheet, floorPose, floorPose, crate, q, at(0, -1), [0, -1, 0], 0)).toBe(false);
  });

  it('never lets a thin body on a face from inside a surface’s hull go through it (a tray, a closed box, a 2-D L)', () => {
    const quad = (a: number) =>
      Surface.fromTriangles(new Float64Array([-a, 0, -a, a, 0, a, a, 0, -a, -a, 0, -a, -a, 0, a, a, 0, a]));
    // a floor with one wall: its hull holds what lies on its floor
    const tray = Surface.fromTriangles(
      new Float64Array([
        -3, 0, -3, 3, 0, 3, 3, 0, -3, -3, 0, -3, -3, 0, 3, 3, 0, 3, 3, 0, -3, 3, 1, 3, 3, 0, 3, 3, 0, -3, 3,
        1, -3, 3, 1, 3,
      ]),
    );
    for (const [name, floor, card, y0, y1] of [
      ['a card in a tray', tray, quad(0.3), 1e-14, -0.5],
      ['a thin cuboid in a tray', tray, cuboid(0.3, 1e-16, 0.3), 1e-14, -0.5],
      ['a card in a closed box', box(3), quad(0.3), -1.5 + 1e-14, -4.5],
    ] as const) {
      const w = new World();
      w.add(floor, { pose: at(0, 0), kind: 'static' });
      const c = w.add(card, { pose: at(0.5, y0) });
      w.setTarget(c, at(0.5, y1));
      const r = w.step();
      expect([name, r.events.length, w.pose(c).t[1]]).toEqual([name, 1, y0]);
    }
    const w2 = new World2();
    w2.add(Curve.fromPolyline([-5, 5, 5], [0, 0, 1]), { pose: pose2(0, [0, 0]), kind: 'static' });
    const stick = w2.add(Curve.fromPolyline([-0.3, 0.3], [0, 0]), { pose: pose2(0, [0.5, 1e-14]) });
    w2.setTarget(stick, pose2(0, [0.5, -0.5]));
    expect(w2.step().events.length).toBe(1);
    expect(w2.pose(stick).t[1]).toBe(1e-14);
    // a shape on a quad floor is proven (a convex solid holds nothing but what overlaps it)
    const w = new World();
    w.add(quad(3), { pose: at(0, 0), kind: 'static' });
    const crate = w.add(cuboid(0.25, 0.25, 0.25), { pose: at(0, 0.25) });
    w.setTarget(crate, at(0.5, 0.25));
    expect(w.step().events.length).toBe(0);
  });

  it('never lets a thin piece of a body that is thick elsewhere go through a face it lies on (an L bracket, a compound, a hook)', () => {
    const tri = (...v: number[]) => Surface.fromTriangles(new Float64Array(v));
    // a tray open on its +x side: floor y = 0, a wall at x = −3
    const tray = tri(
      -3,
      0,
      -3,
      3,
      0,
      3,
      3,
      0,
      -3,
      -3,
      0,
      -3,
      -3,
      0,
      3,
      3,
      0,
      3,
      -3,
      0,
      -3,
      -3,
      1,
      3,
      -3,
      0,
      3,
      -3,
      0,
      -3,
      -3,
      1,
      -3,
      -3,
      1,
      3,
    );
    // a leg on the tray's floor, another hanging down beyond its open side
    const bracket = tri(
      0,
      0,
      -0.3,
      4,
      0,
      0.3,
      4,
      0,
      -0.3,
      0,
      0,
      -0.3,
      0,
      0,
      0.3,
      4,
      0,
      0.3,
      4,
      0,
      -0.3,
      4,
      -2,
      0.3,
      4,
      -2,
      -0.3,
      4,
      0,
      -0.3,
      4,
      0,
      0.3,
      4,
      -2,
      0.3,
    );
    const plateAndCube = compound([
      { body: cuboid(0.5, 1e-16, 0.3), pose: at(0.5, 1e-16) },
      { body: cuboid(0.2, 0.2, 0.2), pose: at(4.5, -1) },
    ]);
    for (const [name, floor, body, y] of [
      ['a bracket in a tray', tray, bracket, 0],
      ['a plate and a cube in a tray', tray, plateAndCube, 0],
      ['a plate in a closed box, its cube outside', box(3), plateAndCube, -1.5 + 1e-14],
    ] as const) {
      const w = new World();
      w.add(floor, { pose: at(0, 0), kind: 'static' });
      const c = w.add(body, { pose: at(0, y) });
      w.setTarget(c, at(0, y - 0.5));
      const r = w.step();
      expect([name, r.events.length, w.pose(c).t[1]]).toEqual([name, 1, y]);
    }
    const w2 = new World2();
    w2.add(Curve.fromPolyline([-3, -3, 3], [1, 0, 0]), { pose: pose2(0, [0, 0]), kind: 'static' });
    const hook = w2.add(Curve.fromPolyline([0, 4, 4], [0, 0, -2]), { pose: pose2(0, [0, 0]) });
    w2.setTarget(hook, pose2(0, [0, -0.5]));
    expect(w2.step().events.length).toBe(1);
    // two closed convex surfaces (a surface crate on a surface floor) are proven
    const w = new World();
    w.add(box([6, 0.1, 6]), { pose: at(0, 0), kind: 'static' });
    const crate = w.add(box(0.5), { pose: at(0, 0.3) });
    w.setTarget(crate, at(0.5, 0.3));
    expect(w.step().events.length).toBe(0);
  });

  it('allows no more overlap far from the origin than the rounding there (a press of 1e-7 at 1e6 is refused)', () => {
    const proof = new SlabProof<Pose3>(DIM3);
    const far = (x: number, y: number) => at(1e6 + x, 1e6 + y, 1e6);
    const crate = cuboid(0.25, 0.25, 0.25);
    const base = far(0, 0);
    const p = far(0, 0.3);
    expect(proof.touching(floor, base, base, crate, p, far(0.3, 0.3), [0, 1, 0], 0)).toBe(true);
    expect(proof.touching(floor, base, base, crate, p, far(0.3, 0.3 - 1e-7), [0, 1, 0], 0)).toBe(false);
    // E there: 16 ε (1e6 + the radii), under 4e-9
    expect(proof.rounding(floor, base, base, crate, p, far(0.3, 0.3))).toBeLessThan(4e-9);
  });

  it('lets a ball roll: its margin turns into itself', () => {
    const proof = new SlabProof<Pose3>(DIM3);
    const b = ball(0.2);
    const p = at(0, 0.25);
    const e = poseFromAxisAngle([0, 0, 1], 1, [-0.2, 0.25, 0]);
    expect(
      proof.touching(floor, floorPose, floorPose, b, p, e, [0, 1, 0], 0, null, 0, new RigidMotion(p, e), 0),
    ).toBe(true);
  });
});

describe('ContactFaces', () => {
  it('lists outward normals of flat sides: each holds a face of the shape (its support there is a facet or an edge)', () => {
    const faces = new ContactFaces();
    const hull = convexHull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, 0.2, 0.2, 0.2]);
    const polygon = convexPolygon([0, 0, 2, 0, 2, 1, 1, 2, 0, 1, 1, 1]);
    for (const [shape, dim, least] of [
      [hull, 3, 3],
      [cuboid(1, 2, 3), 3, 4],
      [polygon, 2, 2],
      [cuboid2(1, 2), 2, 2],
    ] as [Shape, 2 | 3, number][]) {
      const list: number[] = [];
      faces.collect(shape, -1, dim, list);
      expect(list.length).toBeGreaterThan(0);
      const v = shape.kind.startsWith('cuboid') ? corners(shape) : shape.vertices();
      for (let k = 0; k < list.length; k += dim) {
        const n = list.slice(k, k + dim);
        const heights: number[] = [];
        for (let q = 0; q < v.length; q += dim) heights.push(n.reduce((s, x, c) => s + x * v[q + c], 0));
        const top = Math.max(...heights);
        const scale = Math.hypot(...n);
        // (an inward normal would have its face at the bottom: one vertex, or none, at the top)
        expect(heights.filter((y) => y >= top - 1e-12 * scale).length).toBeGreaterThanOrEqual(least);
      }
    }
    const none: number[] = [];
    faces.collect(ball(1), 0, 3, none);
    faces.collect(capsule(1, 1), 0, 3, none);
    faces.collect(ball2(1), 0, 2, none);
    expect(none).toEqual([]);
    const capsuleSides: number[] = [];
    faces.collect(capsule2(1, 0.5), 0, 2, capsuleSides);
    expect(capsuleSides).toEqual([1, 0, -1, 0]);
  });

  it('takes a compound’s part the record names, its sides turned by the part’s pose', () => {
    const faces = new ContactFaces();
    const list: number[] = [];
    const turned = poseFromAxisAngle([0, 0, 1], Math.PI / 2, [1, 2, 3]);
    const c = compound([
      { body: ball(1), pose: at(0, 0) },
      { body: cuboid(1, 2, 3), pose: turned },
    ]);
    faces.collect(c, 1, 3, list);
    // the cuboid's +x side turned a quarter about z: +y in the compound's frame
    expect(list.slice(0, 3).map((x) => Math.round(x * 1e12) / 1e12 + 0)).toEqual([0, 1, 0]);
    expect(list.length).toBe(18);
    const none: number[] = [];
    faces.collect(c, 0, 3, none);
    faces.collect(c, 2, 3, none);
    expect(none).toEqual([]);
  });

  it('takes a surface’s facet and a curve’s segment that the record names, both ways', () => {
    const faces = new ContactFaces();
    const list: number[] = [];
    const s = box(1);
    faces.collect(s, 0, 3, list);
    expect(list.length).toBe(6);
    expect(list.slice(3)).toEqual(list.slice(0, 3).map((x) => -x));
    const out: number[] = [];
    faces.collect(s, s.facetCount, 3, out);
    faces.collect(rectangle(1, 1), 99, 2, out);
    expect(out).toEqual([]);
    faces.collect(rectangle(1, 1), 0, 2, out);
    expect(out.length).toBe(4);
    expect(Surface.isSurface(s) && Curve.isCurve(rectangle(1, 1))).toBe(true);
  });
});

/** A cuboid's 8 corners (3-D) or a 2-D cuboid's 4, from its bounds. */
function corners(shape: Shape): Float64Array {
  const { min, max } = shape.bounds();
  const out: number[] = [];
  if (shape.dim === 2) for (const y of [min[1], max[1]]) for (const x of [min[0], max[0]]) out.push(x, y);
  else
    for (const z of [min[2], max[2]])
      for (const y of [min[1], max[1]]) for (const x of [min[0], max[0]]) out.push(x, y, z);
  return Float64Array.from(out);
}

describe('World.step: bodies placed in exact contact', () => {
  const floors = [
    ['a cuboid floor', () => cuboid(3, 0.05, 3)],
    ['a surface floor', () => box([6, 0.1, 6])],
  ] as const;
  const crates = [
    ['cuboid', cuboid(0.25, 0.25, 0.25), 0.25],
    ['surface box', box(0.5), 0.25],
    ['ball', ball(0.2), 0.2],
    ['cylinder', cylinder(0.2, 0.1), 0.2],
    ['rounded cuboid', rounded(cuboid(0.1, 0.1, 0.1), 0.05), 0.15],
  ] as const;
  for (const [floorName, makeFloor] of floors)
    for (const [name, crate, half] of crates) {
      it(`${name} on ${floorName}: resting, sliding, spinning about the normal and lifting are no impact; pressing is one`, () => {
        const y = 0.05 + half;
        for (const [motion, target, impacts] of [
          ['rest', at(0, y), 0],
          ['slide', at(0.4, y, -0.3), 0],
          ['spin', at(0.4, y, 0.1, 2), 0],
          ['lift', at(0.1, y + 0.3), 0],
          ['press', at(0.1, y - 0.01), 1],
        ] as const) {
          const w = new World();
          w.add(makeFloor(), { pose: at(0, 0), kind: 'static' });
          const c = w.add(crate, { pose: at(0, y) });
          w.setTarget(c, target);
          const r = w.step();
          expect([motion, r.events.length]).toEqual([motion, impacts]);
          if (impacts === 0) expect(Array.from(w.pose(c).t)).toEqual(Array.from(target.t));
          else {
            expect(r.events[0].status).toBe('initial-contact');
            // stopped where it touched
            expect(Array.from(w.pose(c).t)).toEqual([0, y, 0]);
          }
        }
      });
    }

  it('slides a crate 200 steps along the floor without an impact or a drift into it', () => {
    const w = new World();
    w.add(cuboid(50, 0.05, 50), { pose: at(0, 0), kind: 'static' });
    const c = w.add(cuboid(0.25, 0.25, 0.25), { pose: at(0, 0.3, 0, 0.3) });
    let events = 0;
    for (let s = 1; s <= 200; s++) {
      w.setTarget(c, at(0.01 * s, 0.3, 0.005 * s, 0.3 + 0.02 * s));
      events += w.step().events.length;
    }
    expect(events).toBe(0);
    expect(w.pose(c).t[1]).toBe(0.3);
  });

  it('reports a crate that overlaps the floor by more than the rounding', () => {
    const w = new World();
    w.add(cuboid(3, 0.05, 3), { pose: at(0, 0), kind: 'static' });
    const sunk = w.add(cuboid(0.25, 0.25, 0.25), { pose: at(0, 0.3 - 1e-6) });
    w.setTarget(sunk, at(0.5, 0.3 - 1e-6));
    const r = w.step();
    expect(r.events.map((e) => e.ids[1])).toEqual([sunk]);
  });

  it('compounds (a table of cuboids, a surface box with a rounded cuboid): resting, sliding, spinning, lifting are no impact; pressing is one', () => {
    const table = compound([
      { body: cuboid(0.5, 0.05, 0.3), pose: at(0, 0) },
      ...[
        [-0.45, -0.25],
        [0.45, -0.25],
        [-0.45, 0.25],
        [0.45, 0.25],
      ].map(([x, z]) => ({ body: cuboid(0.03, 0.25, 0.03), pose: at(x, -0.25, z) })),
    ]);
    const mixed = compound([
      { body: box(0.4), pose: at(0, 0) },
      { body: rounded(cuboid(0.1, 0.1, 0.1), 0.05), pose: at(0.4, 0.05) },
    ]);
    for (const [body, y] of [
      [table, 0.55],
      [mixed, 0.25],
    ] as const) {
      for (const [motion, target, impacts] of [
        ['rest', at(0, y), 0],
        ['slide', at(0.3, y, 0.2), 0],
        ['spin', at(0.3, y, 0, 1), 0],
        ['lift', at(0, y + 0.2), 0],
        ['press', at(0, y - 0.01), 1],
      ] as const) {
        const w = new World();
        w.add(cuboid(3, 0.05, 3), { pose: at(0, 0), kind: 'static' });
        const c = w.add(body, { pose: at(0, y) });
        w.setTarget(c, target);
        expect([motion, w.step().events.length]).toEqual([motion, impacts]);
      }
    }
  });

  it('tries at most 32 flat sides of a hull of thousands of facets at an impact (a press)', () => {
    const r = mulberry(5);
    const points: number[] = [];
    for (let k = 0; k < 2000; k++) {
      const v = [r() - 0.5, r() - 0.5, r() - 0.5];
      const l = Math.hypot(...v);
      points.push((0.2 * v[0]) / l, (0.2 * v[1]) / l, (0.2 * v[2]) / l);
    }
    const hull = convexHull(points);
    expect(hull.facets().length / 3).toBeGreaterThan(1000);
    const bottom = -hull.bounds().min[1];
    const w = new World();
    w.add(cuboid(3, 0.05, 3), { pose: at(0, 0), kind: 'static' });
    const c = w.add(hull, { pose: at(0, 0.05 + bottom) });
    w.setTarget(c, at(0.1, 0.04 + bottom));
    const spy = vi.spyOn(SlabProof.prototype, 'touching');
    try {
      const step = w.step();
      expect(step.events.length).toBe(1);
      // the record's normal both ways, the floor's 6 sides, 32 of the hull's, the origins' line;
      // then the same after the stop (the pair at rest is left out without a proof)
      expect(spy.mock.calls.length).toBeLessThanOrEqual(2 * (2 + 6 + 32 + 1));
    } finally {
      spy.mockRestore();
    }
  });

  it('lets a kinematic pusher in exact contact carry a dynamic ball: one impact a step, never max-impacts', () => {
    const w = new World();
    const k = w.add(ball(0.5), { pose: at(0, 0), kind: 'kinematic' });
    const d = w.add(ball(0.5), { pose: at(1, 0) });
    for (let s = 1; s <= 3; s++) {
      w.setTarget(k, at(0.1 * s, 0));
      const r = w.step();
      expect(r.status).toBe('complete');
      expect(r.events.length).toBe(1);
      expect(w.pose(d).t[0]).toBeCloseTo(1 + 0.1 * s, 12);
    }
    // the pusher leaves: the ball stays, no impact
    w.setTarget(k, at(-1, 0));
    expect(w.step().events.length).toBe(0);
  });
});

describe('World2.step: a kinematic platform lifting a crate it touches', () => {
  it('is one impact a step, the crate riding along (an unturned 2-D body keeps its angle bit for bit)', () => {
    const w = new World2();
    const platform = w.add(cuboid2(0.5, 0.5), { pose: pose2(0, [0, -0.5]), kind: 'kinematic' });
    const crate = w.add(cuboid2(0.5, 0.5), { pose: pose2(0, [0, 0.5]) });
    for (let s = 1; s <= 3; s++) {
      w.setTarget(platform, pose2(0, [0, -0.5 + 0.1 * s]));
      const r = w.step();
      expect([r.status, r.events.length]).toEqual(['complete', 1]);
      expect(w.pose(crate).t[1]).toBeCloseTo(0.5 + 0.1 * s, 12);
    }
  });
});

describe('World2.step: bodies placed in exact contact', () => {
  for (const [name, floor, crate, y] of [
    ['2-D shapes', cuboid2(5, 0.05), cuboid2(0.25, 0.25), 0.3],
    ['curves', rectangle(10, 0.1), rectangle(0.5, 0.5), 0.3],
    ['a 2-D ball on a shape', cuboid2(5, 0.05), ball2(0.25), 0.3],
    ['a triangle on a shape', cuboid2(5, 0.05), convexPolygon([-0.2, 0.05, 0.2, 0.05, 0, 0.4]), 0],
    [
      'a 2-D compound on a shape',
      cuboid2(5, 0.05),
      compound2([
        { body: cuboid2(0.5, 0.05), pose: pose2(0, [0, 0]) },
        { body: rectangle(0.1, 0.4), pose: pose2(0, [0.3, -0.25]) },
      ]),
      0.5,
    ],
  ] as const) {
    it(`${name}: sliding and lifting are no impact; pressing is one`, () => {
      for (const [motion, target, impacts] of [
        ['slide', pose2(0, [0.4, y]), 0],
        ['lift', pose2(0, [0.4, y + 0.2]), 0],
        ['press', pose2(0, [0.4, y - 0.01]), 1],
      ] as const) {
        const w = new World2();
        w.add(floor, { pose: pose2(0, [0, 0]), kind: 'static' });
        const c = w.add(crate, { pose: pose2(0, [0, y]) });
        w.setTarget(c, target);
        expect([motion, w.step().events.length]).toEqual([motion, impacts]);
      }
    });
  }
});
