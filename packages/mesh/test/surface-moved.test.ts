// SurfacePair.evaluateMoved against evaluate: along continuous motions, each evaluateMoved told how
// far B's points moved in A's frame since its last call (the largest displacement of B's vertices
// between the two placements, computed as the library places them, times 1 + 1e-9), every field of
// the result (distance, lowerBound, intersecting, beyond, the facets, the points) equals the one of
// evaluate on a second pair, bit for bit (Object.is). Then the calls that must make it search from
// the roots again (evaluate, evaluateFacets, rebind, a `moved` of +∞, NaN or < 0), each with a
// control showing that, without them, a wrong `moved` gives a wrong answer: the comparison can fail.

import { composePose, type Pose3, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { box, relativeTransform, Surface, SurfacePair } from '../src/index.js';
import { arbSoup, offsetPose, quantize, randomUnit, rng } from './helpers.js';
import { unitBunny } from './unit-bunny.js';

const bunny = unitBunny();
const pebble = box(0.04, 2);

const FIELDS = ['distance', 'lowerBound', 'intersecting', 'beyond', 'facetA', 'facetB'] as const;

/** The first field in which the two results differ (Object.is), or null. */
function difference(p: SurfacePair, q: SurfacePair): string | null {
  for (const f of FIELDS) if (!Object.is(p[f], q[f])) return `${f}: ${p[f]} vs ${q[f]}`;
  for (let i = 0; i < 3; i++) {
    if (!Object.is(p.pointA[i], q.pointA[i])) return `pointA[${i}]: ${p.pointA[i]} vs ${q.pointA[i]}`;
    if (!Object.is(p.pointB[i], q.pointB[i])) return `pointB[${i}]: ${p.pointB[i]} vs ${q.pointB[i]}`;
  }
  return null;
}

/** B's vertices placed in A's frame by (R, t), with the very operations of the library. */
function place(b: Surface, R: Float64Array, t: Float64Array, out: Float64Array): void {
  const p = b.positions;
  for (let v = 0; v < p.length; v += 3) {
    const x = p[v],
      y = p[v + 1],
      z = p[v + 2];
    out[v] = R[0] * x + R[1] * y + R[2] * z + t[0];
    out[v + 1] = R[3] * x + R[4] * y + R[5] * z + t[1];
    out[v + 2] = R[6] * x + R[7] * y + R[8] * z + t[2];
  }
}

/** How far any point of B moved between two placements of its vertices (a valid `moved`). */
function displacement(before: Float64Array, after: Float64Array): number {
  let m = 0;
  for (let v = 0; v < before.length; v += 3) {
    const d = Math.hypot(after[v] - before[v], after[v + 1] - before[v + 1], after[v + 2] - before[v + 2]);
    if (d > m) m = d;
  }
  return m * (1 + 1e-9);
}

interface Tally {
  calls: number;
  /** Calls where evaluateMoved tested fewer node pairs than evaluate (it searched from the candidates). */
  reused: number;
  /** Of those, calls whose lowerBound is below the distance (the cluster rule decided it). */
  reusedBelow: number;
  contacts: number;
}

function tally(): Tally {
  return { calls: 0, reused: 0, reusedBelow: 0, contacts: 0 };
}

/**
 * Runs evaluateMoved (pair `moved`) and evaluate (pair `plain`) at each placement, `moved` computed
 * from the last placement given to evaluateMoved; fails at the first difference.
 */
class Replay {
  readonly moved: SurfacePair;
  readonly plain: SurfacePair;
  readonly #before: Float64Array;
  readonly #after: Float64Array;
  #placed = false;

  constructor(
    readonly a: Surface,
    readonly b: Surface,
    readonly t: Tally,
  ) {
    // The trees' own reuse is under test: convex bodies would take the convex path, and a small
    // convex B the hull search, which keeps no candidates.
    this.moved = new SurfacePair(a, b);
    this.plain = new SurfacePair(a, b);
    this.moved.convex = false;
    this.plain.convex = false;
    this.moved.hull = false;
    this.plain.hull = false;
    this.#before = new Float64Array(b.positions.length);
    this.#after = new Float64Array(b.positions.length);
  }

  /** One placement; `loosen` ≥ 1 multiplies the exact `moved` (still a valid bound). */
  step(R: Float64Array, t: Float64Array, label: string, loosen = 1): void {
    place(this.b, R, t, this.#after);
    const moved = this.#placed ? displacement(this.#before, this.#after) * loosen : Number.POSITIVE_INFINITY;
    this.#before.set(this.#after);
    this.#placed = true;
    this.moved.evaluateMoved(R, t, moved);
    this.plain.evaluate(R, t);
    const diff = difference(this.moved, this.plain);
    expect(diff, `${label} (moved ${moved})`).toBeNull();
    this.t.calls++;
    if (this.plain.intersecting) this.t.contacts++;
    if (this.moved.volumePairs < this.plain.volumePairs) {
      this.t.reused++;
      if (this.moved.lowerBound < this.moved.distance) this.t.reusedBelow++;
    }
  }
}

/** A surface point of the bunny (a random vertex) and its outward normal (area-weighted). */
function bunnySpot(r: () => number, s: Surface): { p: number[]; n: number[] } {
  const pos = s.positions;
  const idx = s.indices;
  for (;;) {
    const v = Math.floor(r() * s.vertexCount);
    const n = [0, 0, 0];
    for (let f = 0; f < s.facetCount; f++) {
      const w = [idx[3 * f], idx[3 * f + 1], idx[3 * f + 2]];
      if (!w.includes(v)) continue;
      const u = [0, 1, 2].map((k) => pos[3 * w[1] + k] - pos[3 * w[0] + k]);
      const e = [0, 1, 2].map((k) => pos[3 * w[2] + k] - pos[3 * w[0] + k]);
      n[0] += u[1] * e[2] - u[2] * e[1];
      n[1] += u[2] * e[0] - u[0] * e[2];
      n[2] += u[0] * e[1] - u[1] * e[0];
    }
    const len = Math.hypot(n[0], n[1], n[2]);
    if (len > 0) return { p: [pos[3 * v], pos[3 * v + 1], pos[3 * v + 2]], n: n.map((x) => x / len) };
  }
}

/**
 * The parameters at which a motion is evaluated: mostly the steps of conservative advancement
 * (a fraction of the gap over the speed), mixed with repeats, tiny and long steps, and steps back;
 * through contact the walk jumps on, so that the bodies cross and separate.
 */
function* walk(r: () => number, speed: number, gap: () => number, steps: number): Generator<number> {
  let s = 0;
  for (let k = 0; k < steps && s <= 1; k++) {
    yield s;
    const u = r();
    const d = gap();
    if (u < 0.08) continue;
    if (u < 0.16) s += 1e-9 + 1e-6 * r();
    else if (u < 0.26) s += 0.05 + 0.25 * r();
    else if (u < 0.31) s = Math.max(0, s - 0.05 * r());
    else if (!(d > 1e-6)) s += 0.001 + 0.05 * r();
    else s += ((0.5 + 0.5 * r()) * d) / speed;
  }
}

/**
 * Throws B along a motion (turning by up to π) from `start` to `end` (world poses), A moving from
 * `a0` to `a1`, and replays every placement the walk visits.
 */
function throwB(
  replay: Replay,
  r: () => number,
  a0: Pose3,
  a1: Pose3,
  start: Pose3,
  end: Pose3,
  steps: number,
  label: string,
): void {
  const ma = new RigidMotion(a0, a1);
  const mb = new RigidMotion(start, end);
  const pa = { R: new Float64Array(9), t: new Float64Array(3) };
  const pb = { R: new Float64Array(9), t: new Float64Array(3) };
  const R = new Float64Array(9);
  const t = new Float64Array(3);
  const speed = Math.max(1e-9, ma.translationLength + mb.translationLength + 2 * (ma.theta + mb.theta));
  for (const s of walk(r, speed, () => replay.plain.distance, steps)) {
    ma.poseAt(s, pa);
    mb.poseAt(s, pb);
    relativeTransform(pa, pb, R, t);
    replay.step(R, t, `${label} s=${s}`, r() < 0.2 ? 1 + 10 * r() : 1);
  }
}

/** A pose turned at random about a random axis by up to `angle`, at `centre`. */
function turned(r: () => number, centre: number[], angle: number): Pose3 {
  return poseFromAxisAngle(randomUnit(r), angle * (2 * r() - 1), centre.map(quantize));
}

/** The bunny's own pose (not the identity, so that the relative transform matters). */
const P: Pose3 = (() => {
  const p = poseFromAxisAngle([1, 2, 3], 0.7, [0.3, -0.2, 0.1]);
  return { R: p.R, t: p.t.map(quantize) };
})();

/** A throw of a small body at the bunny: from off a surface point, into (or just short of) it. */
function bunnyThrow(r: () => number, a: Surface): [Pose3, Pose3] {
  const { p, n } = bunnySpot(r, a);
  const out = 0.05 + 0.45 * r();
  const into = r() < 0.7 ? -0.3 * r() : 0.02 * r();
  const side = randomUnit(r).map((x) => 0.05 * x);
  const c0 = p.map((x, k) => x + n[k] * out + side[k]);
  const c1 = p.map((x, k) => x + n[k] * into - side[k]);
  const start = turned(r, c0, Math.PI);
  // The end: the start's orientation turned by up to π about a random axis.
  const turn = poseFromAxisAngle(randomUnit(r), Math.PI * r(), [0, 0, 0]);
  const end: Pose3 = { R: composePose(turn, start).R, t: Float64Array.from(c1.map(quantize)) };
  return [composePose(P, start), composePose(P, end)];
}

describe('evaluateMoved equals evaluate along motions, bit for bit', () => {
  it('the pebble thrown at the bunny: turning, crossing, separating; A turning a little too', () => {
    const t = tally();
    const r = rng(11);
    const replay = new Replay(bunny, pebble, t);
    for (let k = 0; k < 40; k++) {
      const [start, end] = bunnyThrow(r, bunny);
      const a1 = composePose(P, poseFromAxisAngle(randomUnit(r), 0.05 * r(), [0.01 * r(), 0, 0]));
      throwB(replay, r, P, k % 2 === 0 ? P : a1, start, end, 40, `throw ${k}`);
    }
    // The comparison means something: most calls reuse the candidates, through contacts, and some
    // of those settle a lowerBound below the distance (a cluster of near-equal facet pairs).
    expect(t.calls).toBeGreaterThan(1000);
    expect(t.reused).toBeGreaterThan(0.4 * t.calls);
    expect(t.contacts).toBeGreaterThan(50);
    expect(t.reusedBelow).toBeGreaterThan(10);
  }, 120_000);

  for (const offset of [1e4, 1e6]) {
    it(`the same with both bodies moved ${offset} away, and with the bunny's coordinates near ${offset}`, () => {
      const t = tally();
      const r = rng(12);
      const replay = new Replay(bunny, pebble, t);
      for (let k = 0; k < 12; k++) {
        const [start, end] = bunnyThrow(r, bunny);
        throwB(
          replay,
          r,
          offsetPose(P, offset),
          offsetPose(P, offset),
          offsetPose(start, offset),
          offsetPose(end, offset),
          30,
          `throw ${k}`,
        );
      }
      // Far from the origin in A's own frame: the rounding margins are 1e-13 of the offset.
      const far = bunny.translate([offset, -offset, offset]);
      const shift = (p: Pose3): Pose3 => ({
        R: p.R,
        t: Float64Array.from([p.t[0] + offset, p.t[1] - offset, p.t[2] + offset]),
      });
      const far2 = new Replay(far, pebble, t);
      const I: Pose3 = { R: Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]), t: new Float64Array(3) };
      for (let k = 0; k < 12; k++) {
        const [start, end] = bunnyThrow(r, bunny);
        throwB(far2, r, I, I, shift(start), shift(end), 30, `far throw ${k}`);
      }
      expect(t.reused).toBeGreaterThan(0.3 * t.calls);
    }, 120_000);
  }

  it('the bunny against bunny·0.6 (B not refitted: boxes enclosed after the turn)', () => {
    const t = tally();
    const r = rng(13);
    const small = bunny.scale(0.6);
    const replay = new Replay(bunny, small, t);
    for (let k = 0; k < 4; k++) {
      const d = randomUnit(r);
      const start = turned(
        r,
        d.map((x) => 1.1 * x),
        Math.PI,
      );
      const end = turned(
        r,
        d.map((x) => -0.2 * x),
        Math.PI,
      );
      throwB(replay, r, P, P, composePose(P, start), composePose(P, end), 25, `bunny pair ${k}`);
    }
    expect(t.reused).toBeGreaterThan(0.2 * t.calls);
  }, 120_000);

  it('random soups, degenerate facets among them, at offsets 0, 1e4 and 1e6', () => {
    const t = tally();
    const soup = (r: () => number, n: number, extra: number[]): Surface => {
      const xyz: number[] = [];
      for (let f = 0; f < n; f++) {
        const c = [r(), r(), r()].map((x) => 2 * x - 1);
        const size = 0.02 + 0.3 * r() ** 2;
        for (let v = 0; v < 3; v++) for (let k = 0; k < 3; k++) xyz.push(c[k] + size * (2 * r() - 1));
      }
      return Surface.fromTriangles([...xyz, ...extra.map((x) => 0.5 * x)]);
    };
    fc.assert(
      fc.property(
        fc.integer(),
        arbSoup(6),
        arbSoup(6),
        fc.constantFrom(0, 1e4, 1e6),
        (seed, extraA, extraB, offset) => {
          const r = rng(seed);
          const a = soup(r, 40 + Math.floor(200 * r()), extraA);
          const b = soup(r, 20 + Math.floor(100 * r()), extraB);
          const replay = new Replay(a, b, t);
          const axis = randomUnit(r);
          const start = turned(
            r,
            axis.map((x) => 2.5 * x + offset),
            Math.PI,
          );
          const end = turned(
            r,
            axis.map((x) => -2.5 * x * r() + offset),
            Math.PI,
          );
          const o = offsetPose(
            { R: Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]), t: new Float64Array(3) },
            offset,
          );
          throwB(replay, r, o, o, start, end, 25, `seed ${seed}`);
        },
      ),
      { numRuns: 40 },
    );
    expect(t.reused).toBeGreaterThan(0.2 * t.calls);
    expect(t.contacts).toBeGreaterThan(20);
  }, 120_000);

  it('thin plates sliding face to face at exact placements (ties everywhere), then crossing', () => {
    const t = tally();
    const r = rng(14);
    const plate = box([1, 1, 2 ** -20], 6);
    const replay = new Replay(plate, plate, t);
    const I = Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    // A quarter turn about z (exact), and back.
    const Q = Float64Array.from([0, -1, 0, 1, 0, 0, 0, 0, 1]);
    const tv = new Float64Array([0.25, -0.5, 0.5]);
    for (let k = 0; k < 200; k++) {
      const u = r();
      if (u < 0.45) tv[0] += (Math.floor(9 * r()) - 4) / 64;
      else if (u < 0.9) tv[1] += (Math.floor(9 * r()) - 4) / 64;
      else tv[2] = Math.max(2 ** -10, tv[2] / 2);
      replay.step(k % 17 < 9 ? I : Q, tv, `plate step ${k}`);
    }
    // A tilted plate through the other, turning.
    for (let k = 0; k < 6; k++) {
      const start = turned(r, [0.1 * r(), 0.1 * r(), 0.8], 1.2);
      const end = turned(r, [0.1 * r(), -0.1 * r(), -0.8], 1.2);
      const I3: Pose3 = { R: I, t: new Float64Array(3) };
      throwB(replay, r, I3, I3, start, end, 60, `plate crossing ${k}`);
    }
    expect(t.reused).toBeGreaterThan(0.2 * t.calls);
    expect(t.contacts).toBeGreaterThan(10);
  }, 120_000);
});

describe('what makes evaluateMoved search from the roots again', () => {
  const R = Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  // The pebble 2 cm off the bunny's side, then pushed 5 cm into it: telling evaluateMoved that it did
  // not move (moved = 0, a lie) leaves it with the candidates of the first place, whose old bounds
  // still clear the gap it finds among them (about 2 cm), while the bodies now intersect.
  const here = new Float64Array([-0.36, 0.05, 0]);
  const there = new Float64Array([-0.31, 0.05, 0]);
  // The candidates are under test: the pebble would otherwise take the hull search, which keeps none.
  const lied = (between: (p: SurfacePair) => void): SurfacePair => {
    const p = new SurfacePair(bunny, pebble);
    p.hull = false;
    p.evaluateMoved(R, here, Number.POSITIVE_INFINITY);
    p.evaluateMoved(R, here, 0);
    between(p);
    p.evaluateMoved(R, there, 0);
    return p;
  };
  const reference = (between: (p: SurfacePair) => void): SurfacePair => {
    const p = new SurfacePair(bunny, pebble);
    p.hull = false;
    p.evaluate(R, here);
    p.evaluate(R, here);
    between(p);
    p.evaluate(R, there);
    return p;
  };
  const counters = (p: SurfacePair) => [p.volumePairs, p.facetPairs];

  it('control: after the lie, with nothing in between, the answer is wrong (this test can fail)', () => {
    const p = lied(() => {});
    const q = reference(() => {});
    expect(difference(p, q)).not.toBeNull();
    expect(q.intersecting).toBe(true);
    expect(p.distance).toBeGreaterThan(0.01);
  });

  it('an evaluate in between: the next evaluateMoved searches from the roots', () => {
    const mid = new Float64Array([0, 0.6, 0]);
    const between = (p: SurfacePair) => p.evaluate(R, mid);
    const p = lied(between);
    const q = reference(between);
    expect(difference(p, q)).toBeNull();
    // The very search evaluate makes (same hint): the same node and facet pairs.
    expect(counters(p)).toEqual(counters(q));
  });

  it('an evaluate with maxDistance or a relative error in between: the same', () => {
    for (const between of [
      (p: SurfacePair) => p.evaluate(R, here, 0.01),
      (p: SurfacePair) => p.evaluate(R, here, Number.POSITIVE_INFINITY, 0.5),
    ]) {
      const p = lied(between);
      const q = reference(between);
      expect(difference(p, q)).toBeNull();
      expect(counters(p)).toEqual(counters(q));
    }
  });

  it('an evaluateFacets in between: the same', () => {
    const between = (p: SurfacePair) => p.evaluateFacets(R, here, 5, 7);
    const p = lied(between);
    const q = reference(between);
    expect(difference(p, q)).toBeNull();
    expect(counters(p)).toEqual(counters(q));
  });

  it('a rebind in between, to the same or to other surfaces: the same', () => {
    const same = (p: SurfacePair) => p.rebind(bunny, pebble);
    const p = lied(same);
    const q = reference(same);
    expect(difference(p, q)).toBeNull();
    expect(counters(p)).toEqual(counters(q));
    // Other surfaces, then back: nothing of the first pair's candidates survives.
    const other = (s: SurfacePair) => {
      s.rebind(box(0.5), box(0.1));
      s.evaluateMoved(R, here, Number.POSITIVE_INFINITY);
      s.rebind(bunny, pebble);
    };
    const p2 = new SurfacePair(bunny, pebble);
    p2.evaluateMoved(R, here, Number.POSITIVE_INFINITY);
    other(p2);
    p2.evaluateMoved(R, there, 0);
    const q2 = new SurfacePair(bunny, pebble);
    q2.evaluate(R, there);
    expect(difference(p2, q2)).toBeNull();
    expect(counters(p2)).toEqual(counters(q2));
  });

  it('moved = +∞, NaN or negative: the search from the roots', () => {
    for (const moved of [Number.POSITIVE_INFINITY, Number.NaN, -1, Number.NEGATIVE_INFINITY]) {
      const p = new SurfacePair(bunny, pebble);
      const q = new SurfacePair(bunny, pebble);
      p.evaluateMoved(R, here, Number.POSITIVE_INFINITY);
      q.evaluate(R, here);
      p.evaluateMoved(R, there, moved);
      q.evaluate(R, there);
      expect(difference(p, q), `moved ${moved}`).toBeNull();
      expect(counters(p), `moved ${moved}`).toEqual(counters(q));
    }
  });

  it('evaluate keeps working as before after evaluateMoved calls (its own search, its own counters)', () => {
    const p = new SurfacePair(bunny, pebble);
    const q = new SurfacePair(bunny, pebble);
    const r = rng(15);
    for (let k = 0; k < 30; k++) {
      const tv = new Float64Array([0.6 * r() - 0.3, 0.6 * r() - 0.3, 0.6 * r() - 0.3]);
      p.evaluateMoved(R, tv, Number.POSITIVE_INFINITY);
      p.evaluate(R, tv);
      q.evaluate(R, tv);
      q.evaluate(R, tv);
      expect(difference(p, q)).toBeNull();
      expect(counters(p)).toEqual(counters(q));
    }
  });
});
