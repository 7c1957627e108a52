import { timeOfImpact } from '@firsttouch/ccd';
import { ball, cuboid, GjkPair, type Shape } from '@firsttouch/convex';
import {
  type Compound,
  CompoundPair,
  compound,
  relativeTransform,
  type Surface,
  SurfaceShapePair,
} from '@firsttouch/mesh';
import { identityPose, type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import { demoBunny } from '../data.js';
import { formatNumber } from '../harness/format.js';
import { Rng } from '../harness/prng.js';
import type { Row, Scene, SceneContext, SceneResult } from '../harness/scene.js';
import { pairedRatio, timeSideBySide } from '../harness/timing.js';

/** Placements a case (timed and checked against the flat list). */
const SIZES = { tiny: { poses: 8 }, quick: { poses: 100 }, full: { poses: 400 } };
const SEED = 2025;
const REST: Pose3 = identityPose();

/** 64 parts on a 4 × 4 × 4 grid of pitch `pitch`, balls and cuboids in turn, each turned its own way. */
export function gridCompound(pitch: number, size: number, rng: Rng): Compound {
  const parts = [];
  for (let i = 0; i < 64; i++) {
    const x = ((i & 3) - 1.5) * pitch;
    const y = (((i >> 2) & 3) - 1.5) * pitch;
    const z = ((i >> 4) - 1.5) * pitch;
    const body = i % 2 === 0 ? ball(size) : cuboid(size, 0.8 * size, 0.6 * size);
    const pose = poseFromAxisAngle([rng.next() - 0.5, rng.next() - 0.5, 1], 3 * rng.next(), [x, y, z]);
    parts.push({ body, pose });
  }
  return compound(parts);
}

/**
 * The previous compound pair's search, kept here as the baseline: every part of B against every
 * part of A in a flat list, a pair left out when its bounding balls are already as far apart as the
 * best gap found (GJK for two shapes, mesh's `SurfaceShapePair` for a part against a surface A).
 * Its part queries are kept from call to call, as the pair keeps them.
 */
class FlatCompoundPair {
  partEvaluations = 0;
  readonly #queries: ((R: Float64Array, t: Float64Array) => number)[] = [];
  readonly #A: Compound | Surface;
  readonly #B: Compound;
  readonly #balls: Float64Array;
  readonly #R = new Float64Array(9);
  readonly #t = new Float64Array(3);
  readonly #c = new Float64Array(3);
  readonly #RB = new Float64Array(9);

  constructor(a: Compound | Surface, b: Compound) {
    this.#A = a;
    this.#B = b;
    this.#balls =
      'partCount' in a
        ? a.balls
        : new Float64Array([0, 0, 0, a.extent().largestCoordinate * Math.sqrt(3) * (1 + 1e-12)]);
    const na = 'partCount' in a ? a.partCount : 1;
    for (let j = 0; j < b.partCount; j++) {
      for (let i = 0; i < na; i++) {
        const shapeB = b.parts[j].body as Shape<3>;
        if ('partCount' in a) {
          const g = new GjkPair(a.parts[i].body as Shape<3>, shapeB);
          this.#queries[i * b.partCount + j] = (R, t) => g.evaluate(R, t);
        } else {
          const p = new SurfaceShapePair(a, shapeB);
          this.#queries[i * b.partCount + j] = (R, t) => p.evaluate(R, t);
        }
      }
    }
  }

  evaluate(R: Float64Array, t: Float64Array): number {
    const A = this.#A;
    const B = this.#B;
    const balls = this.#balls;
    const na = balls.length / 4;
    const nb = B.partCount;
    const c = this.#c;
    let best = Number.POSITIVE_INFINITY;
    for (let j = 0; j < nb; j++) {
      const bb = B.balls;
      for (let k = 0; k < 3; k++)
        c[k] = R[3 * k] * bb[4 * j] + R[3 * k + 1] * bb[4 * j + 1] + R[3 * k + 2] * bb[4 * j + 2] + t[k];
      for (let i = 0; i < na; i++) {
        const o = 4 * i;
        const gap =
          Math.hypot(c[0] - balls[o], c[1] - balls[o + 1], c[2] - balls[o + 2]) -
          balls[o + 3] -
          bb[4 * j + 3];
        if (gap >= best) continue;
        const pa = 'partCount' in A ? A.parts[i].pose : REST;
        composeRelative(pa, R, t, B.parts[j].pose, this.#R, this.#t, this.#RB);
        const d = this.#queries[i * nb + j](this.#R, this.#t);
        this.partEvaluations++;
        if (d < best) best = d;
      }
    }
    return Math.max(0, best);
  }
}

/** (MR, Mt) := pa⁻¹ ∘ (R, t) ∘ pb. */
function composeRelative(
  pa: Pose3,
  R: Float64Array,
  t: Float64Array,
  pb: Pose3,
  MR: Float64Array,
  Mt: Float64Array,
  RB: Float64Array,
): void {
  const A = pa.R;
  const B = pb.R;
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      RB[3 * i + j] = R[3 * i] * B[j] + R[3 * i + 1] * B[3 + j] + R[3 * i + 2] * B[6 + j];
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) MR[3 * i + j] = A[i] * RB[j] + A[3 + i] * RB[3 + j] + A[6 + i] * RB[6 + j];
  const w0 = R[0] * pb.t[0] + R[1] * pb.t[1] + R[2] * pb.t[2] + t[0] - pa.t[0];
  const w1 = R[3] * pb.t[0] + R[4] * pb.t[1] + R[5] * pb.t[2] + t[1] - pa.t[1];
  const w2 = R[6] * pb.t[0] + R[7] * pb.t[1] + R[8] * pb.t[2] + t[2] - pa.t[2];
  for (let k = 0; k < 3; k++) Mt[k] = A[k] * w0 + A[3 + k] * w1 + A[6 + k] * w2;
}

/**
 * Compound bodies (issue #25): the gap of a compound of 64 parts (balls and cuboids) against another
 * one and against the bunny, at placements from far apart to crossing, by `CompoundPair` (the tree
 * over the parts) against the flat list of parts it replaced (the baseline above), in one process;
 * the gaps compared at every placement. Then the time of impact of such a compound thrown through
 * the bunny and against another compound (µs a query and part pairs measured).
 */
export const compoundsScene: Scene = {
  name: 'compounds',
  title: 'Compound bodies: the tree over the parts against the flat list',
  run(ctx: SceneContext): SceneResult {
    const size = SIZES[ctx.size];
    const rng = new Rng(SEED);
    const rows: Row[] = [];
    const figures: Record<string, number> = {};
    const a = gridCompound(0.25, 0.08, rng);
    const b = gridCompound(0.2, 0.06, rng);
    const bunny = demoBunny();
    const poses: Pose3[] = [];
    for (let k = 0; k < size.poses; k++) {
      const dir = [rng.next() - 0.5, rng.next() - 0.5, rng.next() - 0.5];
      const len = Math.hypot(dir[0], dir[1], dir[2]);
      const far = 0.3 + 1.5 * rng.next();
      poses.push(
        poseFromAxisAngle(
          [rng.next() - 0.5, rng.next() - 0.5, 1],
          Math.PI * rng.next(),
          dir.map((x) => (far * x) / len),
        ),
      );
    }
    const R = new Float64Array(9);
    const t = new Float64Array(3);
    for (const [label, A, key] of [
      ['64 parts against 64 parts', a, 'grid'],
      ['the bunny against 64 parts', bunny, 'bunny'],
    ] as const) {
      ctx.log(`compounds: ${label}`);
      const tree = new CompoundPair(A, b);
      const flat = new FlatCompoundPair(A, b);
      let largest = 0;
      for (const p of poses) {
        relativeTransform(identityPose(), p, R, t);
        largest = Math.max(largest, Math.abs(tree.evaluate(R, t) - flat.evaluate(R, t)));
      }
      const treeParts = tree.partEvaluations / poses.length;
      const flatParts = flat.partEvaluations / poses.length;
      const batch = (pair: { evaluate(R: Float64Array, t: Float64Array): number }) => () => {
        let s = 0;
        for (const p of poses) {
          relativeTransform(identityPose(), p, R, t);
          s += pair.evaluate(R, t);
        }
        return s;
      };
      const timed = timeSideBySide(
        [
          { name: 'tree', queries: poses.length, batch: batch(tree) },
          { name: 'flat', queries: poses.length, batch: batch(flat) },
        ],
        ctx.timing,
      );
      const ratio = pairedRatio(timed.get('flat')!, timed.get('tree')!);
      figures[`${key}-distance-us`] = timed.get('tree')!.perQueryUs;
      figures[`${key}-distance-vs-flat`] = ratio;
      figures[`${key}-largest-diff`] = largest;
      rows.push({
        scene: 'compounds',
        case: `(a) distance, ${label}`,
        firsttouch: timed.get('tree')!.perQueryUs,
        peer: 'firsttouch, the flat list of parts (the previous search)',
        peerTime: timed.get('flat')!.perQueryUs,
        pairedRatio: ratio,
        extra: {
          placements: poses.length,
          'part pairs/query (tree)': formatNumber(treeParts),
          'part pairs/query (flat)': formatNumber(flatParts),
          'largest |Δ gap|': formatNumber(largest),
        },
      });
    }
    // Times of impact: the compound thrown through the bunny, and into the other compound.
    const rest = identityPose();
    const throwMotion = {
      a: [rest, rest] as [Pose3, Pose3],
      b: [
        poseFromAxisAngle([0, 1, 0], 0, [-1.6, 0, 0]),
        poseFromAxisAngle([0, 1, 0], Math.PI / 2, [1.6, 0, 0]),
      ] as [Pose3, Pose3],
    };
    for (const [label, A, key] of [
      ['64 parts thrown through the bunny', bunny, 'bunny-toi'],
      ['64 parts thrown into 64 parts', a, 'grid-toi'],
    ] as const) {
      const r = timeOfImpact(A, b, throwMotion);
      const repeat = 4;
      const timed = timeSideBySide(
        [
          {
            name: 'toi',
            queries: repeat,
            batch: () => {
              let s = 0;
              for (let k = 0; k < repeat; k++) s += timeOfImpact(A, b, throwMotion).toi;
              return s;
            },
          },
        ],
        ctx.timing,
      );
      figures[`${key}-us`] = timed.get('toi')!.perQueryUs;
      rows.push({
        scene: 'compounds',
        case: `(b) time of impact, ${label}`,
        firsttouch: timed.get('toi')!.perQueryUs,
        peer: '—',
        peerTime: null,
        extra: {
          status: r.status,
          toi: formatNumber(r.toi),
          iterations: r.iterations,
          'part pairs measured': r.pairEvaluations,
        },
      });
    }
    return {
      rows,
      plots: [],
      figures,
      notes: [
        'The flat list is the compound pair of the build before the tree (every part pair, pruned by its two balls against the best gap so far), kept in this scene as the baseline; the gaps agree at every placement (largest |Δ gap| column).',
      ],
    };
  },
};
