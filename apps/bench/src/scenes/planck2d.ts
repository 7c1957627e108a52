import { type Body2, CcdStatus, createImpactResult2, type Motion2, timeOfImpact2 } from '@firsttouch/ccd';
import { convexPolygon } from '@firsttouch/convex';
import { readStl, sliceSurface, writeStl } from '@firsttouch/io';
import { type Curve, disc, naca4 } from '@firsttouch/mesh';
import { type Pose2, pose2 } from '@firsttouch/pose';
import { groundTruth, scoreToi2, type Toi2Contender } from '../cases/toi2.js';
import { formatNumber } from '../harness/format.js';
import { Rng } from '../harness/prng.js';
import type { Row, Scene, SceneContext, SceneResult } from '../harness/scene.js';
import { nowMs, pairedRatio, timeSideBySide } from '../harness/timing.js';
import { PLANCK_STATES, PLANCK_TARGET_GAP, PLANCK_TOUCH_BAND, PlanckToi } from '../peers/planck-toi.js';
import { type PolygonPair, polygonCurve, polygonPairs } from '../polygons.js';

const SEED = 0x5eed03;

/** Pairs, and the uniform samples of the ground truth before its certified refinement. */
const SIZES = {
  tiny: { pairs: 20, samples: 64, hotRepeat: 1 },
  quick: { pairs: 1000, samples: 256, hotRepeat: 50 },
  full: { pairs: 10_000, samples: 256, hotRepeat: 250 },
};

/** The pairs of the warm row: the first ones of the draw, each answered over and over. */
const HOT_PAIRS = 20;

/** planck's TimeOfImpact as a contender. */
function planckContender(): Toi2Contender {
  let toi: PlanckToi | undefined;
  return {
    name: 'planck TimeOfImpact',
    band: PLANCK_TOUCH_BAND,
    prepare(pairs) {
      const solver = new PlanckToi(pairs);
      toi = solver;
      return (i) => solver.query(i);
    },
    counters() {
      const counts: Record<string, number> = {};
      for (const s of toi?.states ?? []) counts[PLANCK_STATES[s]] = (counts[PLANCK_STATES[s]] ?? 0) + 1;
      return counts;
    },
  };
}

/** firsttouch's statuses, by index in the contender's per-pair record. */
const STATUSES = [CcdStatus.Contact, CcdStatus.Separate, CcdStatus.InitialContact, CcdStatus.NotConverged];

/** firsttouch's contenders: its options, and the gap within which it reports contact. */
const FIRSTTOUCH_MODES = {
  // The default tolerance is 1e-6 of a box diagonal, at most √2 for polygons of radius 0.5.
  default: { name: 'firsttouch timeOfImpact2', options: undefined, band: 1e-6 * Math.SQRT2 },
  directional: {
    name: 'firsttouch timeOfImpact2 directional',
    options: { directional: true },
    band: 1e-6 * Math.SQRT2,
  },
  shapes: {
    name: 'firsttouch timeOfImpact2 on convexPolygon shapes',
    options: undefined,
    band: 1e-6 * Math.SQRT2,
  },
  planck: {
    name: "firsttouch timeOfImpact2 at planck's target gap",
    options: { tolerance: PLANCK_TARGET_GAP },
    band: PLANCK_TARGET_GAP,
  },
} as const;

/**
 * firsttouch's side: `timeOfImpact2` from `@firsttouch/ccd` on the same polygons as Curves
 * (`Curve.fromLoops`), motion {a: [rest, rest], b: [q0, q1]}, default options (tolerance 1e-6 of the
 * larger bounding-box diagonal, directional 'auto') unless `mode` says otherwise. Contact,
 * InitialContact and NotConverged (a certified lower bound: the caller stops there) answer their toi;
 * Separate answers +∞. As planck's side, a query writes into one reused result record
 * (`createImpactResult2`, as planck's `TOIOutput`) and keeps only numbers for the counters (as planck's
 * states): keeping every result object alive made the collector copy them at each scavenge, in both
 * contenders' time.
 *
 * `mode` 'directional': `directional: true`. 'planck': `tolerance` at planck's target gap
 * ({@link PLANCK_TARGET_GAP}, 0.005): the query stops at a gap of at most 0.005 and at least half of
 * it, where planck stops at 0.005 ± 0.00125; the default tolerance is at least 3 500 times finer.
 */
function firsttouchContender(mode: keyof typeof FIRSTTOUCH_MODES = 'default'): Toi2Contender {
  let status = new Int8Array(0);
  let iterations = new Int32Array(0);
  let evaluations = new Float64Array(0);
  const { name, options, band } = FIRSTTOUCH_MODES[mode];
  return {
    name,
    band,
    prepare(pairs) {
      // A pair's inputs are built together, one pair after the other, from the pair's numbers, as
      // planck's side builds its shapes, proxies and sweeps (`PlanckToi`): the two bodies, A's pose, B's
      // two poses copied (planck copies them into its sweeps) and the motion. (Built in separate passes,
      // with B's poses read from the draw's own objects, a query read its inputs from three places in
      // memory where planck's reads one.) Mode 'shapes': the same polygons as exact convex shapes
      // (`convexPolygon`) instead of Curves.
      const curves: Array<readonly [Body2, Body2]> = [];
      const motions: Motion2[] = [];
      for (const p of pairs) {
        curves.push(
          mode === 'shapes' ? [polygonShape(p.a), polygonShape(p.b)] : [polygonCurve(p.a), polygonCurve(p.b)],
        );
        const rest = pose2(p.angleA);
        motions.push({ a: [rest, rest], b: [pose2(p.q0.angle, p.q0.t), pose2(p.q1.angle, p.q1.t)] });
      }
      status = new Int8Array(pairs.length).fill(-1);
      iterations = new Int32Array(pairs.length);
      evaluations = new Float64Array(pairs.length);
      const out = createImpactResult2();
      return (i) => {
        const r = timeOfImpact2(curves[i][0], curves[i][1], motions[i], options, out);
        status[i] = STATUSES.indexOf(r.status);
        iterations[i] = r.iterations;
        evaluations[i] = r.pairEvaluations;
        return r.status === CcdStatus.Separate ? Number.POSITIVE_INFINITY : r.toi;
      };
    },
    counters() {
      const counts: Record<string, number> = {};
      let steps = 0;
      let evals = 0;
      let answered = 0;
      for (let i = 0; i < status.length; i++) {
        if (status[i] < 0) continue;
        answered++;
        const name = STATUSES[status[i]];
        counts[name] = (counts[name] ?? 0) + 1;
        steps += iterations[i];
        evals += evaluations[i];
      }
      return {
        ...counts,
        'iterations/query': Math.round((100 * steps) / Math.max(1, answered)) / 100,
        'pair evals/query': Math.round((100 * evals) / Math.max(1, answered)) / 100,
      };
    },
  };
}

/**
 * The same queries on a few pairs answered over and over, side by side: each pair's data stays in the
 * caches and the branches of its queries are learnt, as in a loop over one pair. Across the 10 000
 * pairs of the rows above every query meets a new pair; the difference between the two is what a
 * new pair costs (the peer's reference figure, 4.2 µs, is not said to be one or the other).
 */
function hotRow(
  ctx: SceneContext,
  contenders: Toi2Contender[],
  queries: Map<string, (i: number) => number>,
  answers: Map<string, Float64Array>,
  count: number,
  repeat: number,
  figures: Record<string, number>,
): Row {
  ctx.log(`planck2d: ${count} pairs, each ${repeat} times`);
  // The same queries as in the rows above: the same answers, checked before timing.
  let differ = 0;
  for (const c of contenders) {
    const query = queries.get(c.name)!;
    const before = answers.get(c.name)!;
    for (let i = 0; i < count; i++) if (!Object.is(query(i), before[i])) differ++;
  }
  const timing = timeSideBySide(
    contenders.map((c) => ({
      name: c.name,
      queries: count * repeat,
      batch: () => {
        const query = queries.get(c.name)!;
        let s = 0;
        for (let r = 0; r < repeat; r++) {
          for (let i = 0; i < count; i++) {
            const toi = query(i);
            s += toi === Number.POSITIVE_INFINITY ? 2 : toi;
          }
        }
        return s;
      },
    })),
    ctx.timing,
  );
  const [ft, peer] = contenders;
  figures['hot.differ'] = differ;
  figures['hot.firsttouch.us'] = timing.get(ft.name)!.perQueryUs;
  figures['hot.planck.us'] = timing.get(peer.name)!.perQueryUs;
  return {
    scene: 'planck2d',
    case: `the first ${count} polygon pairs, each answered ${repeat} times in a row of all ${count}`,
    firsttouch: timing.get(ft.name)!.perQueryUs,
    peer: peer.name,
    peerTime: timing.get(peer.name)!.perQueryUs,
    pairedRatio: pairedRatio(timing.get(peer.name)!, timing.get(ft.name)!),
    extra: { 'answers differing from the rows above': differ },
  };
}

/**
 * The demo's 2-D run: the NACA 0012 section at mid-span (`naca4('0012', 1, 1, 100)` with its quarter
 * chord on the origin, written to binary STL and read back, as the demo does, then sliced at z = 0.5
 * by `sliceSurface`: 400 segments) at rest, and the particle `disc(0.03, 32)` on the demo's three
 * paths, each turning a half turn.
 */
export function nacaScene(): { wing: Curve; particle: Curve; motions: Motion2[] } {
  const stl = writeStl(naca4('0012', 1, 1, 100).translate([-0.25, 0, 0]), { name: 'naca0012' });
  const wing = sliceSurface(readStl(stl).surface, 2, 0.5);
  const rest = pose2(0);
  const paths: Array<[Pose2, Pose2]> = [
    [pose2(0, [-0.2, 0.25]), pose2(Math.PI, [0.4, -0.25])],
    [pose2(0, [-0.4, -0.12]), pose2(Math.PI, [0.9, -0.12])],
    [pose2(0, [-0.45, 0.2]), pose2(Math.PI, [-0.45, -0.2])],
  ];
  return { wing, particle: disc(0.03, 32), motions: paths.map((b) => ({ a: [rest, rest], b })) };
}

/** The disc against the wing: firsttouch only (no peer has a 2-D TOI for a 400-segment section). */
function nacaRow(ctx: SceneContext, figures: Record<string, number>, directional?: true): Row {
  const { wing, particle, motions } = nacaScene();
  const options = directional ? { directional } : undefined;
  const key = directional ? 'nacaDirectional' : 'naca';
  const rs = motions.map((m) => timeOfImpact2(wing, particle, m, options));
  const repeat = ctx.size === 'tiny' ? 1 : 100;
  const t = timeSideBySide(
    [
      {
        name: 'naca',
        queries: repeat * motions.length,
        batch: () => {
          let s = 0;
          for (let k = 0; k < repeat; k++)
            for (const m of motions) s += timeOfImpact2(wing, particle, m, options).toi;
          return s;
        },
      },
    ],
    ctx.timing,
  ).get('naca')!;
  figures[`${key}.us`] = t.perQueryUs;
  figures[`${key}.segments`] = wing.segmentCount;
  rs.forEach((r, i) => {
    figures[`${key}.${i}.toi`] = r.toi;
    figures[`${key}.${i}.iterations`] = r.iterations;
  });
  return {
    scene: 'planck2d',
    case: `disc(0.03, 32) × NACA 0012 section (${wing.segmentCount} segments), the demo's 3 paths${directional ? ', directional: true' : ''}`,
    firsttouch: t.perQueryUs,
    peer: '—',
    peerTime: null,
    extra: {
      answers: rs.map((r) => `${r.status} ${r.toi.toFixed(5)}`).join(', '),
      iterations: rs.map((r) => r.iterations).join(' + '),
      'pair evals': rs.map((r) => r.pairEvaluations).join(' + '),
    },
  };
}

/**
 * Random convex polygons (3–8 vertices on a circle of radius 0.5): A at rest at the origin, B from
 * 3·u to −3·u (u a uniform direction) through A's origin while it turns by up to ±π about its own
 * origin. Ground truth: exact touching, by dense sampling in s plus certified refinement and bisection.
 * Rows split the pairs by |turn| ≤ π/2 and > π/2.
 */
export const planck2dScene: Scene = {
  name: 'planck2d',
  title: '2-D time of impact of turning convex polygons',
  run(ctx: SceneContext): SceneResult {
    const size = SIZES[ctx.size];
    const pairs: PolygonPair[] = polygonPairs(new Rng(SEED), size.pairs);
    ctx.log(`planck2d: ground truth for ${pairs.length} pairs`);
    const t0 = nowMs();
    const truths = groundTruth(pairs, size.samples);
    const truthMs = nowMs() - t0;

    const ft = firsttouchContender();
    // The same queries with `directional: true`: on convex polygons a step along the hulls' separating
    // axis, a few flops (the default turns it on only after 8 stalled steps, as the specification says).
    const ftDirectional = firsttouchContender('directional');
    // And with planck's precision: its target gap as the tolerance.
    const ftMatched = firsttouchContender('planck');
    // And on the same polygons as convexPolygon shapes (issue #30's 2-D row: GJK on exact shapes).
    const ftShapes = firsttouchContender('shapes');
    const peers = [planckContender()];
    const contenders = [ft, ftDirectional, ftMatched, ftShapes, ...peers];
    const label = (c: Toi2Contender) =>
      c === ft
        ? 'firsttouch'
        : c === ftDirectional
          ? 'directional'
          : c === ftMatched
            ? 'matched'
            : c === ftShapes
              ? 'shapes'
              : 'peer';
    const buckets = [
      {
        label: 'turn within ±π/2',
        key: 'small',
        subset: indicesWhere(pairs, (p) => Math.abs(p.turn) <= Math.PI / 2),
      },
      {
        label: 'turn beyond ±π/2',
        key: 'large',
        subset: indicesWhere(pairs, (p) => Math.abs(p.turn) > Math.PI / 2),
      },
    ];
    const rows: Row[] = [];
    const figures: Record<string, number> = {
      pairs: pairs.length,
      contacts: truths.filter((t) => t.touched).length,
      grazing: truths.filter((t) => t.grazing).length,
      truthUsPerPair: (1000 * truthMs) / pairs.length,
      truthEvaluationsPerPair: truths.reduce((s, t) => s + t.evaluations, 0) / pairs.length,
    };
    const answers = new Map<string, Float64Array>();
    const queries = new Map<string, (i: number) => number>();
    for (const c of contenders) {
      queries.set(c.name, c.prepare(pairs));
      answers.set(c.name, new Float64Array(pairs.length));
    }
    for (const bucket of buckets) {
      ctx.log(`planck2d: timing ${bucket.label} (${bucket.subset.length} pairs)`);
      const timing = timeSideBySide(
        contenders.map((c) => ({
          name: c.name,
          queries: bucket.subset.length,
          batch: () => {
            const query = queries.get(c.name)!;
            const out = answers.get(c.name)!;
            let s = 0;
            for (const i of bucket.subset) {
              out[i] = query(i);
              s += out[i] === Number.POSITIVE_INFINITY ? 2 : out[i];
            }
            return s;
          },
        })),
        ctx.timing,
      );
      const scoreOf = (c: Toi2Contender) =>
        scoreToi2(pairs, truths, answers.get(c.name)!, bucket.subset, c.band, size.samples);
      const ftScore = scoreOf(ft);
      for (const peer of peers) {
        const score = scoreOf(peer);
        const pct = (n: number) =>
          score.contacts > 0 ? `${formatNumber((100 * n) / score.contacts, 3)} %` : '—';
        rows.push({
          scene: 'planck2d',
          case: `${bucket.subset.length} polygon pairs, ${bucket.label}`,
          firsttouch: timing.get(ft.name)!.perQueryUs,
          peer: peer.name,
          peerTime: timing.get(peer.name)!.perQueryUs,
          pairedRatio: pairedRatio(timing.get(peer.name)!, timing.get(ft.name)!),
          extra: {
            contacts: score.contacts,
            [`${peer.name.split(' ')[0]} misses`]: `${score.misses} (${pct(score.misses)})`,
            late: score.late,
            'near hits': score.nearHits,
            spurious: score.spurious,
            'firsttouch misses': ftScore.misses,
            'firsttouch late': ftScore.late,
            'firsttouch spurious': ftScore.spurious,
          },
        });
        figures[`${bucket.key}.pairs`] = score.pairs;
        figures[`${bucket.key}.contacts`] = score.contacts;
        figures[`${bucket.key}.misses`] = score.misses;
        figures[`${bucket.key}.late`] = score.late;
        figures[`${bucket.key}.spurious`] = score.spurious;
        figures[`${bucket.key}.nearHits`] = score.nearHits;
        figures[`${bucket.key}.missRate`] = score.contacts > 0 ? score.misses / score.contacts : Number.NaN;
      }
      // firsttouch's other modes against the same planck timing, a row each.
      const variants = [
        { c: ftDirectional, key: 'directional', label: 'directional: true' },
        { c: ftShapes, key: 'shapes', label: 'convexPolygon shapes' },
        {
          c: ftMatched,
          key: 'matched',
          label: `tolerance ${formatNumber(PLANCK_TARGET_GAP, 1)} (planck's target gap)`,
        },
      ];
      for (const { c, key, label: variant } of variants) {
        const score = scoreOf(c);
        const us = timing.get(c.name)!.perQueryUs;
        rows.push({
          scene: 'planck2d',
          case: `${bucket.subset.length} polygon pairs, ${bucket.label}, ${variant}`,
          firsttouch: us,
          peer: peers[0].name,
          peerTime: timing.get(peers[0].name)!.perQueryUs,
          pairedRatio: pairedRatio(timing.get(peers[0].name)!, timing.get(c.name)!),
          extra: {
            contacts: score.contacts,
            'firsttouch misses': score.misses,
            'firsttouch late': score.late,
            'firsttouch spurious': score.spurious,
            'near hits': score.nearHits,
          },
        });
        figures[`${bucket.key}.${key}.us`] = us;
        figures[`${bucket.key}.${key}.misses`] = score.misses;
        figures[`${bucket.key}.${key}.late`] = score.late;
        figures[`${bucket.key}.${key}.spurious`] = score.spurious;
        figures[`${bucket.key}.${key}.nearHits`] = score.nearHits;
      }
      figures[`${bucket.key}.firsttouch.us`] = timing.get(ft.name)!.perQueryUs;
      figures[`${bucket.key}.planck.us`] = timing.get(peers[0].name)!.perQueryUs;
      figures[`${bucket.key}.firsttouch.misses`] = ftScore.misses;
      figures[`${bucket.key}.firsttouch.late`] = ftScore.late;
      figures[`${bucket.key}.firsttouch.spurious`] = ftScore.spurious;
    }
    const notes = [
      `Ground truth: ${formatNumber(figures.truthUsPerPair)} µs a pair, ${formatNumber(figures.truthEvaluationsPerPair)} curveDistance calls a pair (${size.samples} samples, then certified refinement and bisection); ${figures.contacts} of ${pairs.length} pairs touch, ${figures.grazing} only within rounding.`,
    ];
    const everyPair = pairs.map((_, i) => i);
    for (const c of contenders) {
      const all = scoreToi2(pairs, truths, answers.get(c.name)!, everyPair, c.band, size.samples);
      figures[`${label(c)}.all.misses`] = all.misses;
      figures[`${label(c)}.all.missRate`] = all.contacts > 0 ? all.misses / all.contacts : Number.NaN;
      notes.push(
        `${c.name} over all ${pairs.length} pairs: ${all.misses} of ${all.contacts} contacts missed (${formatNumber((100 * all.misses) / Math.max(1, all.contacts))} %), ${all.late} late, ${all.spurious} spurious.`,
      );
      const counters = c.counters?.();
      if (counters) {
        notes.push(
          `${c.name} states over all pairs: ${Object.entries(counters)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}.`,
        );
        for (const [k, v] of Object.entries(counters))
          figures[`${c === peers[0] ? '' : `${label(c)}.`}state.${k}`] = v;
      }
    }
    // firsttouch's toi against the true first contact, without slack: it must come strictly before.
    for (const c of [ft, ftDirectional, ftMatched, ftShapes]) {
      const ftAnswers = answers.get(c.name)!;
      let margin = Number.POSITIVE_INFINITY;
      truths.forEach((truth, i) => {
        if (truth.touched && Number.isFinite(ftAnswers[i])) margin = Math.min(margin, truth.s - ftAnswers[i]);
      });
      figures[`${label(c)}.minMargin`] = margin;
      notes.push(
        `${c.name}: the toi is at least ${formatNumber(margin)} before the true first contact (the true contact is bracketed to 1e-10 in s).`,
      );
    }
    rows.push(
      hotRow(
        ctx,
        [ft, ...peers],
        queries,
        answers,
        Math.min(HOT_PAIRS, pairs.length),
        size.hotRepeat,
        figures,
      ),
    );
    ctx.log('planck2d: disc against the NACA 0012 section');
    rows.push(nacaRow(ctx, figures));
    rows.push(nacaRow(ctx, figures, true));
    return { rows, plots: [], figures, notes };
  },
};

/** A polygon of the set as an exact convex shape (its points x y each). */
function polygonShape(p: { u: Float64Array; v: Float64Array }) {
  const xy = new Float64Array(2 * p.u.length);
  for (let i = 0; i < p.u.length; i++) {
    xy[2 * i] = p.u[i];
    xy[2 * i + 1] = p.v[i];
  }
  return convexPolygon(xy);
}

function indicesWhere(pairs: readonly PolygonPair[], keep: (p: PolygonPair) => boolean): number[] {
  const out: number[] = [];
  pairs.forEach((p, i) => {
    if (keep(p)) out.push(i);
  });
  return out;
}
