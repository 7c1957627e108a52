import { CcdStatus, createImpactResult, type Motion3, timeOfImpact } from '@firsttouch/ccd';
import { ball, convexHull } from '@firsttouch/convex';
import { icosphere, type Surface } from '@firsttouch/mesh';
import { identityPose } from '@firsttouch/pose';
import { demoBunny } from '../data.js';
import { formatNumber } from '../harness/format.js';
import { Rng } from '../harness/prng.js';
import type { Row, Scene, SceneContext, SceneResult } from '../harness/scene.js';
import { pairedRatio, timeSideBySide } from '../harness/timing.js';
import { firstTouch3 } from '../oracles/touch3d.js';
import { pebbleThrow } from './ccd.js';
import { convexPairs, SEED } from './convex.js';

/** Pairs per hull size (timed and answered), pairs given the ground truth, the oracle's samples. */
const SIZES = {
  tiny: { pairs: 8, checked: 8, oracleSamples: 64 },
  quick: { pairs: 100, checked: 100, oracleSamples: 64 },
  full: { pairs: 1000, checked: 300, oracleSamples: 64 },
};

/** Bullet's C++ conservative advancement on the same turning pairs, µs a query (issue #25). */
const BULLET_US: Record<number, number> = { 10: 13.7, 256: 39 };
/**
 * The gap at which Bullet's conservative advancement (`btContinuousConvexCollision`) stops: its
 * answers are that precise, where firsttouch's default tolerance is 1e-6 of the larger box
 * diagonal (at most 3.5e-6 here). The row at this tolerance times the two at the same precision.
 */
const BULLET_GAP = 0.001;

/** The ball thrown through the bunny: its radius, and the icosphere's level it is set against. */
const BALL_RADIUS = 0.03;
const ICOSPHERE_LEVEL = 3;

/**
 * Convex shapes as bodies (issue #25). (a) Turning hull pairs, the convex scene's set (seed 004,
 * hulls of 10 and 256 points, B turning up to π while it crosses A): `timeOfImpact` on the exact
 * shapes (`convexHull`, GJK and the speed bound |Δt| + |θ|·reach) against the same hulls as Surfaces
 * (the hull path of mesh), in one process; Bullet's C++ figures from the issue for reference; every
 * answer of the first pairs checked against the certified ground truth. (b) A ball thrown through
 * the bunny (the pebble's throw): the exact `ball` against the same ball tessellated as an icosphere.
 */
export const shapesScene: Scene = {
  name: 'shapes',
  title: 'Convex shapes as bodies: turning hull pairs, a ball through the bunny',
  async run(ctx: SceneContext): Promise<SceneResult> {
    const size = SIZES[ctx.size];
    const rows: Row[] = [];
    const figures: Record<string, number> = {};
    const notes: string[] = [];
    const rest = identityPose();
    for (const points of [10, 256]) {
      ctx.log(`shapes: ${size.pairs} turning pairs of hulls of ${points} points`);
      const pairs = convexPairs(new Rng(SEED + points), points, size.pairs);
      const shapesA = pairs.map((p) => convexHull(p.pointsA));
      const shapesB = pairs.map((p) => convexHull(p.pointsB));
      const motions: Motion3[] = pairs.map((p) => ({ a: [rest, rest], b: [p.start, p.endTurning] }));
      const shapes = motions.map((m, i) => timeOfImpact(shapesA[i], shapesB[i], m));
      const surfaces = motions.map((m, i) => timeOfImpact(pairs[i].a, pairs[i].b, m));
      // Ground truth on the hull surfaces (the same solids, apart at s = 0).
      let contacts = 0;
      let misses = 0;
      let late = 0;
      const checked = Math.min(size.checked, pairs.length);
      for (let i = 0; i < checked; i++) {
        const p = pairs[i];
        const truth = firstTouch3(p.a, p.b, p.start, p.endTurning, { samples: size.oracleSamples });
        if (!truth.touched) continue;
        contacts++;
        if (shapes[i].status === CcdStatus.Separate) misses++;
        else if (shapes[i].toi > truth.s) late++;
      }
      let largestDiff = 0;
      shapes.forEach((r, i) => {
        if (r.status === CcdStatus.Contact && surfaces[i].status === CcdStatus.Contact)
          largestDiff = Math.max(largestDiff, Math.abs(r.toi - surfaces[i].toi));
      });
      const out = createImpactResult();
      const batch =
        (
          bodies: (i: number) => [Surface | (typeof shapesA)[0], Surface | (typeof shapesB)[0]],
          options?: { tolerance: number },
        ) =>
        () => {
          let s = 0;
          for (let i = 0; i < pairs.length; i++) {
            const [a, b] = bodies(i);
            s += timeOfImpact(a, b, motions[i], options, out).toi;
          }
          return s;
        };
      const t = timeSideBySide(
        [
          { name: 'shapes', queries: pairs.length, batch: batch((i) => [shapesA[i], shapesB[i]]) },
          { name: 'surfaces', queries: pairs.length, batch: batch((i) => [pairs[i].a, pairs[i].b]) },
        ],
        ctx.timing,
      );
      const us = t.get('shapes')!.perQueryUs;
      figures[`turning-p${points}-us`] = us;
      figures[`turning-p${points}-vs-surfaces`] = pairedRatio(t.get('surfaces')!, t.get('shapes')!);
      rows.push({
        scene: 'shapes',
        case: `(a) hulls of ${points} points turning up to π, as convexHull shapes`,
        firsttouch: us,
        peer: 'firsttouch, the same hulls as Surfaces',
        peerTime: t.get('surfaces')!.perQueryUs,
        pairedRatio: pairedRatio(t.get('surfaces')!, t.get('shapes')!),
        extra: {
          pairs: pairs.length,
          'Bullet C++ CA µs (issue)': BULLET_US[points],
          'goal µs': BULLET_US[points] / 2,
          contacts: shapes.filter((r) => r.status === CcdStatus.Contact).length,
          checked,
          'true contacts': contacts,
          misses,
          late,
          'iterations/query': formatNumber(shapes.reduce((s, r) => s + r.iterations, 0) / shapes.length),
          'largest |toi − Surfaces toi|': formatNumber(largestDiff),
        },
      });
      // The same two contenders at Bullet's stopping gap: the two libraries at one precision.
      const coarse = { tolerance: BULLET_GAP };
      const shapesCoarse = motions.map((m, i) => timeOfImpact(shapesA[i], shapesB[i], m, coarse));
      let coarseLate = 0;
      let coarseMisses = 0;
      for (let i = 0; i < checked; i++) {
        const truth = firstTouch3(pairs[i].a, pairs[i].b, pairs[i].start, pairs[i].endTurning, {
          samples: size.oracleSamples,
        });
        if (!truth.touched) continue;
        if (shapesCoarse[i].status === CcdStatus.Separate) coarseMisses++;
        else if (shapesCoarse[i].toi > truth.s) coarseLate++;
      }
      const tc = timeSideBySide(
        [
          { name: 'shapes', queries: pairs.length, batch: batch((i) => [shapesA[i], shapesB[i]], coarse) },
          { name: 'surfaces', queries: pairs.length, batch: batch((i) => [pairs[i].a, pairs[i].b], coarse) },
        ],
        ctx.timing,
      );
      const coarseUs = tc.get('shapes')!.perQueryUs;
      figures[`turning-p${points}-bullet-gap-us`] = coarseUs;
      rows.push({
        scene: 'shapes',
        case: `(a′) the same, at Bullet's stopping gap (tolerance ${BULLET_GAP})`,
        firsttouch: coarseUs,
        peer: 'firsttouch, the same hulls as Surfaces, the same tolerance',
        peerTime: tc.get('surfaces')!.perQueryUs,
        pairedRatio: pairedRatio(tc.get('surfaces')!, tc.get('shapes')!),
        extra: {
          'Bullet C++ CA µs (issue)': BULLET_US[points],
          'goal µs': BULLET_US[points] / 2,
          checked,
          misses: coarseMisses,
          late: coarseLate,
          'iterations/query': formatNumber(
            shapesCoarse.reduce((s, r) => s + r.iterations, 0) / shapesCoarse.length,
          ),
        },
      });
    }

    ctx.log('shapes: a ball through the bunny');
    const bunny = demoBunny();
    const exact = ball(BALL_RADIUS);
    const sphere = icosphere(BALL_RADIUS, ICOSPHERE_LEVEL);
    const [p0, p1] = pebbleThrow();
    const throwMotion: Motion3 = { a: [rest, rest], b: [p0, p1] };
    const rb = timeOfImpact(bunny, exact, throwMotion);
    const ri = timeOfImpact(bunny, sphere, throwMotion);
    const repeat = 10;
    const throwBatch = (b: Surface | typeof exact) => () => {
      let s = 0;
      for (let k = 0; k < repeat; k++) s += timeOfImpact(bunny, b, throwMotion).toi;
      return s;
    };
    const tb = timeSideBySide(
      [
        { name: 'ball', queries: repeat, batch: throwBatch(exact) },
        { name: 'icosphere', queries: repeat, batch: throwBatch(sphere) },
      ],
      ctx.timing,
    );
    figures['bunny-ball-us'] = tb.get('ball')!.perQueryUs;
    figures['bunny-icosphere-us'] = tb.get('icosphere')!.perQueryUs;
    rows.push({
      scene: 'shapes',
      case: `(b) ball(${BALL_RADIUS}) thrown through the bunny (the pebble's throw)`,
      firsttouch: tb.get('ball')!.perQueryUs,
      peer: `firsttouch, icosphere(${BALL_RADIUS}, ${ICOSPHERE_LEVEL}) (${sphere.facetCount} facets)`,
      peerTime: tb.get('icosphere')!.perQueryUs,
      pairedRatio: pairedRatio(tb.get('icosphere')!, tb.get('ball')!),
      extra: {
        'ball toi': formatNumber(rb.toi),
        'icosphere toi': formatNumber(ri.toi),
        'ball status': rb.status,
        'ball iterations': rb.iterations,
        'icosphere iterations': ri.iterations,
        'ball facet GJK runs': rb.pairEvaluations,
        'icosphere facet pairs': ri.pairEvaluations,
      },
    });
    notes.push(
      "Turning pairs: our µs a query on exact convexHull shapes; the issue asks for half of Bullet C++ CA (13.7 µs at 10 points, 39 µs at 256) measured on another run, so compare the goal column, not a ratio. Bullet stops at a gap of 0.001; row (a) answers at firsttouch's default tolerance (1e-6 of the larger box diagonal, at most 3.5e-6 here), row (a′) at Bullet's gap.",
    );
    return { rows, plots: [], figures, notes };
  },
};
