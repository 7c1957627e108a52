// godot-jolt #389: a body that rotates but does not translate never gets continuous collision
// detection (the engine engages CCD from the linear velocity only; Jolt's docs warn that
// LinearCast ignores rotation), so a spinning bar passes through a post.
//
// What went wrong there: the decision to run CCD, and the cast itself, looked at translation only.
// A body with zero translation was "not moving" and was only checked at its end poses.
//
// What we check: bars that only turn (translation exactly zero, in 3-D and 2-D) past posts whose
// end poses are both clear. The reference is exact: the bar and the post are prisms spanning the
// same heights, so their 3-D gap is the 2-D gap of their cross-sections, computed here (segment
// distances) and advanced by its Lipschitz bound (the turn times the bar's farthest corner), which
// cannot step past a root. Then:
//   - μ is not zero: it is θ times the distance of the farthest vertex from the turning axis;
//   - the contact is found, no later than the reference's certified lower bound of the first root,
//     with the reference's gap at toi between tol/2 and tol;
//   - when the turn stops short of the post, the answer is Separate, and the reference agrees.

import { box, Curve } from '@firsttouch/mesh';
import { pose2, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CcdStatus, type DirectionalMode, timeOfImpact, timeOfImpact2 } from '../../src/index.js';

const MODES: DirectionalMode[] = [false, 'auto', true];
const EPS = 1e-12;

// --- the reference: 2-D cross-sections -------------------------------------------------------

type P = [number, number];

function pointSegment(p: P, a: P, b: P): number {
  const ex = b[0] - a[0];
  const ey = b[1] - a[1];
  const l2 = ex * ex + ey * ey;
  let t = l2 > 0 ? ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / l2 : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(a[0] + t * ex - p[0], a[1] + t * ey - p[1]);
}

const cross = (o: P, a: P, b: P) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

function segmentSegment(a: P, b: P, c: P, d: P): number {
  const o1 = cross(a, b, c);
  const o2 = cross(a, b, d);
  const o3 = cross(c, d, a);
  const o4 = cross(c, d, b);
  if (o1 * o2 < 0 && o3 * o4 < 0) return 0;
  return Math.min(pointSegment(a, c, d), pointSegment(b, c, d), pointSegment(c, a, b), pointSegment(d, a, b));
}

/** Gap between two closed polygons, 0 when their boundaries cross. */
function polygonGap(X: P[], Y: P[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < X.length; i++) {
    for (let j = 0; j < Y.length; j++) {
      best = Math.min(best, segmentSegment(X[i], X[(i + 1) % X.length], Y[j], Y[(j + 1) % Y.length]));
    }
  }
  return best;
}

const rect = (cx: number, cy: number, hx: number, hy: number): P[] => [
  [cx - hx, cy - hy],
  [cx + hx, cy - hy],
  [cx + hx, cy + hy],
  [cx - hx, cy + hy],
];

const turn = (ps: P[], a: number): P[] =>
  ps.map(([x, y]) => [Math.cos(a) * x - Math.sin(a) * y, Math.sin(a) * x + Math.cos(a) * y] as P);

/** The first root of g on [0, 1] (Lipschitz L): a certified lower bound, ∞ when there is none. */
function firstRoot(g: (s: number) => number, L: number): number {
  let s = 0;
  for (let k = 0; k < 2_000_000; k++) {
    const v = g(s);
    if (v <= 1e-13) return s;
    if (s >= 1) return Number.POSITIVE_INFINITY;
    s = Math.min(1, s + v / L);
  }
  return Number.NaN; // grazing: undecided
}

interface Spin {
  /** the bar: half-length L, half-width w, centred on its origin, turning by theta about z */
  L: number;
  w: number;
  theta: number;
  /** the post: a square of half-side p centred at (px, py) */
  px: number;
  py: number;
  p: number;
}

function reference(c: Spin) {
  const bar = rect(0, 0, c.L, c.w);
  const post = rect(c.px, c.py, c.p, c.p);
  const g = (s: number) => polygonGap(turn(bar, s * c.theta), post);
  const rho = Math.hypot(c.L, c.w);
  return { g, rho, root: firstRoot(g, Math.abs(c.theta) * rho) };
}

function check3(c: Spin, directional: DirectionalMode): void {
  const { g, rho, root } = reference(c);
  if (Number.isNaN(root)) return;
  const bar = box([2 * c.L, 2 * c.w, 2 * c.w]);
  const post = box([2 * c.p, 2 * c.p, 2]).translate([c.px, c.py, 0]);
  const rest = poseFromAxisAngle([0, 0, 1], 0);
  // rotation only: both poses have the same (zero) translation
  const r = timeOfImpact(
    post,
    bar,
    { a: [rest, rest], b: [rest, poseFromAxisAngle([0, 0, 1], c.theta)] },
    { directional },
  );
  // μ is the turn times the farthest corner's distance from the axis: not zero without translation
  if (Math.abs(c.theta) > 1e-300) expect(r.mu).toBeGreaterThan(0);
  expect(Math.abs(r.mu - Math.abs(c.theta) * rho)).toBeLessThanOrEqual(1e-12 * r.mu + 1e-300);
  judge(r.status, r.toi, r.tolerance, g, root);
}

function check2(given: Spin, directional: DirectionalMode): void {
  // 2-D turns are the difference of the angles wrapped into (−π, π]: −π is a counter-clockwise half turn
  const c = given.theta === -Math.PI ? { ...given, theta: Math.PI } : given;
  const { g, root } = reference(c);
  if (Number.isNaN(root)) return;
  const loop = (ps: P[]) =>
    Curve.fromLoops(
      ps.map((p) => p[0]),
      ps.map((p) => p[1]),
      [ps.length],
    );
  const r = timeOfImpact2(
    loop(rect(c.px, c.py, c.p, c.p)),
    loop(rect(0, 0, c.L, c.w)),
    { a: [pose2(), pose2()], b: [pose2(0), pose2(c.theta)] },
    { directional },
  );
  if (Math.abs(c.theta) > 1e-300) expect(r.mu).toBeGreaterThan(0);
  judge(r.status, r.toi, r.tolerance, g, root);
}

function judge(status: string, toi: number, tol: number, g: (s: number) => number, root: number): void {
  if (root === Number.POSITIVE_INFINITY) {
    // the reference certified no contact; the query may still stop within tol of a graze
    if (status === CcdStatus.Contact) expect(g(toi)).toBeLessThanOrEqual(tol + EPS);
    else expect([CcdStatus.Separate, CcdStatus.NotConverged]).toContain(status);
    return;
  }
  expect(status).toBe(CcdStatus.Contact);
  expect(toi).toBeLessThanOrEqual(root);
  expect(g(toi)).toBeLessThanOrEqual(tol + EPS);
  expect(g(toi)).toBeGreaterThanOrEqual(tol / 2 - EPS);
}

describe('godot-jolt #389: rotation without translation', () => {
  // A bar of length 2 turning a quarter turn, a post at 45° inside its reach.
  const quarter: Spin = { L: 1, w: 0.05, theta: Math.PI / 2, px: 0.45, py: 0.45, p: 0.05 };

  it('the end poses are both clear of the post: only the sweep touches it', () => {
    const { g, root } = reference(quarter);
    expect(g(0)).toBeGreaterThan(0.1);
    expect(g(1)).toBeGreaterThan(0.1);
    expect(root).toBeGreaterThan(0);
    expect(root).toBeLessThan(1);
  });

  it('3-D: contact found, μ = θ ρ, toi no later than the reference', () => {
    for (const directional of MODES) check3(quarter, directional);
  });

  it('2-D: the same with timeOfImpact2', () => {
    for (const directional of MODES) check2(quarter, directional);
  });

  it('the other way round (clockwise) sweeps the other side: no contact', () => {
    const cw = { ...quarter, theta: -Math.PI / 2 };
    expect(reference(cw).root).toBe(Number.POSITIVE_INFINITY);
    for (const directional of MODES) {
      check3(cw, directional);
      check2(cw, directional);
    }
  });

  it('random posts and turns up to a half turn either way, rotation only', { timeout: 60_000 }, () => {
    const real = (a: number, b: number) => fc.double({ min: a, max: b, noNaN: true });
    fc.assert(
      fc.property(
        real(0.3, 1.5),
        real(0.01, 0.2),
        real(-Math.PI, Math.PI),
        real(-Math.PI, Math.PI),
        real(0.1, 1.6),
        real(0.02, 0.2),
        fc.constantFrom(...MODES),
        fc.boolean(),
        (L, w, theta, at, radius, p, directional, threeD) => {
          const c: Spin = { L, w, theta, px: radius * Math.cos(at), py: radius * Math.sin(at), p };
          // start clear of the post (otherwise it is initial contact, another file's business), and
          // not inside the bar's cross-section (the post is taller than the bar: in 3-D their
          // surfaces would cross where the 2-D sections only nest)
          fc.pre(reference({ ...c, theta: 0 }).g(0) > 0.01);
          fc.pre(!(Math.abs(c.px) < L && Math.abs(c.py) < w));
          if (threeD) check3(c, directional);
          else check2(c, directional);
        },
      ),
      { numRuns: 400 },
    );
  });
});
