import { groundTruth, scoreToi2, type Toi2Contender } from '../cases/toi2.js';
import { formatNumber } from '../harness/format.js';
import { Rng } from '../harness/prng.js';
import type { Row, Scene, SceneContext, SceneResult } from '../harness/scene.js';
import { nowMs, timeSideBySide } from '../harness/timing.js';
import { PLANCK_STATES, PLANCK_TOUCH_BAND, PlanckToi } from '../peers/planck-toi.js';
import { type PolygonPair, polygonPairs } from '../polygons.js';

const SEED = 0x5eed03;

/** Pairs, and the uniform samples of the ground truth before its certified refinement. */
const SIZES = {
  tiny: { pairs: 20, samples: 64 },
  quick: { pairs: 1000, samples: 256 },
  full: { pairs: 10_000, samples: 256 },
};

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

/**
 * firsttouch's side: `timeOfImpact2` from `@firsttouch/ccd`, once it exists — return a contender
 * here and the scene times it beside planck and scores it against the same ground truth.
 */
function firsttouchContender(): Toi2Contender | undefined {
  return undefined;
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
    const peers = [planckContender()];
    const contenders = ft ? [ft, ...peers] : peers;
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
      const ftScore =
        ft && scoreToi2(pairs, truths, answers.get(ft.name)!, bucket.subset, ft.band, size.samples);
      for (const peer of peers) {
        const score = scoreToi2(
          pairs,
          truths,
          answers.get(peer.name)!,
          bucket.subset,
          peer.band,
          size.samples,
        );
        const pct = (n: number) =>
          score.contacts > 0 ? `${formatNumber((100 * n) / score.contacts, 3)} %` : '—';
        rows.push({
          scene: 'planck2d',
          case: `${bucket.subset.length} polygon pairs, ${bucket.label}`,
          firsttouch: ft ? timing.get(ft.name)!.perQueryUs : null,
          peer: peer.name,
          peerTime: timing.get(peer.name)!.perQueryUs,
          extra: {
            contacts: score.contacts,
            [`${peer.name.split(' ')[0]} misses`]: `${score.misses} (${pct(score.misses)})`,
            late: score.late,
            'near hits': score.nearHits,
            spurious: score.spurious,
            ...(ftScore ? { 'firsttouch misses': ftScore.misses, 'firsttouch late': ftScore.late } : {}),
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
    }
    const notes = [
      `Ground truth: ${formatNumber(figures.truthUsPerPair)} µs a pair, ${formatNumber(figures.truthEvaluationsPerPair)} curveDistance calls a pair (${size.samples} samples, then certified refinement and bisection); ${figures.contacts} of ${pairs.length} pairs touch, ${figures.grazing} only within rounding.`,
    ];
    const everyPair = pairs.map((_, i) => i);
    for (const c of contenders) {
      const all = scoreToi2(pairs, truths, answers.get(c.name)!, everyPair, c.band, size.samples);
      figures[`${c === ft ? 'firsttouch' : 'peer'}.all.misses`] = all.misses;
      figures[`${c === ft ? 'firsttouch' : 'peer'}.all.missRate`] =
        all.contacts > 0 ? all.misses / all.contacts : Number.NaN;
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
        for (const [k, v] of Object.entries(counters)) figures[`state.${k}`] = v;
      }
    }
    if (!ft) {
      notes.push(
        'firsttouch has no 2-D time of impact yet (timeOfImpact2 comes with @firsttouch/ccd): planck only.',
      );
    }
    return { rows, plots: [], figures, notes };
  },
};

function indicesWhere(pairs: readonly PolygonPair[], keep: (p: PolygonPair) => boolean): number[] {
  const out: number[] = [];
  pairs.forEach((p, i) => {
    if (keep(p)) out.push(i);
  });
  return out;
}
