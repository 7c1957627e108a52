// The numerical edge cases of the reliability issue: bodies far from the origin, a turn of exactly
// π and of 1e-12, coplanar touching faces, identical coincident bodies, all-degenerate meshes,
// μ = 0, a tolerance of 1e-12 of the body size with the iteration cap honoured, and grazing
// approaches at gaps of 1 to 256 tolerances. References are analytic wherever the geometry allows.
//
// Tolerance choices, stated once:
//   - Far from the origin, toi must agree with the toi at the origin within tol/μ: the time the
//     tolerance takes to cross at the speed bound. The CA step is (d − tol/2)/μ, so two runs whose
//     gaps differ by rounding alone can stop one step apart, and the last step before a contact is
//     at most tol/(2μ); tol/μ leaves the rest for the rounding of the positions. The tolerance is
//     the default, 1e-6 of the larger bounding-box diagonal: 1.7e-6 for the unit cubes used. At an
//     offset of 1e9 the spacing of float64 is 2⁻²³ ≈ 1.2e-7, so a translation t0 + sΔ is placed
//     within ~6e-8 per coordinate and the relative placement within ~2e-7: an order of magnitude
//     below the tolerance, so the promise is meaningful there (it would not be with a tolerance of
//     1e-8). The cases are chosen with a closing speed near μ (head-on, or turning slowly), where the
//     rounding moves the contact by (rounding)/(closing speed) ≲ tol/(2μ). Past 1e8 times the body
//     size the default has a floor, 2⁻⁴⁶ of the largest coordinate (1.4e-5 at 1e9): each answer is
//     then compared within the larger of the two tolerances.
//   - Elsewhere gaps are compared with a slack of 1e-12 (unit bodies near the origin: distances
//     carry a few ulps of 1, ~1e-16).

import { box, Curve, icosphere, Surface, surfaceDistance } from '@firsttouch/mesh';
import { identityPose, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import {
  CcdStatus,
  conservativeAdvance,
  type DirectionalMode,
  timeOfImpact,
  timeOfImpact2,
} from '../src/index.js';

const MODES: DirectionalMode[] = [false, 'auto', true];
const EPS = 1e-12;
const OFFSETS = [0, 1e3, 1e6, 1e9];

const at = (x: number, y: number, z: number, axis = [0, 0, 1], angle = 0) =>
  poseFromAxisAngle(axis, angle, [x, y, z]);
const rest = [identityPose(), identityPose()] as const;
const square = (h: number, cx = 0, cy = 0) =>
  Curve.fromLoops([cx - h, cx + h, cx + h, cx - h], [cy - h, cy - h, cy + h, cy + h], [4]);

describe('far from the origin: the same toi within tol/μ at offsets 0, 1e3, 1e6, 1e9', () => {
  /** One 3-D case: B's motion relative to A, both moved by the offset. */
  function at3(
    offset: number,
    motion: (o: number) => Parameters<typeof timeOfImpact>[2],
    directional: DirectionalMode,
  ) {
    return timeOfImpact(box(1), box(1), motion(offset), { directional });
  }

  const cases3: [string, (o: number) => Parameters<typeof timeOfImpact>[2]][] = [
    [
      'head-on, both moving',
      (o) => ({ a: [at(o, o, -o), at(o + 1, o, -o)], b: [at(o + 4, o + 0.2, -o), at(o + 1.5, o + 0.2, -o)] }),
    ],
    [
      'translating and turning slowly about z',
      (o) => ({
        a: [at(o, -o, o), at(o, -o, o)],
        b: [at(o + 3, -o + 0.3, o, [0, 0, 1], 0), at(o - 1, -o + 0.3, o, [0, 0, 1], 0.4)],
      }),
    ],
    [
      'both turned, oblique approach',
      (o) => ({
        a: [at(o, o, o, [1, 1, 0], 0.3), at(o + 0.5, o, o, [1, 1, 0], 0.3)],
        b: [at(o + 3, o + 1, o, [0, 1, 1], 0.2), at(o - 0.5, o + 0.2, o, [0, 1, 1], 0.5)],
      }),
    ],
  ];

  for (const [name, motion] of cases3) {
    it(`3-D: ${name}`, () => {
      for (const directional of MODES) {
        const base = at3(0, motion, directional);
        expect(base.status).toBe(CcdStatus.Contact);
        // the promise only means something if the tolerance exceeds the spacing at 1e9
        expect(base.tolerance).toBeGreaterThan(10 * 2 ** -23);
        for (const offset of OFFSETS) {
          const r = at3(offset, motion, directional);
          expect(r.status).toBe(base.status);
          expect(Math.abs(r.toi - base.toi)).toBeLessThanOrEqual(
            Math.max(base.tolerance, r.tolerance) / base.mu,
          );
          expect(r.distance).toBeLessThanOrEqual(r.tolerance);
        }
      }
    });
  }

  it('2-D: a square translating and turning into another', () => {
    const a = square(0.5);
    const b = square(0.3);
    for (const directional of MODES) {
      const motion = (o: number) =>
        ({
          a: [pose2(0.1, [o, -o]), pose2(0.1, [o + 0.5, -o])],
          b: [pose2(0, [o + 3, -o + 0.2]), pose2(0.5, [o - 1, -o + 0.2])],
        }) as const;
      const base = timeOfImpact2(a, b, motion(0), { directional });
      expect(base.status).toBe(CcdStatus.Contact);
      for (const offset of OFFSETS) {
        const r = timeOfImpact2(a, b, motion(offset), { directional });
        expect(r.status).toBe(base.status);
        expect(Math.abs(r.toi - base.toi)).toBeLessThanOrEqual(
          Math.max(base.tolerance, r.tolerance) / base.mu,
        );
      }
    }
  });
});

describe('a turn of exactly π, and of 1e-12', () => {
  // A one-sided bar (x from 0 to 1, half-width w = 0.02) turning about z through its end; a post
  // (half-side 0.05) at (0, ±0.5). A half turn counter-clockwise sweeps the upper half-plane: the
  // post's corner (0.05, 0.45) meets the bar's leading face at φ = atan2(0.45, 0.05) − asin(w / r),
  // r = |(0.05, 0.45)|.
  const w = 0.02;
  const bar3 = box([1, 2 * w, 2 * w]).translate([0.5, 0, 0]);
  const post3 = (y: number) => box([0.1, 0.1, 2]).translate([0, y, 0]);
  const r0 = Math.hypot(0.05, 0.45);
  const phi = Math.atan2(0.45, 0.05) - Math.asin(w / r0);
  const closing = Math.sqrt(r0 * r0 - w * w); // the corner's approach speed per radian of turn

  it('3-D: poseFromAxisAngle(+z, π) turns counter-clockwise, (−z, π) clockwise, as documented', () => {
    for (const directional of MODES) {
      const ccw = (y: number) =>
        timeOfImpact(
          post3(y),
          bar3,
          { a: rest, b: [identityPose(), at(0, 0, 0, [0, 0, 1], Math.PI)] },
          { directional },
        );
      const cw = (y: number) =>
        timeOfImpact(
          post3(y),
          bar3,
          { a: rest, b: [identityPose(), at(0, 0, 0, [0, 0, -1], Math.PI)] },
          { directional },
        );
      const hit = ccw(0.5);
      expect(hit.status).toBe(CcdStatus.Contact);
      expect(hit.toi).toBeLessThanOrEqual(phi / Math.PI);
      expect(phi / Math.PI - hit.toi).toBeLessThanOrEqual((2 * hit.tolerance) / (Math.PI * closing));
      expect(ccw(-0.5).status).toBe(CcdStatus.Separate);
      const mirrored = cw(-0.5);
      expect(mirrored.status).toBe(CcdStatus.Contact);
      expect(Math.abs(mirrored.toi - hit.toi)).toBeLessThanOrEqual(hit.tolerance / hit.mu);
      expect(cw(0.5).status).toBe(CcdStatus.Separate);
      // μ of a half turn: π times the farthest corner's distance from the axis
      expect(Math.abs(hit.mu - Math.PI * Math.hypot(1, w))).toBeLessThan(1e-12);
    }
  });

  it('2-D: angle 0 → π and 0 → −π are both the counter-clockwise half turn ((−π, π])', () => {
    const bar = Curve.fromLoops([0, 1, 1, 0], [-w, -w, w, w], [4]);
    for (const directional of MODES) {
      for (const end of [Math.PI, -Math.PI]) {
        const up = timeOfImpact2(
          square(0.05, 0, 0.5),
          bar,
          { a: [pose2(), pose2()], b: [pose2(0), pose2(end)] },
          { directional },
        );
        expect(up.status).toBe(CcdStatus.Contact);
        expect(up.toi).toBeLessThanOrEqual(phi / Math.PI);
        expect(phi / Math.PI - up.toi).toBeLessThanOrEqual((2 * up.tolerance) / (Math.PI * closing));
        const down = timeOfImpact2(
          square(0.05, 0, -0.5),
          bar,
          { a: [pose2(), pose2()], b: [pose2(0), pose2(end)] },
          { directional },
        );
        expect(down.status).toBe(CcdStatus.Separate);
      }
    }
  });

  it('θ = 1e-12: μ keeps its relative accuracy, and the toi is the translation-only toi', () => {
    const ball = icosphere(0.5, 2);
    // rotation only, far from anything: μ = θ ρ to 1e-9 relative, one step, separate
    const spin = timeOfImpact(box(1), ball, { a: rest, b: [at(3, 0, 0), at(3, 0, 0, [0, 0, 1], 1e-12)] });
    expect(spin.status).toBe(CcdStatus.Separate);
    expect(spin.iterations).toBe(1);
    let rho = 0;
    const v = ball.vertices();
    for (let i = 0; i < v.length; i += 3) rho = Math.max(rho, Math.hypot(v[i], v[i + 1]));
    expect(Math.abs(spin.mu - 1e-12 * rho)).toBeLessThanOrEqual(1e-9 * spin.mu);
    // a head-on approach with and without the tiny turn
    for (const directional of MODES) {
      const straight = timeOfImpact(
        box(1),
        ball,
        { a: rest, b: [at(3, 0.1, 0), at(-1, 0.1, 0)] },
        { directional },
      );
      const turned = timeOfImpact(
        box(1),
        ball,
        { a: rest, b: [at(3, 0.1, 0), at(-1, 0.1, 0, [1, 2, 3], 1e-12)] },
        { directional },
      );
      expect(turned.status).toBe(CcdStatus.Contact);
      expect(Math.abs(turned.toi - straight.toi)).toBeLessThanOrEqual(straight.tolerance / straight.mu);
    }
    // 2-D: pose2(0) → pose2(1e-12)
    const s2 = timeOfImpact2(square(0.5), square(0.5), {
      a: [pose2(), pose2()],
      b: [pose2(0, [3, 0]), pose2(1e-12, [3, 0])],
    });
    expect(s2.status).toBe(CcdStatus.Separate);
    expect(Math.abs(s2.mu - 1e-12 * Math.SQRT1_2)).toBeLessThanOrEqual(1e-9 * s2.mu);
  });
});

describe('coplanar touching faces', () => {
  it('faces touching at s = 0, sliding along each other: initial contact, gap 0', () => {
    for (const directional of MODES) {
      const r = timeOfImpact(box(1), box(1), { a: rest, b: [at(1, 0.3, 0), at(1, 5, 0)] }, { directional });
      expect(r.status).toBe(CcdStatus.InitialContact);
      expect(r.distance).toBe(0);
    }
  });

  it('faces closing parallel to each other: contact when they become coplanar, not later', () => {
    for (const directional of MODES) {
      // B's −x face from x = 2.5 to x = −1.5 against A's +x face at 0.5: coplanar at s = 1/2
      const r = timeOfImpact(
        box(1),
        box(1),
        { a: rest, b: [at(3, 0.25, 0.1), at(-1, 0.25, 0.1)] },
        { directional },
      );
      expect(r.status).toBe(CcdStatus.Contact);
      expect(r.toi).toBeLessThanOrEqual(0.5);
      expect(0.5 - r.toi).toBeLessThanOrEqual(r.tolerance / 4 + EPS);
    }
  });

  it('cubes resting on one plane (bottom faces coplanar) closing side to side', () => {
    const r = timeOfImpact(box(1), box(1), { a: [at(0, 0, 0), at(1, 0, 0)], b: [at(5, 0, 0), at(1, 0, 0)] });
    // gap (5 − 4s − 0.5) − (s + 0.5) = 4 − 5s: contact at s = 0.8 — the coplanar bottoms never
    // come closer than the sides
    expect(r.status).toBe(CcdStatus.Contact);
    expect(r.toi).toBeLessThanOrEqual(0.8);
    expect(0.8 - r.toi).toBeLessThanOrEqual(r.tolerance / 5 + EPS);
  });

  it('two single triangles in one plane, edge to edge; and collinear segments end to end (2-D)', () => {
    const left = Surface.fromTriangles([-1, -1, 0, 0, -1, 0, 0, 1, 0]); // right edge on x = 0
    const right = Surface.fromTriangles([0, -1, 0, 1, 1, 0, 0, 1, 0]); // left edge on x = 0
    for (const directional of MODES) {
      const r = timeOfImpact(left, right, { a: rest, b: [at(2, 0, 0), at(-2, 0, 0)] }, { directional });
      expect(r.status).toBe(CcdStatus.Contact);
      expect(r.toi).toBeLessThanOrEqual(0.5);
      expect(0.5 - r.toi).toBeLessThanOrEqual(r.tolerance / 4 + EPS);
      const segA = Curve.fromPolyline([-1, 0], [0, 0]);
      const segB = Curve.fromPolyline([0, 1], [0, 0]);
      const r2 = timeOfImpact2(
        segA,
        segB,
        { a: [pose2(), pose2()], b: [pose2(0, [1, 0]), pose2(0, [-1, 0])] },
        { directional },
      );
      expect(r2.status).toBe(CcdStatus.Contact);
      expect(r2.toi).toBeLessThanOrEqual(0.5);
      expect(0.5 - r2.toi).toBeLessThanOrEqual(r2.tolerance / 2 + EPS);
    }
  });
});

describe('identical coincident bodies', () => {
  it('one surface twice, at rest or moving together: initial contact, gap 0', () => {
    const s = icosphere(0.5, 2);
    const moving = [at(0, 0, 0), at(1, 2, 3, [1, 1, 0], 2)] as const;
    for (const directional of MODES) {
      for (const motion of [
        { a: rest, b: rest },
        { a: moving, b: moving },
      ]) {
        for (const [a, b] of [
          [s, s],
          [s, icosphere(0.5, 2)],
        ]) {
          const r = timeOfImpact(a, b, motion, { directional });
          expect(r.status).toBe(CcdStatus.InitialContact);
          expect(r.toi).toBe(0);
          expect(r.distance).toBe(0);
        }
      }
      const c = square(0.5);
      const r2 = timeOfImpact2(
        c,
        c,
        { a: [pose2(1, [2, 3]), pose2(2, [0, 0])], b: [pose2(1, [2, 3]), pose2(2, [0, 0])] },
        { directional },
      );
      expect(r2.status).toBe(CcdStatus.InitialContact);
      expect(r2.distance).toBe(0);
    }
  });
});

describe('all-degenerate meshes: every facet a point or a segment', () => {
  const point = (x: number, y: number, z: number) => [x, y, z, x, y, z, x, y, z];
  const segment = (p: number[], q: number[]) => [...p, ...p, ...q];

  it('a cloud of point facets against a segment facet sweeping over it', () => {
    const cloud = Surface.fromTriangles([...point(0, -1, 0), ...point(0, 0, 0), ...point(0, 1, 0)]);
    const rod = Surface.fromTriangles(segment([0, 0, -1], [0, 0, 1]));
    for (const directional of MODES) {
      // the rod crosses x = 0 at s = 1/2, through the point (0, 0, 0)
      const r = timeOfImpact(cloud, rod, { a: rest, b: [at(2, 0, 0), at(-2, 0, 0)] }, { directional });
      expect(r.status).toBe(CcdStatus.Contact);
      expect(r.toi).toBeLessThanOrEqual(0.5);
      expect(0.5 - r.toi).toBeLessThanOrEqual(r.tolerance / 4 + EPS);
      for (const x of [...r.pointA, ...r.pointB, r.distance, r.mu]) expect(Number.isFinite(x)).toBe(true);
      // a rod of length 2 turning a quarter turn about y through its lower end (+z towards +x)
      // meets the point (1, 0, 1) half way: the gap is √2 |sin(π/4 − φ)|, φ = (π/2) s
      const turning = timeOfImpact(
        Surface.fromTriangles(point(1, 0, 1)),
        Surface.fromTriangles(segment([0, 0, 0], [0, 0, 2])),
        { a: rest, b: [identityPose(), at(0, 0, 0, [0, 1, 0], Math.PI / 2)] },
        { directional },
      );
      expect(turning.status).toBe(CcdStatus.Contact);
      expect(turning.toi).toBeLessThanOrEqual(0.5);
      expect(0.5 - turning.toi).toBeLessThanOrEqual((2 * turning.tolerance) / (Math.SQRT2 * (Math.PI / 2)));
    }
  });

  it('two single points (no extent at all): the default tolerance falls back, contact found', () => {
    const p = Surface.fromTriangles(point(0, 0, 0));
    const r = timeOfImpact(p, p, { a: rest, b: [at(1, 0, 0), at(-1, 0, 0)] });
    expect(r.tolerance).toBeGreaterThan(0);
    expect(r.tolerance).toBeLessThanOrEqual(1e-6);
    expect(r.status).toBe(CcdStatus.Contact);
    expect(r.toi).toBeLessThanOrEqual(0.5);
    expect(0.5 - r.toi).toBeLessThanOrEqual(r.tolerance / 2 + EPS);
  });

  it('a wireframe box (its 12 edges as segment facets) against a cube', () => {
    const c = [-0.5, 0.5];
    const edges: number[] = [];
    for (const a of c)
      for (const b of c) {
        edges.push(
          ...segment([-0.5, a, b], [0.5, a, b]),
          ...segment([a, -0.5, b], [a, 0.5, b]),
          ...segment([a, b, -0.5], [a, b, 0.5]),
        );
      }
    const wire = Surface.fromTriangles(edges);
    expect(wire.facetCount).toBe(12);
    for (const directional of MODES) {
      const r = timeOfImpact(
        wire,
        box(1),
        { a: rest, b: [at(3, 0.1, 0.2), at(-1, 0.1, 0.2)] },
        { directional },
      );
      expect(r.status).toBe(CcdStatus.Contact);
      expect(r.toi).toBeLessThanOrEqual(0.5);
      expect(0.5 - r.toi).toBeLessThanOrEqual(r.tolerance / 4 + EPS);
    }
  });

  it('2-D: zero-length segments (loops of one vertex)', () => {
    const dot = Curve.fromLoops([0], [0], [1]);
    const dots = Curve.fromLoops([0, 0, 0], [-1, 0, 1], [1, 1, 1]);
    expect(dots.segmentCount).toBe(3);
    for (const directional of MODES) {
      const r = timeOfImpact2(
        dots,
        dot,
        { a: [pose2(), pose2()], b: [pose2(0, [2, 0]), pose2(0, [-2, 0])] },
        { directional },
      );
      expect(r.status).toBe(CcdStatus.Contact);
      expect(r.toi).toBeLessThanOrEqual(0.5);
      expect(0.5 - r.toi).toBeLessThanOrEqual(r.tolerance / 4 + EPS);
    }
  });
});

describe('μ = 0', () => {
  it('bodies at rest: separate in one step, or initial contact', () => {
    for (const directional of MODES) {
      const apart = timeOfImpact(
        box(1),
        icosphere(0.5, 1),
        { a: rest, b: [at(3, 0, 0), at(3, 0, 0)] },
        { directional },
      );
      expect(apart.mu).toBe(0);
      expect(apart.status).toBe(CcdStatus.Separate);
      expect(apart.toi).toBe(1);
      expect(apart.iterations).toBe(1);
      const touching = timeOfImpact(
        box(1),
        box(1),
        { a: rest, b: [at(1, 0, 0), at(1, 0, 0)] },
        { directional },
      );
      expect(touching.mu).toBe(0);
      expect(touching.status).toBe(CcdStatus.InitialContact);
      const a2 = timeOfImpact2(
        square(0.5),
        square(0.5),
        { a: [pose2(1), pose2(1)], b: [pose2(0, [3, 0]), pose2(0, [3, 0])] },
        { directional },
      );
      expect(a2.mu).toBe(0);
      expect(a2.status).toBe(CcdStatus.Separate);
      expect(a2.iterations).toBe(1);
    }
  });

  it('moving together (no relative motion): μ counts both bodies, the answer is separate', () => {
    const m = [at(0, 0, 0), at(7, -3, 2)] as const;
    const b = [at(3, 0, 0), at(10, -3, 2)] as const;
    const r = timeOfImpact(box(1), box(1), { a: m, b });
    expect(r.mu).toBeGreaterThan(0);
    expect(r.status).toBe(CcdStatus.Separate);
  });

  it('conservativeAdvance with μ = 0', () => {
    const far = conservativeAdvance({ distance: () => 1 }, 0, { tolerance: 1e-6 });
    expect(far).toMatchObject({ status: CcdStatus.Separate, toi: 1, iterations: 1 });
    const near = conservativeAdvance({ distance: () => 1e-7 }, 0, { tolerance: 1e-6 });
    expect(near).toMatchObject({ status: CcdStatus.InitialContact, toi: 0, iterations: 0 });
  });
});

describe('a tolerance of 1e-12 of the body size, and the iteration cap', () => {
  it('head-on: contact within 1e-12, still in a step or two', () => {
    for (const directional of MODES) {
      const r = timeOfImpact(
        box(1),
        box(1),
        { a: rest, b: [at(3, 0.2, 0), at(-1, 0.2, 0)] },
        { tolerance: 1e-12, directional },
      );
      // gap 2 − 4s: contact at s = 1/2
      expect(r.status).toBe(CcdStatus.Contact);
      expect(r.toi).toBeLessThanOrEqual(0.5);
      expect(0.5 - r.toi).toBeLessThanOrEqual(1e-12 / 4 + 1e-15);
      expect(r.iterations).toBeLessThanOrEqual(2);
    }
  });

  it('turning into contact: converges well inside the cap, no later than the analytic contact', () => {
    // B's −x face turns about B's centre (z axis) while B closes: the gap to A's +x face at 0.5 is
    // x_B(s) − 0.5 (|cos φ| + |sin φ|) − 0.5, with φ = 0.6 s and x_B = 3 − 3s
    const g = (s: number) =>
      3 - 3 * s - 0.5 * (Math.abs(Math.cos(0.6 * s)) + Math.abs(Math.sin(0.6 * s))) - 0.5;
    let lo = 0;
    let hi = 1;
    for (let k = 0; k < 200; k++) {
      const m = 0.5 * (lo + hi);
      if (g(m) > 0) lo = m;
      else hi = m;
    }
    for (const directional of MODES) {
      const r = timeOfImpact(
        box([1, 8, 8]),
        box(1),
        { a: rest, b: [at(3, 0, 0), at(0, 0, 0, [0, 0, 1], 0.6)] },
        { tolerance: 1e-12, directional },
      );
      expect(r.status).toBe(CcdStatus.Contact);
      expect(r.toi).toBeLessThanOrEqual(hi);
      expect(g(r.toi)).toBeLessThanOrEqual(1e-12 + 1e-15);
      expect(g(r.toi)).toBeGreaterThanOrEqual(0.5e-12 - 1e-15);
      expect(r.iterations).toBeLessThan(1000);
    }
  });

  it('grazing at 4 tolerances with the plain bound: the cap is honoured exactly, toi a lower bound', () => {
    for (const cap of [1, 2, 7, 50]) {
      const r = timeOfImpact(
        box([4, 4, 1]),
        box(1),
        { a: rest, b: [at(-1, 0, 1 + 4e-12), at(1, 0, 1 + 4e-12)] },
        { tolerance: 1e-12, directional: false, maxIterations: cap },
      );
      expect(r.status).toBe(CcdStatus.NotConverged);
      expect(r.iterations).toBe(cap);
      expect(r.toi).toBeGreaterThan(0);
      expect(r.toi).toBeLessThan(1);
      expect(r.distance).toBeGreaterThanOrEqual(0.5e-12);
    }
  });
});

describe('grazing approaches at gaps of 1 to 256 tolerances', () => {
  // A cube slides over the top face of a wide flat box at a height of k tolerances, entering from
  // beyond its edge (so the gap starts large and drops to k·tol). The tolerance is 1e-6.
  const tol = 1e-6;
  const slab = box([4, 4, 1]);
  const slide = (k: number, directional: DirectionalMode) =>
    timeOfImpact(
      slab,
      box(1),
      { a: rest, b: [at(-3, 0, 1 + k * tol), at(3, 0, 1 + k * tol)] },
      { tolerance: tol, directional },
    );
  // the cube's leading bottom edge passes over the slab's edge (x = −2) when its centre is at −2.5
  const overEdge = 0.5 / 6;

  it('below tol/2 the approach is a contact, no later than the edge passes over the edge', () => {
    for (const k of [0, 0.25, 0.4]) {
      for (const directional of MODES) {
        const r = slide(k, directional);
        expect(r.status).toBe(CcdStatus.Contact);
        expect(r.toi).toBeLessThanOrEqual(overEdge);
        expect(r.distance).toBeLessThanOrEqual(tol);
      }
    }
  });

  it('at gaps of 1.5 to 256 tolerances never a contact; the directional bound passes in few steps', () => {
    for (const k of [1.5, 2, 4, 8, 16, 64, 256]) {
      for (const directional of MODES) {
        const r = slide(k, directional);
        expect(r.status).not.toBe(CcdStatus.Contact);
        expect([CcdStatus.Separate, CcdStatus.NotConverged]).toContain(r.status);
        expect(r.iterations).toBeLessThanOrEqual(1000);
        if (r.status === CcdStatus.NotConverged) {
          expect(r.iterations).toBe(1000);
          expect(r.distance).toBeGreaterThanOrEqual(tol / 2);
        }
        if (directional === true) {
          expect(r.status).toBe(CcdStatus.Separate);
          expect(r.iterations).toBeLessThanOrEqual(50);
        }
      }
    }
  });

  it('at exactly one tolerance a contact may be declared, but only within the tolerance', () => {
    for (const directional of MODES) {
      const r = slide(1, directional);
      if (r.status === CcdStatus.Contact) expect(r.distance).toBeLessThanOrEqual(tol);
      else expect([CcdStatus.Separate, CcdStatus.NotConverged]).toContain(r.status);
    }
  });

  it('2-D: the tutorial disc sliding along a wall at 1 to 256 tolerances', () => {
    const n = 32;
    const disc = Curve.fromLoops(
      Array.from({ length: n }, (_, i) => 0.03 * Math.cos((2 * Math.PI * i) / n)),
      Array.from({ length: n }, (_, i) => 0.03 * Math.sin((2 * Math.PI * i) / n)),
      [n],
    );
    const wall = Curve.fromLoops([0, 1, 1, 0], [-0.1, -0.1, 0, 0], [4]);
    for (const k of [1.5, 2, 4, 16, 64, 256]) {
      for (const directional of MODES) {
        const y = 0.03 + k * tol;
        const r = timeOfImpact2(
          wall,
          disc,
          { a: [pose2(), pose2()], b: [pose2(0, [0.1, y]), pose2(0, [0.9, y])] },
          { tolerance: tol, directional },
        );
        expect([CcdStatus.Separate, CcdStatus.NotConverged]).toContain(r.status);
        if (directional === true) expect(r.status).toBe(CcdStatus.Separate);
      }
    }
  });

  it('the distance at a grazing instant agrees with the analytic height', () => {
    const d = surfaceDistance(slab, box(1), { poseB: at(0, 0, 1 + 16 * tol) });
    expect(Math.abs(d.distance - 16 * tol)).toBeLessThan(1e-15);
  });
});
