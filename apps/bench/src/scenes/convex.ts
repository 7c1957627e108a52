import { CcdStatus, type Motion3, type TimeOfImpactResult, timeOfImpact } from '@firsttouch/ccd';
import type { Surface } from '@firsttouch/mesh';
import { identityPose, type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import { formatNumber } from '../harness/format.js';
import { Rng } from '../harness/prng.js';
import type { Row, Scene, SceneContext, SceneResult } from '../harness/scene.js';
import { nowMs, pairedRatio, timeSideBySide } from '../harness/timing.js';
import { checkHull, convexHull, hullSurface } from '../hull.js';
import { firstTouch3 } from '../oracles/touch3d.js';
import { castPair, convexHullCollider, loadRapier, queryWorld, type Vec3 } from '../peers/rapier.js';

/** The C5D synthetic set's seed, 004 (the cast scene draws the same pairs from it). */
export const SEED = 0x5eed04;

/**
 * Points per hull; pairs (answered by every contender); pairs timed and pairs given the full ground
 * truth (the first ones of the set); the oracle's uniform samples. Every pair that firsttouch reports
 * separate gets the ground truth too, so misses are counted over all pairs.
 */
const SIZES = {
  tiny: { points: [10, 256], pairs: 8, timed: 8, checked: 8, oracleSamples: 64 },
  quick: { points: [10, 256], pairs: 100, timed: 100, checked: 100, oracleSamples: 64 },
  full: { points: [10, 256], pairs: 10_000, timed: 1000, checked: 2000, oracleSamples: 64 },
};

/** The trees only: the convex path off, for the rows that show what it saves. */
const TREES = { convex: false } as const;

/** The directional step at every step (on the convex path: along the hulls' separating axis). */
const DIRECTIONAL = { directional: true } as const;

/** Pairs whose Rapier colliders share one world (built, answered, freed). */
const RAPIER_CHUNK = 1000;

/** One pair of the set: two point clouds, B's path and its turn. */
export interface ConvexPair {
  pointsA: Float64Array;
  pointsB: Float64Array;
  a: Surface;
  b: Surface;
  /** B at s = 0 (3·u, turned by a0 about the axis). */
  start: Pose3;
  /** B at s = 1 without turning (−3·u): case (a). */
  endLinear: Pose3;
  /** B at s = 1 turned by `turn` ∈ [0, π) more: case (b). */
  endTurning: Pose3;
  velocity: Vec3;
  turn: number;
}

/** `count` points uniform in the unit ball (uniform direction, radius ∛U). */
export function pointsInBall(rng: Rng, count: number): Float64Array {
  const out = new Float64Array(3 * count);
  for (let i = 0; i < count; i++) {
    const u = rng.unitVector3();
    const r = Math.cbrt(rng.next());
    out[3 * i] = r * u[0];
    out[3 * i + 1] = r * u[1];
    out[3 * i + 2] = r * u[2];
  }
  return out;
}

/** The set: A at rest at the identity, B from 3·u to −3·u (u uniform), straight through A's origin. */
export function convexPairs(rng: Rng, points: number, count: number): ConvexPair[] {
  const out: ConvexPair[] = [];
  for (let i = 0; i < count; i++) {
    const pointsA = pointsInBall(rng, points);
    const pointsB = pointsInBall(rng, points);
    const u = rng.unitVector3();
    const axis = rng.unitVector3();
    const a0 = rng.uniform(0, 2 * Math.PI);
    const turn = rng.uniform(0, Math.PI);
    const from = [3 * u[0], 3 * u[1], 3 * u[2]];
    const to = [-3 * u[0], -3 * u[1], -3 * u[2]];
    out.push({
      pointsA,
      pointsB,
      a: hullSurface(pointsA),
      b: hullSurface(pointsB),
      start: poseFromAxisAngle(axis, a0, from),
      endLinear: poseFromAxisAngle(axis, a0, to),
      endTurning: poseFromAxisAngle(axis, a0 + turn, to),
      velocity: { x: -6 * u[0], y: -6 * u[1], z: -6 * u[2] },
      turn,
    });
  }
  return out;
}

/**
 * The convex-pair scene (the C5D synthetic set, seed 004): convex hulls of 10 and of 256 random
 * points in the unit ball, as Surfaces (quickhull, `src/hull.ts`), B from 3·u to −3·u. (a) Translation
 * only: firsttouch's `timeOfImpact` against Rapier's `castCollider` on convex-hull colliders (float32).
 * (b) B turning by a random angle up to π about a random axis: firsttouch only (Rapier's JS API has no
 * rotating cast), every answer checked against the certified 3-D ground truth.
 */
export const convexScene: Scene = {
  name: 'convex',
  title: 'Convex pairs: hulls of random points, translating and turning',
  async run(ctx: SceneContext): Promise<SceneResult> {
    const size = SIZES[ctx.size];
    const R = await loadRapier();
    const rows: Row[] = [];
    const figures: Record<string, number> = {};
    const notes: string[] = [];
    const rest = identityPose();
    for (const points of size.points) {
      const key = `p${points}`;
      ctx.log(`convex: ${size.pairs} pairs of hulls of ${points} points`);
      const t0 = nowMs();
      const pairs = convexPairs(new Rng(SEED + points), points, size.pairs);
      const hullUs = (1000 * (nowMs() - t0)) / (2 * pairs.length);
      // Every input point inside or on its hull (a check of the quickhull on the first pairs).
      let hullHeight = Number.NEGATIVE_INFINITY;
      let hullsOpen = 0;
      for (const p of pairs.slice(0, 20)) {
        const c = checkHull(p.pointsA, convexHull(p.pointsA));
        hullHeight = Math.max(hullHeight, c.maxHeight);
        if (!c.closed) hullsOpen++;
      }
      const facets = pairs.reduce((s, p) => s + p.a.facetCount + p.b.facetCount, 0) / (2 * pairs.length);
      // Rapier's colliders, a world per chunk of pairs, freed once answered: creating the colliders of
      // all 20 000 hulls of 256 points in one process took minutes here (Rapier's WebAssembly memory
      // slowed down past a few thousand hulls), while a world of 1 000 pairs builds in about a second.
      const zero = { x: 0, y: 0, z: 0 };
      const rapierWorld = (from: number, to: number) => {
        const world = queryWorld(R);
        const colliders = pairs
          .slice(from, to)
          .map((p) => [
            convexHullCollider(R, world, p.pointsA, rest),
            convexHullCollider(R, world, p.pointsB, p.start),
          ]);
        const toi = (i: number): number => {
          const hit = castPair(colliders[i - from][1], pairs[i].velocity, colliders[i - from][0], zero);
          return hit === null ? Number.POSITIVE_INFINITY : hit.toi;
        };
        return { world, toi };
      };
      const linear: Motion3[] = pairs.map((p) => ({ a: [rest, rest], b: [p.start, p.endLinear] }));
      const turning: Motion3[] = pairs.map((p) => ({ a: [rest, rest], b: [p.start, p.endTurning] }));

      // Answers for every pair (not timed).
      ctx.log(`convex: ${points} points: answers and ground truth`);
      const lin = linear.map((m, i) => timeOfImpact(pairs[i].a, pairs[i].b, m));
      const rap = new Float64Array(pairs.length);
      for (let from = 0; from < pairs.length; from += RAPIER_CHUNK) {
        const to = Math.min(pairs.length, from + RAPIER_CHUNK);
        const chunk = rapierWorld(from, to);
        for (let i = from; i < to; i++) rap[i] = chunk.toi(i);
        chunk.world.free();
      }
      const rot = turning.map((m, i) => timeOfImpact(pairs[i].a, pairs[i].b, m));
      const checked = Math.min(size.checked, pairs.length);
      const truthOf = (p: ConvexPair) =>
        firstTouch3(p.a, p.b, p.start, p.endTurning, { samples: size.oracleSamples });
      const t1 = nowMs();
      const truths = pairs.slice(0, checked).map(truthOf);
      const oracleMs = nowMs() - t1;
      // The translation-only steps get the ground truth too (first pairs), to place both answers.
      const linearTruths = pairs
        .slice(0, checked)
        .map((p) => firstTouch3(p.a, p.b, p.start, p.endLinear, { samples: size.oracleSamples }));

      // (a) firsttouch against Rapier.
      let bothHit = 0;
      let onlyFt = 0;
      let onlyRapier = 0;
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      lin.forEach((r, i) => {
        const ft = r.status === CcdStatus.Contact || r.status === CcdStatus.InitialContact;
        const rh = Number.isFinite(rap[i]);
        if (ft && rh) {
          bothHit++;
          lo = Math.min(lo, rap[i] - r.toi);
          hi = Math.max(hi, rap[i] - r.toi);
        } else if (ft) onlyFt++;
        else if (rh) onlyRapier++;
      });
      let linContacts = 0;
      let linFtMisses = 0;
      let linFtLate = 0;
      let rapierMisses = 0;
      let rapierLate = 0;
      let rapierMaxLate = 0;
      linearTruths.forEach((truth, i) => {
        if (!truth.touched) return;
        linContacts++;
        if (lin[i].status === CcdStatus.Separate) linFtMisses++;
        else if (lin[i].toi > truth.s) linFtLate++;
        if (!Number.isFinite(rap[i])) rapierMisses++;
        else if (rap[i] > truth.s) {
          rapierLate++;
          rapierMaxLate = Math.max(rapierMaxLate, rap[i] - truth.s);
        }
      });
      // (b) firsttouch against the ground truth.
      const beyond = new Map<number, boolean>();
      const touchedBeyond = (i: number): boolean => {
        let touched = beyond.get(i);
        if (touched === undefined) {
          touched = truthOf(pairs[i]).touched;
          beyond.set(i, touched);
        }
        return touched;
      };
      let contacts = 0;
      let misses = 0;
      let late = 0;
      let notConverged = 0;
      let nearHits = 0;
      let spurious = 0;
      let margin = Number.POSITIVE_INFINITY;
      let separateBeyond = 0;
      rot.forEach((r, i) => {
        if (r.status === CcdStatus.NotConverged) notConverged++;
        const hit = r.status !== CcdStatus.Separate;
        if (i >= checked) {
          // Past the checked pairs only misses are looked for: the truth of every separate answer.
          if (!hit) {
            separateBeyond++;
            if (touchedBeyond(i)) misses++;
          }
          return;
        }
        const truth = truths[i];
        if (truth.touched) {
          contacts++;
          if (!hit) misses++;
          else {
            if (r.toi > truth.s) late++;
            margin = Math.min(margin, truth.s - r.toi);
          }
        } else if (r.status === CcdStatus.Contact) {
          // Only these need the second look: did the gap come within firsttouch's tolerance?
          const p = pairs[i];
          const near = firstTouch3(p.a, p.b, p.start, p.endTurning, {
            samples: size.oracleSamples,
            threshold: r.tolerance,
          });
          if (near.touched) nearHits++;
          else spurious++;
        }
      });

      // (b) again with `directional: true`: misses and late answers by the same ground truth.
      const rotDirectional = turning.map((m, i) => timeOfImpact(pairs[i].a, pairs[i].b, m, DIRECTIONAL));
      let directionalMisses = 0;
      let directionalLate = 0;
      rotDirectional.forEach((r, i) => {
        const hit = r.status !== CcdStatus.Separate;
        if (i >= checked) {
          if (!hit && touchedBeyond(i)) directionalMisses++;
          return;
        }
        if (!truths[i].touched) return;
        if (!hit) directionalMisses++;
        else if (r.toi > truths[i].s) directionalLate++;
      });

      // The trees' answers (the convex path off) on the timed pairs: the same status expected, both
      // certified (a gap within rounding of the tolerance may end them differently).
      const timedCount = Math.min(size.timed, pairs.length);
      const linTrees = linear
        .slice(0, timedCount)
        .map((m, i) => timeOfImpact(pairs[i].a, pairs[i].b, m, TREES));
      const rotTrees = turning
        .slice(0, timedCount)
        .map((m, i) => timeOfImpact(pairs[i].a, pairs[i].b, m, TREES));
      const statusDiffers = (xs: TimeOfImpactResult[], ys: TimeOfImpactResult[]) =>
        xs.reduce((k, r, i) => k + (r.status === ys[i].status ? 0 : 1), 0);

      // Timing, on the first `timed` pairs.
      ctx.log(`convex: ${points} points: timing ${Math.min(size.timed, pairs.length)} pairs`);
      const n = Math.min(size.timed, pairs.length);
      const timed = rapierWorld(0, n);
      const t = timeSideBySide(
        [
          {
            name: 'linear',
            queries: n,
            batch: () => {
              let s = 0;
              for (let i = 0; i < n; i++) s += timeOfImpact(pairs[i].a, pairs[i].b, linear[i]).toi;
              return s;
            },
          },
          {
            name: 'rapier',
            queries: n,
            batch: () => {
              let s = 0;
              for (let i = 0; i < n; i++) s += Math.min(2, timed.toi(i));
              return s;
            },
          },
          {
            name: 'turning',
            queries: n,
            batch: () => {
              let s = 0;
              for (let i = 0; i < n; i++) s += timeOfImpact(pairs[i].a, pairs[i].b, turning[i]).toi;
              return s;
            },
          },
          {
            name: 'turning-directional',
            queries: n,
            batch: () => {
              let s = 0;
              for (let i = 0; i < n; i++)
                s += timeOfImpact(pairs[i].a, pairs[i].b, turning[i], DIRECTIONAL).toi;
              return s;
            },
          },
          {
            name: 'linear-trees',
            queries: n,
            batch: () => {
              let s = 0;
              for (let i = 0; i < n; i++) s += timeOfImpact(pairs[i].a, pairs[i].b, linear[i], TREES).toi;
              return s;
            },
          },
          {
            name: 'turning-trees',
            queries: n,
            batch: () => {
              let s = 0;
              for (let i = 0; i < n; i++) s += timeOfImpact(pairs[i].a, pairs[i].b, turning[i], TREES).toi;
              return s;
            },
          },
        ],
        ctx.timing,
      );
      timed.world.free();

      const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
      const linHits = bothHit + onlyFt;
      rows.push({
        scene: 'convex',
        case: `(a) hulls of ${points} points, translation only`,
        firsttouch: t.get('linear')!.perQueryUs,
        peer: 'Rapier castCollider (float32)',
        peerTime: t.get('rapier')!.perQueryUs,
        pairedRatio: pairedRatio(t.get('rapier')!, t.get('linear')!),
        extra: {
          pairs: pairs.length,
          timed: n,
          'facets/hull': formatNumber(facets),
          contacts: linHits,
          'Rapier contacts': bothHit + onlyRapier,
          'only one reports': onlyFt + onlyRapier,
          'Rapier − firsttouch toi': `${formatNumber(lo)} … ${formatNumber(hi)}`,
          checked,
          'true contacts': linContacts,
          'firsttouch misses/late': `${linFtMisses}/${linFtLate}`,
          'Rapier misses/late': `${rapierMisses}/${rapierLate}`,
          'Rapier latest': rapierMaxLate,
          'iterations/query': mean(lin.map((r) => r.iterations)),
          'pair evals/query': mean(lin.map((r) => r.pairEvaluations)),
          'hull (GJK) evals/query': mean(lin.map((r) => r.convexEvaluations)),
        },
      });
      rows.push({
        scene: 'convex',
        case: `(a) hulls of ${points} points, translation only: trees only (convex: false)`,
        firsttouch: t.get('linear-trees')!.perQueryUs,
        peer: 'Rapier castCollider (float32)',
        peerTime: t.get('rapier')!.perQueryUs,
        pairedRatio: pairedRatio(t.get('rapier')!, t.get('linear-trees')!),
        extra: {
          timed: n,
          'status differs from the convex path': statusDiffers(linTrees, lin),
          'iterations/query': mean(linTrees.map((r) => r.iterations)),
          'pair evals/query': mean(linTrees.map((r) => r.pairEvaluations)),
        },
      });
      rows.push({
        scene: 'convex',
        case: `(b) hulls of ${points} points, turning up to π`,
        firsttouch: t.get('turning')!.perQueryUs,
        peer: '— (no rotating cast in Rapier JS)',
        peerTime: null,
        extra: {
          pairs: pairs.length,
          timed: n,
          checked,
          'true contacts': contacts,
          'firsttouch misses (all pairs)': misses,
          late,
          'not converged': notConverged,
          'near hits': nearHits,
          spurious,
          'iterations/query': mean(rot.map((r) => r.iterations)),
          'pair evals/query': mean(rot.map((r) => r.pairEvaluations)),
          'directional evals/query': mean(rot.map((r) => r.directionalPairEvaluations)),
          'hull (GJK) evals/query': mean(rot.map((r) => r.convexEvaluations)),
        },
      });
      rows.push({
        scene: 'convex',
        case: `(b) hulls of ${points} points, turning up to π, directional: true`,
        firsttouch: t.get('turning-directional')!.perQueryUs,
        peer: '— (no rotating cast in Rapier JS)',
        peerTime: null,
        extra: {
          timed: n,
          checked,
          'firsttouch misses (all pairs)': directionalMisses,
          late: directionalLate,
          'iterations/query': mean(rotDirectional.map((r) => r.iterations)),
          'hull (GJK) evals/query': mean(rotDirectional.map((r) => r.convexEvaluations)),
        },
      });
      rows.push({
        scene: 'convex',
        case: `(b) hulls of ${points} points, turning up to π: trees only (convex: false)`,
        firsttouch: t.get('turning-trees')!.perQueryUs,
        peer: '— (no rotating cast in Rapier JS)',
        peerTime: null,
        extra: {
          timed: n,
          'status differs from the convex path': statusDiffers(rotTrees, rot),
          'iterations/query': mean(rotTrees.map((r) => r.iterations)),
          'pair evals/query': mean(rotTrees.map((r) => r.pairEvaluations)),
        },
      });
      Object.assign(figures, {
        [`${key}.pairs`]: pairs.length,
        [`${key}.timed`]: n,
        [`${key}.facetsPerHull`]: facets,
        [`${key}.hullUs`]: hullUs,
        [`${key}.hullMaxHeight`]: hullHeight,
        [`${key}.hullsOpen`]: hullsOpen,
        [`${key}.linear.us`]: t.get('linear')!.perQueryUs,
        [`${key}.rapier.us`]: t.get('rapier')!.perQueryUs,
        [`${key}.turning.us`]: t.get('turning')!.perQueryUs,
        [`${key}.linearTrees.us`]: t.get('linear-trees')!.perQueryUs,
        [`${key}.turningTrees.us`]: t.get('turning-trees')!.perQueryUs,
        [`${key}.turningDirectional.us`]: t.get('turning-directional')!.perQueryUs,
        [`${key}.turningDirectional.misses`]: directionalMisses,
        [`${key}.turningDirectional.late`]: directionalLate,
        [`${key}.turningDirectional.iterations`]: mean(rotDirectional.map((r) => r.iterations)),
        [`${key}.linear.contacts`]: linHits,
        [`${key}.rapier.contacts`]: bothHit + onlyRapier,
        [`${key}.linear.disagree`]: onlyFt + onlyRapier,
        [`${key}.linear.rapierMinusFtMin`]: lo,
        [`${key}.linear.rapierMinusFtMax`]: hi,
        [`${key}.checked`]: checked,
        [`${key}.linear.trueContacts`]: linContacts,
        [`${key}.linear.misses`]: linFtMisses,
        [`${key}.linear.late`]: linFtLate,
        [`${key}.linear.rapierMisses`]: rapierMisses,
        [`${key}.linear.rapierLate`]: rapierLate,
        [`${key}.linear.rapierMaxLate`]: rapierMaxLate,
        [`${key}.separateBeyondChecked`]: separateBeyond,
        [`${key}.turning.contacts`]: contacts,
        [`${key}.turning.misses`]: misses,
        [`${key}.turning.late`]: late,
        [`${key}.turning.notConverged`]: notConverged,
        [`${key}.turning.nearHits`]: nearHits,
        [`${key}.turning.spurious`]: spurious,
        [`${key}.turning.minMargin`]: margin,
        [`${key}.turning.iterations`]: mean(rot.map((r) => r.iterations)),
        [`${key}.oracleMsPerPair`]: oracleMs / checked,
        [`${key}.oracleEvaluations`]: mean(truths.map((x) => x.evaluations)),
        [`${key}.grazing`]: truths.filter((x) => x.grazing).length,
      });
      notes.push(
        `Hulls of ${points} points: ${formatNumber(facets)} facets a hull on average (quickhull; input points at most ${formatNumber(hullHeight)} above a facet of their hull, on the 20 checked). Ground truth of (b) on the first ${checked} pairs: ${contacts} touch, ${truths.filter((x) => x.grazing).length} only within rounding; ${formatNumber(oracleMs / checked)} ms and ${formatNumber(figures[`${key}.oracleEvaluations`])} distance calls a pair (${size.oracleSamples} samples, certified refinement, bisection); firsttouch's toi is at least ${formatNumber(margin)} before the true first contact. Of the other ${pairs.length - checked} pairs, firsttouch called ${separateBeyond} separate, and the ground truth of each of those was checked too.`,
      );
    }
    notes.push(
      'Rapier builds its own hull of the same points and stores it in float32; its cast moves B without turning, so only (a) compares. "Late" is a toi after the true first contact (by the ground truth, on the first "checked" pairs); "Rapier latest" is the largest such delay in s. Times are medians over the first pairs (column "timed"); the answers of every contender and the miss counts cover all pairs.',
    );
    return { rows, plots: [], figures, notes };
  },
};
