// timeOfImpact2 of two small convex polygons (convexPolygon, cuboid2, rounded ones) on the polygon
// path (ShapeMotion2 with convex's PolygonPair): certified by the oracle (the same polygons as curves,
// dense sampling in s plus bisection, tests/oracle/sweep.ts), with the core's gap less the margins
// for rounded ones; and against the GJK path on the same shapes (pointSet2 of the same points, which
// GJK answers): the same status, the toi within the tolerance's reach, both never after the oracle's
// first contact.

import { convexPolygon, cuboid2, hull2, pointSet2, rounded, type Shape } from '@firsttouch/convex';
import { Curve } from '@firsttouch/mesh';
import { pose2 } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Motion2, timeOfImpact2 } from '../src/index.js';
import { checkGuarantee, type Sweep, scan, sweep2 } from './oracle/sweep.js';
import { real, seedFor, stepArb2, stepPoses2 } from './scenarios.js';

/** A body of the test: the shape on the polygon path, the same on GJK's, its core as a curve, its margin. */
interface Body {
  shape: Shape<2>;
  gjk: Shape<2>;
  curve: Curve;
  margin: number;
}

const points = fc
  .array(fc.tuple(real(-0.6, 0.6), real(-0.6, 0.6)), { minLength: 3, maxLength: 12 })
  .map((ps) => ps.flat())
  .filter((p) => {
    try {
      hull2(p);
      return true;
    } catch {
      return false;
    }
  });

const body: fc.Arbitrary<Body> = fc
  .record({
    polygon: fc.option(points, { nil: undefined }),
    hx: real(0.05, 0.6),
    hy: real(0.05, 0.6),
    radius: fc.option(real(0.01, 0.2), { nil: undefined }),
  })
  .map(({ polygon, hx, hy, radius }) => {
    const xy = polygon ?? [-hx, -hy, hx, -hy, hx, hy, -hx, hy];
    const ring = hull2(xy);
    const core = polygon === undefined ? cuboid2(hx, hy) : convexPolygon(xy);
    const curve = Curve.fromLoops(
      Array.from(ring, (k) => xy[2 * k]),
      Array.from(ring, (k) => xy[2 * k + 1]),
      [ring.length],
    );
    const round = (s: Shape<2>) => (radius === undefined ? s : rounded(s, radius));
    return { shape: round(core), gjk: round(pointSet2(xy)), curve, margin: radius ?? 0 };
  });

const step = fc.record({
  a: stepArb2(0.3, 1),
  b: stepArb2(0.3, 6, false),
  at: real(0.1, 0.9),
  miss: fc.tuple(real(-1, 1), real(-1, 1)),
});

/**
 * The first instant the oracle's gap is at most `tol` (+ slack), seen on the scan's grid and bisected
 * to 1e-12: no answer with a gap within tol comes before it.
 */
function firstWithin(sw: Sweep, sc: ReturnType<typeof scan>, tol: number): number {
  const within = (s: number) => sw.at(s, 4 * tol).distance <= tol + sc.slack;
  let i = 0;
  while (i <= sc.n && !(sc.d[i] <= tol + sc.slack)) i++;
  if (i === 0) return 0;
  let lo = (i - 1) / sc.n;
  let hi = Math.min(1, i / sc.n);
  while (hi - lo > 1e-12) {
    const mid = 0.5 * (lo + hi);
    if (within(mid)) hi = mid;
    else lo = mid;
  }
  return lo;
}

/**
 * The oracle's sweep of the two cores (curves), less the margins: the gap of rounded shapes, whose
 * points move up to |θ| · margin farther than the cores' (the speed bound grows by as much).
 */
function sweepOf(a: Body, b: Body, motion: Motion2, thetaA: number, thetaB: number): Sweep {
  const sw = sweep2(a.curve, b.curve, motion);
  const m = a.margin + b.margin;
  if (m === 0) return sw;
  return {
    ...sw,
    mu: sw.mu + Math.abs(thetaA) * a.margin + Math.abs(thetaB) * b.margin,
    scale: sw.scale + m,
    at: (s, cap) => {
      const d = sw.at(s, cap === undefined ? undefined : cap + m);
      return { ...d, distance: Math.max(0, d.distance - m) };
    },
  };
}

/** A polygon's points (x y each) as one closed curve, for the sweep oracle. */
function loopOf(p: number[]): Curve {
  return Curve.fromLoops(
    p.filter((_, k) => k % 2 === 0),
    p.filter((_, k) => k % 2 === 1),
    [p.length / 2],
  );
}

describe('timeOfImpact2 on the polygon path', { timeout: 240_000 }, () => {
  it('a rectangle turning into a triangle, as GJK answers it', () => {
    const motion = { a: [pose2(), pose2()], b: [pose2(0, [3, 0]), pose2(1, [-3, 0])] } as const;
    const r = timeOfImpact2(cuboid2(0.5, 0.5), convexPolygon([0, 0, 1, 0, 0, 1]), motion);
    const g = timeOfImpact2(cuboid2(0.5, 0.5), pointSet2([0, 0, 1, 0, 0, 1]), motion);
    expect(r.status).toBe('contact');
    expect(g.status).toBe('contact');
    // The step along B's own edge (the triangle's) closes faster than GJK's path's along A's frame.
    expect(r.iterations).toBeLessThan(g.iterations);
    expect(Math.abs(r.toi - g.toi)).toBeLessThan(1e-6);
    expect(r.distance).toBeLessThanOrEqual(r.tolerance);
  });

  it('a polygon with two vertices 8e-17 apart: never after the contact', () => {
    // Found by the Box2D repro's rings on this path: over that short edge the climb of the polygons'
    // supports compared two heights that round alike and stopped a vertex short of the top, so the
    // bound exceeded the gap by 4.7e-7 and the answer came after the contact (the gap at toi 2.7e-7
    // where tol/2 is 4.7e-7).
    const A = [
      0.5411965141713619, 0, 0.4435654412335445, 0.2357022603955158, 0.2078631808380287, 0.3333333333333333,
      -0.02783907955748713, 0.23570226039551584, -0.12547015249530463, 4.082155997157844e-17,
      -0.027839079557487212, -0.2357022603955158, 0.20786318083802863, -0.3333333333333333,
      0.5411965141713619, -8.164311994315688e-17,
    ];
    const B = [
      0.19999999999999998, 0, -0.09999999999999995, 0.17320508075688773, -0.10000000000000007,
      -0.17320508075688767,
    ];
    const motion: Motion2 = {
      a: [pose2(), pose2()],
      b: [
        pose2(3.0254619578343482, [2.958231096877781, 0]),
        pose2(3.0254619578343482 + 1.9937219941086746, [0, 0]),
      ],
    };
    const r = timeOfImpact2(convexPolygon(A), convexPolygon(B), motion);
    const sw = sweep2(loopOf(A), loopOf(B), motion);
    checkGuarantee(sw, scan(sw, r.tolerance), r, 'twin vertices');
    expect(r.status).toBe('contact');
  });

  it('an octagon closed by hand (two vertices 4.9e-17 apart) turning onto a kite: never after the contact', () => {
    // The second case of the same fault: placed, the short edge points anywhere, and the climb from
    // the last support stopped on it (the bound 0.31 where the gap was 0.14, the answer 0.0617 late).
    const A = [
      0.3333333333333333, 0, 6.123233343368443e-17, 0.9999998934601677, -0.3333333333333333,
      4.082155997157844e-17, -6.123233995736765e-17, -0.3333333333333333,
    ];
    const B = [
      0.19999999999999998, 0, 0.1414213562373095, 0.14142135623730948, 1.2246467991473531e-17,
      0.19999999999999998, -0.14142135623730948, 0.1414213562373095, -0.19999999999999998,
      2.4492935982947062e-17, -0.14142135623730953, -0.14142135623730948, -3.673940397442059e-17,
      -0.19999999999999998, 0.19999999999999998, -4.8985871965894125e-17,
    ];
    const start = -2.9052017507869214;
    const motion: Motion2 = {
      a: [pose2(), pose2()],
      b: [pose2(0, [1.6 * Math.cos(start), 1.6 * Math.sin(start)]), pose2(2.860936110742783, [0, 0])],
    };
    const r = timeOfImpact2(convexPolygon(A), convexPolygon(B), motion);
    const sw = sweep2(loopOf(A), loopOf(B), motion);
    checkGuarantee(sw, scan(sw, r.tolerance), r, 'octagon closed by hand');
    expect(r.status).toBe('contact');
  });

  it('polygons whose corners are cut by edges of a few ulps, both turning, as polygons and as rings: never after the contact', () => {
    // Placed, a cut edge's far end may rise by an ulp while the ring falls after it: the climb of the
    // polygons' supports took that rise as the way to the top and never looked back, and the bound
    // exceeded the gap (answers 9.5e-3 and 3.3e-4 deep at their toi; found by a deep fuzz run).
    type Move = { a0: number; th: number; t0: [number, number]; d: [number, number] };
    const motionOf = (m: Move) =>
      [pose2(m.a0, m.t0), pose2(m.a0 + m.th, [m.t0[0] + m.d[0], m.t0[1] + m.d[1]])] as const;
    const cases: Array<{ A: number[]; B: number[]; a: Move; b: Move; tolerance?: number }> = [
      {
        A: [
          0.21119949998011034, 0.5028979803983524, 0.21119949998011034, 0.5028979803983525,
          -0.4954992186705225, -0.029911077182441893, -0.4954992186705226, -0.029911077182442018,
          -0.31612002356029123, -0.3960605270592361, -0.3161200235602911, -0.3960605270592361,
        ],
        B: [
          -0.3338929905431033, 0.043841753864473004, -0.33389299054310345, 0.04384175386447295,
          -0.3847170134810268, -0.06414677347329546, -0.3847170134810268, -0.06414677347329578,
          -0.3261014801115622, -0.3766865795252101, -0.3261014801115621, -0.37668657952521023,
          0.23870833076860076, -0.38930856239894196, 0.23870833076860076, -0.38930856239894196,
        ],
        a: {
          a0: -1.0427634984254839,
          th: 2.71420361995697,
          t0: [0, 0],
          d: [-0.24891316890716553, 0.42968857288360596],
        },
        b: {
          a0: -0.2809552788734435,
          th: 1.5745683431625366,
          t0: [-0.5307630373066509, 2.7723142343561795],
          d: [0.8398647434629458, -6.141693445738895],
        },
        tolerance: 0.005,
      },
      {
        A: [
          0.5222536327083328, 0.2192182963493083, 0.5222536327083326, 0.2192182963493086, 0.39018609529499704,
          0.2974075778146622, 0.3901860952949968, 0.2974075778146623, -0.13776431498045463,
          0.21256901585333468, -0.13776431498045474, 0.21256901585333451, 0.08145524666661853,
          -0.6839319445496689, 0.08145524666661859, -0.6839319445496689, 0.7003298474844488,
          -0.2912718509312964, 0.7003298474844489, -0.2912718509312963,
        ],
        B: [
          0.4541579535817956, -0.035076797649056246, 0.4541579535817955, -0.03507679764905605,
          -0.14165667870777238, 0.26592901583600054, -0.14165667870777243, 0.26592901583600054,
          -0.387497270673749, 0.14838922747795658, -0.387497270673749, 0.14838922747795658,
          -0.5754053845718747, -0.348298200431298, -0.5754053845718746, -0.34829820043129817,
          -0.048789971755052855, -0.8117688270209955, -0.04878997175505281, -0.8117688270209955,
          0.4938382002340459, -0.3847218894362733, 0.4938382002340459, -0.3847218894362733,
        ],
        a: {
          a0: -1.4032798022031783,
          th: 0.4608118295669556,
          t0: [0, 0],
          d: [0.2908891439437866, -0.05302631855010986],
        },
        b: {
          a0: 0.5738585114479067,
          th: -1.2244430303573608,
          t0: [-2.153951201497281, -1.4702051339271347],
          d: [3.050350857232087, 1.7847919148171143],
        },
      },
    ];
    for (const [k, { A, B, a, b, tolerance }] of cases.entries()) {
      const motion: Motion2 = { a: motionOf(a), b: motionOf(b) };
      const sw = sweep2(loopOf(A), loopOf(B), motion);
      const options = tolerance === undefined ? undefined : { tolerance };
      for (const [name, r] of [
        ['polygons', timeOfImpact2(convexPolygon(A), convexPolygon(B), motion, options)],
        ['rings', timeOfImpact2(loopOf(A), loopOf(B), motion, options)],
      ] as const) {
        checkGuarantee(sw, scan(sw, r.tolerance), r, `cut corners ${k}, ${name}`);
        expect(r.status).toBe('contact');
      }
    }
  });

  for (const turning of [true, false]) {
    it(`certified by the oracle and answered as GJK's path answers (${turning ? 'turning' : 'translating'})`, () => {
      const seen = { checked: 0, contacts: 0, widest: 0 };
      fc.assert(
        fc.property(body, body, step, (a, b, spec) => {
          const thetaA = turning ? spec.a.theta : 0;
          const thetaB = turning ? spec.b.theta : 0;
          const motion: Motion2 = {
            a: stepPoses2({ ...spec.a, at: spec.at, theta: thetaA }),
            b: stepPoses2({ ...spec.b, at: spec.at, through: spec.miss, theta: thetaB }),
          };
          const sw = sweepOf(a, b, motion, thetaA, thetaB);
          const r = timeOfImpact2(a.shape, b.shape, motion);
          // One polygon inside the other at s = 0 (its curve does not see the inside): the oracle's
          // gap says nothing there, the status does.
          if (r.status === 'initial-contact') return;
          const sc = scan(sw, r.tolerance);
          checkGuarantee(sw, sc, r, 'polygon path');
          const old = timeOfImpact2(a.gjk, b.gjk, motion, { tolerance: r.tolerance });
          checkGuarantee(sw, sc, old, "GJK's path");
          // GJK's path may spend its steps where the polygon path does not (a sliver turning at a near
          // constant gap: 1 000 steps of 3e-5 each); it then stops at a lower bound of the contact.
          if (old.status === 'not-converged') {
            expect(old.toi).toBeLessThanOrEqual(r.toi);
            return;
          }
          expect(old.status).toBe(r.status);
          // Both stop within the tolerance band before the first contact: from the first instant the
          // oracle's gap comes to tol to its first crossing below tol/2. (Two turning polygons take
          // other steps than GJK's path, where the two tois were within tol / μ: steps that close
          // faster than the bound μ assumed land anywhere in that band.)
          if (r.status === 'contact') {
            // A grazing dip within tol that falls between the scan's grid points starts the band no
            // later than an answer the oracle finds within tol (the scan alone would miss it).
            let first = firstWithin(sw, sc, r.tolerance);
            for (const x of [r, old])
              if (sw.at(x.toi).distance <= r.tolerance + sc.slack) first = Math.min(first, x.toi);
            const band = (sc.below ?? 1) - first;
            expect(Math.abs(old.toi - r.toi)).toBeLessThanOrEqual(band + 1e-9);
            seen.widest = Math.max(seen.widest, Math.abs(old.toi - r.toi));
          }
          seen.checked++;
          if (r.status === 'contact') seen.contacts++;
        }),
        { numRuns: 200, seed: seedFor(3030 + (turning ? 1 : 0)), endOnFailure: true },
      );
      expect(seen.checked).toBeGreaterThan(30);
      expect(seen.contacts).toBeGreaterThan(10);
    });
  }

  it('a signal leaves the answer as it is, and stops the query once aborted', () => {
    // A worker pool passes a signal with every query: its answers must be the calling thread's
    // (the path once left queries with a signal to the driver, which answered in other steps).
    fc.assert(
      fc.property(body, body, step, (x, y, spec) => {
        const motion: Motion2 = {
          a: stepPoses2({ ...spec.a, at: spec.at }),
          b: stepPoses2({ ...spec.b, at: spec.at, through: spec.miss }),
        };
        const plain = timeOfImpact2(x.shape, y.shape, motion);
        const watched = timeOfImpact2(x.shape, y.shape, motion, { signal: new AbortController().signal });
        expect(watched).toEqual(plain);
        expect(Object.is(watched.toi, plain.toi)).toBe(true);
      }),
      { numRuns: 200, seed: seedFor(77) },
    );
    const motion = { a: [pose2(), pose2()], b: [pose2(0, [3, 0]), pose2(1, [-3, 0])] } as const;
    const stop = new AbortController();
    stop.abort();
    expect(() =>
      timeOfImpact2(cuboid2(0.5, 0.5), convexPolygon([0, 0, 1, 0, 0, 1]), motion, { signal: stop.signal }),
    ).toThrow(expect.objectContaining({ code: 'ABORTED' }));
    // Read after every step, as the driver reads it (a signal that counts its reads).
    let reads = 0;
    const counting = {
      get aborted() {
        reads++;
        return false;
      },
    };
    const r = timeOfImpact2(cuboid2(0.5, 0.5), convexPolygon([0, 0, 1, 0, 0, 1]), motion, {
      signal: counting,
    });
    expect(r.iterations).toBeGreaterThan(1);
    expect(reads).toBeGreaterThanOrEqual(r.iterations);
  });

  it('bad input is refused as before', () => {
    const rest = [pose2(), pose2()] as const;
    expect(() =>
      timeOfImpact2(cuboid2(1, 1), convexPolygon([0, 0, 1, 0, 0, 1]), { a: rest } as never),
    ).toThrow('motion must be {a: [Q0, Q1], b: [Q0, Q1]}');
    expect(() =>
      timeOfImpact2(cuboid2(1, 1), cuboid2(1, 1), {
        a: rest,
        b: [pose2(), { angle: Number.NaN, t: [0, 0] }],
      }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_POSE' }));
    expect(() =>
      timeOfImpact2(cuboid2(1, 1), cuboid2(1, 1), { a: rest, b: rest }, { tolerance: -1 }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });
});
