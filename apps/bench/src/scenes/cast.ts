import type RAPIER from '@dimforge/rapier3d-compat';
import { CcdStatus, timeOfImpact } from '@firsttouch/ccd';
import {
  ball,
  type CastMotion,
  CastStatus,
  capsule,
  castShape,
  convexHull,
  cuboid,
  type Shape,
  type ShapeCastResult,
  shapeDistance,
} from '@firsttouch/convex';
import { identityPose, poseFromAxisAngle } from '@firsttouch/pose';
import { formatNumber } from '../harness/format.js';
import { Rng } from '../harness/prng.js';
import type { Row, Scene, SceneContext, SceneResult } from '../harness/scene.js';
import { pairedRatio, timeSideBySide } from '../harness/timing.js';
import { certifiedFirstTouch, type TouchTruth } from '../oracles/first-touch.js';
import { firstTouch3 } from '../oracles/touch3d.js';
import {
  castPair,
  convexHullCollider,
  loadRapier,
  primitiveCollider,
  queryWorld,
  type Rapier,
  type Vec3,
} from '../peers/rapier.js';
import { convexPairs, SEED } from './convex.js';

/** Pairs of each case (all answered and checked against the ground truth) and pairs timed. */
const SIZES = {
  tiny: { pairs: 8, timed: 8, oracleSamples: 64 },
  quick: { pairs: 100, timed: 100, oracleSamples: 64 },
  full: { pairs: 2000, timed: 1000, oracleSamples: 64 },
};

/** A case of the scene: the shapes of both sides, B's motion, and what Rapier makes of them. */
interface CastCase {
  a: Shape<3>;
  b: Shape<3>;
  motion: CastMotion;
  velocity: Vec3;
  /** Rapier's colliders of the pair, in `world`, at the poses of s = 0. */
  rapier: (R: Rapier, world: RAPIER.World) => [RAPIER.Collider, RAPIER.Collider];
  /** The ground truth of the translation (the first s at which the shapes touch). */
  truth: (samples: number) => TouchTruth;
}

type Primitive = { ball: number } | { capsule: [number, number] } | { cuboid: [number, number, number] };

function shapeOf(p: Primitive): Shape<3> {
  if ('ball' in p) return ball(p.ball);
  if ('capsule' in p) return capsule(p.capsule[0], p.capsule[1]);
  return cuboid(p.cuboid[0], p.cuboid[1], p.cuboid[2]);
}

/**
 * Primitive pairs: A at a random orientation at the origin, B from 3·u to −3·u + an offset up to 1
 * across the path (some pass, some graze), at a random orientation; sizes drawn per pair.
 */
function primitivePairs(rng: Rng, kind: 'ball' | 'capsule' | 'cuboid', count: number): CastCase[] {
  const draw = (): Primitive =>
    kind === 'ball'
      ? { ball: rng.uniform(0.2, 1) }
      : kind === 'capsule'
        ? { capsule: [rng.uniform(0.1, 0.8), rng.uniform(0.1, 0.5)] }
        : { cuboid: [rng.uniform(0.1, 0.8), rng.uniform(0.1, 0.8), rng.uniform(0.1, 0.8)] };
  const out: CastCase[] = [];
  for (let i = 0; i < count; i++) {
    const pa = draw();
    const pb = draw();
    const u = rng.unitVector3();
    const side = rng.unitVector3();
    const off = rng.uniform(0, 1);
    const poseA = poseFromAxisAngle(rng.unitVector3(), rng.uniform(0, 2 * Math.PI));
    const axis = rng.unitVector3();
    const angle = rng.uniform(0, 2 * Math.PI);
    const from = [3 * u[0], 3 * u[1], 3 * u[2]];
    const d = [-6 * u[0] + off * side[0], -6 * u[1] + off * side[1], -6 * u[2] + off * side[2]];
    const b0 = poseFromAxisAngle(axis, angle, from);
    const b1 = poseFromAxisAngle(axis, angle, [from[0] + d[0], from[1] + d[1], from[2] + d[2]]);
    const a = shapeOf(pa);
    const b = shapeOf(pb);
    out.push({
      a,
      b,
      motion: { a: [poseA, poseA], b: [b0, b1] },
      velocity: { x: d[0], y: d[1], z: d[2] },
      rapier: (R, world) => [primitiveCollider(R, world, pa, poseA), primitiveCollider(R, world, pb, b0)],
      // The exact shapes' gap (GJK distance, no cast) at sampled instants, certified between them
      // by the speed |d| of a translation and bisected to the first contact.
      truth: (samples) =>
        certifiedFirstTouch(
          (s) =>
            shapeDistance(a, b, {
              poseA,
              poseB: poseFromAxisAngle(axis, angle, [
                from[0] + s * d[0],
                from[1] + s * d[1],
                from[2] + s * d[2],
              ]),
            }).distance,
          Math.hypot(d[0], d[1], d[2]),
          { samples },
        ),
    });
  }
  return out;
}

/** The convex scene's translating hull pairs (seed 004), as shapes. */
function hullCases(
  points: number,
  count: number,
): { cases: CastCase[]; surfaces: ReturnType<typeof convexPairs> } {
  const rest = identityPose();
  const pairs = convexPairs(new Rng(SEED + points), points, count);
  const cases = pairs.map(
    (p): CastCase => ({
      a: convexHull(p.pointsA),
      b: convexHull(p.pointsB),
      motion: { a: [rest, rest], b: [p.start, p.endLinear] },
      velocity: p.velocity,
      rapier: (R, world) => [
        convexHullCollider(R, world, p.pointsA, rest),
        convexHullCollider(R, world, p.pointsB, p.start),
      ],
      truth: (samples) => firstTouch3(p.a, p.b, p.start, p.endLinear, { samples }),
    }),
  );
  return { cases, surfaces: pairs };
}

/**
 * Translating convex pairs: firsttouch's GJK ray cast (`castShape` of `@firsttouch/convex`, float64)
 * against Rapier's `castCollider` (float32) in one process, on the convex scene's hulls of 10 and 256
 * random points (the same pairs, seed 004) and on ball, capsule and cuboid pairs; every answer of
 * both checked against a certified ground truth (misses and late answers), and the hull pairs also
 * answered by ccd's `timeOfImpact` on the hulls as surfaces (the advancement loop).
 */
export const castScene: Scene = {
  name: 'cast',
  title: 'Translating convex pairs: the GJK ray cast against Rapier',
  async run(ctx: SceneContext): Promise<SceneResult> {
    const size = SIZES[ctx.size];
    const R = await loadRapier();
    const rows: Row[] = [];
    const figures: Record<string, number> = {};
    const zero = { x: 0, y: 0, z: 0 };
    const groups: Array<{
      key: string;
      label: string;
      cases: CastCase[];
      surfaces?: ReturnType<typeof convexPairs>;
    }> = [];
    for (const points of [10, 256]) {
      const { cases, surfaces } = hullCases(points, size.pairs);
      groups.push({ key: `p${points}`, label: `hulls of ${points} points`, cases, surfaces });
    }
    for (const [kind, seed] of [
      ['ball', 1],
      ['capsule', 2],
      ['cuboid', 3],
    ] as const) {
      groups.push({
        key: kind,
        label: `${kind} pairs`,
        cases: primitivePairs(new Rng(SEED + 1000 * seed), kind, size.pairs),
      });
    }
    for (const { key, label, cases, surfaces } of groups) {
      ctx.log(`cast: ${label}: answers and ground truth`);
      const n = cases.length;
      const world = queryWorld(R);
      const colliders = cases.map((c) => c.rapier(R, world));
      const rapierToi = (i: number): number => {
        const hit = castPair(colliders[i][1], cases[i].velocity, colliders[i][0], zero);
        return hit === null ? Number.POSITIVE_INFINITY : hit.toi;
      };
      const ours: ShapeCastResult[] = cases.map((c) => castShape(c.a, c.b, c.motion));
      const rap = cases.map((_, i) => rapierToi(i));
      const truths = cases.map((c) => c.truth(size.oracleSamples));
      let contacts = 0;
      let misses = 0;
      let late = 0;
      let rapierMisses = 0;
      let rapierLate = 0;
      let rapierLatest = 0;
      let margin = Number.POSITIVE_INFINITY;
      let spurious = 0;
      ours.forEach((r, i) => {
        const truth = truths[i];
        const hit = r.status !== CastStatus.Separate;
        if (truth.touched) {
          contacts++;
          if (!hit) misses++;
          else {
            if (r.toi > truth.s) late++;
            margin = Math.min(margin, truth.s - r.toi);
          }
          if (!Number.isFinite(rap[i])) rapierMisses++;
          else if (rap[i] > truth.s) {
            rapierLate++;
            rapierLatest = Math.max(rapierLatest, rap[i] - truth.s);
          }
        } else if (r.status === CastStatus.Contact && truth.minGap > r.tolerance) {
          // A contact where the gap never came within the tolerance, by the truth's samples: look closer.
          const near = cases[i].truth(4 * size.oracleSamples);
          if (near.minGap > r.tolerance) spurious++;
        }
      });
      // ccd's advancement loop on the same hulls as surfaces: the same statuses expected.
      const loop = surfaces?.map((p, i) => timeOfImpact(p.a, p.b, cases[i].motion));
      const statusDiffers = loop
        ? loop.reduce(
            (k, r, i) =>
              k + ((r.status === CcdStatus.Separate) !== (ours[i].status === CastStatus.Separate) ? 1 : 0),
            0,
          )
        : 0;

      ctx.log(`cast: ${label}: timing ${Math.min(size.timed, n)} pairs`);
      const timed = Math.min(size.timed, n);
      const out = castShape(cases[0].a, cases[0].b, cases[0].motion);
      const contenders = [
        {
          name: 'cast',
          queries: timed,
          batch: () => {
            let s = 0;
            for (let i = 0; i < timed; i++)
              s += castShape(cases[i].a, cases[i].b, cases[i].motion, undefined, out).toi;
            return s;
          },
        },
        {
          name: 'rapier',
          queries: timed,
          batch: () => {
            let s = 0;
            for (let i = 0; i < timed; i++) s += Math.min(2, rapierToi(i));
            return s;
          },
        },
      ];
      if (surfaces) {
        contenders.push({
          name: 'loop',
          queries: timed,
          batch: () => {
            let s = 0;
            for (let i = 0; i < timed; i++)
              s += timeOfImpact(surfaces[i].a, surfaces[i].b, cases[i].motion).toi;
            return s;
          },
        });
      }
      const t = timeSideBySide(contenders, ctx.timing);
      world.free();
      const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
      rows.push({
        scene: 'cast',
        case: `${label}, translation: castShape`,
        firsttouch: t.get('cast')!.perQueryUs,
        peer: 'Rapier castCollider (float32)',
        peerTime: t.get('rapier')!.perQueryUs,
        pairedRatio: pairedRatio(t.get('rapier')!, t.get('cast')!),
        extra: {
          pairs: n,
          timed,
          'true contacts': contacts,
          'firsttouch misses/late': `${misses}/${late}`,
          'Rapier misses/late': `${rapierMisses}/${rapierLate}`,
          'Rapier latest': rapierLatest,
          'spurious contacts': spurious,
          'earliest margin': margin,
          'supports/query': mean(ours.map((r) => r.iterations)),
        },
      });
      if (surfaces && loop) {
        rows.push({
          scene: 'cast',
          case: `${label}, translation: ccd timeOfImpact on the hulls as surfaces`,
          firsttouch: t.get('loop')!.perQueryUs,
          peer: 'castShape (the same pairs)',
          peerTime: t.get('cast')!.perQueryUs,
          pairedRatio: pairedRatio(t.get('cast')!, t.get('loop')!),
          extra: { timed, 'contact or not differs from the cast': statusDiffers },
        });
      }
      Object.assign(figures, {
        [`${key}.pairs`]: n,
        [`${key}.contacts`]: contacts,
        [`${key}.misses`]: misses,
        [`${key}.late`]: late,
        [`${key}.spurious`]: spurious,
        [`${key}.minMargin`]: margin,
        [`${key}.rapierMisses`]: rapierMisses,
        [`${key}.rapierLate`]: rapierLate,
        [`${key}.rapierLatest`]: rapierLatest,
        [`${key}.cast.us`]: t.get('cast')!.perQueryUs,
        [`${key}.rapier.us`]: t.get('rapier')!.perQueryUs,
        [`${key}.ratio`]: pairedRatio(t.get('rapier')!, t.get('cast')!),
        [`${key}.supports`]: mean(ours.map((r) => r.iterations)),
        [`${key}.loopStatusDiffers`]: statusDiffers,
      });
      if (surfaces) figures[`${key}.loop.us`] = t.get('loop')!.perQueryUs;
    }
    const notes = [
      `castShape runs with its defaults (tolerance 1e-6 of the larger box diagonal, as ccd's timeOfImpact), its answer record reused (\`out\`); Rapier's castCollider with target distance 0, stopping at penetration. "Late": a toi after the ground truth's first contact (certified sampling of the exact gap: the hull surfaces' for hulls, GJK distance of the exact shapes for primitives, ${size.oracleSamples} samples, bisected); "earliest margin": the smallest truth − toi of firsttouch's contacts. Times are medians over the first pairs ("timed"), ${formatNumber(size.timed)} at most.`,
    ];
    return { rows, plots: [], figures, notes };
  },
};
