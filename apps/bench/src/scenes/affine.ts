import { type AffineMotion, CcdStatus, type TimeOfImpactResult, timeOfImpactAffine } from '@firsttouch/ccd';
import { convexHull, type Shape } from '@firsttouch/convex';
import { Surface, surfaceDistance } from '@firsttouch/mesh';
import { formatNumber } from '../harness/format.js';
import { Rng } from '../harness/prng.js';
import type { Row, Scene, SceneContext, SceneResult } from '../harness/scene.js';
import { pairedRatio, timeSideBySide } from '../harness/timing.js';
import { certifiedFirstTouch, type TouchTruth } from '../oracles/first-touch.js';
import { pointsInBall } from './convex.js';

/** The affine set's seed (seed 004 again, another stream than the rigid convex scene's). */
const SEED = 0xaff004;

/**
 * Pairs (all answered and all given the ground truth), pairs timed, and the oracle's uniform samples.
 */
const SIZES = {
  tiny: { points: [10, 256], pairs: 6, timed: 6, oracleSamples: 32 },
  quick: { points: [10, 256], pairs: 100, timed: 100, oracleSamples: 64 },
  full: { points: [10, 256], pairs: 1000, timed: 1000, oracleSamples: 64 },
};

/** The plain bound only (the cone cast refused): what the cone cast saves. */
const PLAIN = { directional: false } as const;

/** The paper's C5D-Linear figures, µs a query (C++, i9-13900KS): the goal of this scene. */
const PAPER_US: Record<number, number> = { 10: 20, 256: 48 };

/** One pair of the set: two hulls (shapes and their vertices and facets for the oracle) and the step. */
interface AffinePair {
  a: Shape<3>;
  b: Shape<3>;
  motion: AffineMotion;
}

/** Row-major 3×3 product. */
function mul3(A: readonly number[], B: readonly number[]): number[] {
  const C = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      C[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
  return C;
}

/** A uniform rotation (from a uniform quaternion), row-major. */
function rotation(rng: Rng): number[] {
  const [x, y, z, w] = rng.quaternion();
  return [
    1 - 2 * (y * y + z * z),
    2 * (x * y - z * w),
    2 * (x * z + y * w),
    2 * (x * y + z * w),
    1 - 2 * (x * x + z * z),
    2 * (y * z - x * w),
    2 * (x * z - y * w),
    2 * (y * z + x * w),
    1 - 2 * (x * x + y * y),
  ];
}

/** L = rotation · scale (0.5–2 per axis) · shear (off-diagonal entries in ±0.3): det > 0. */
function randomLinear(rng: Rng): number[] {
  const S = [rng.uniform(0.5, 2), 0, 0, 0, rng.uniform(0.5, 2), 0, 0, 0, rng.uniform(0.5, 2)];
  const H = [1, rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3), 0, 1, rng.uniform(-0.3, 0.3), 0, 0, 1];
  return mul3(rotation(rng), mul3(S, H));
}

/**
 * The set: hulls of `points` random points in the unit ball; each end map of each body a random
 * rotation, scale and shear; A from −2.5·u to 1.5·u and B from 2.5·u to −1.5·u (u uniform), B's path
 * shifted sideways by up to 3: towards each other, most through, some past.
 */
function affinePairs(rng: Rng, points: number, count: number): AffinePair[] {
  const out: AffinePair[] = [];
  for (let i = 0; i < count; i++) {
    const a = convexHull(pointsInBall(rng, points));
    const b = convexHull(pointsInBall(rng, points));
    const u = rng.unitVector3();
    // B's path passes A's by up to 3 sideways: most pairs touch, some pass by.
    const side = rng.unitVector3();
    const along = side[0] * u[0] + side[1] * u[1] + side[2] * u[2];
    const offset = rng.uniform(0, 3);
    const w = side.map((x, k) => x - along * u[k]);
    const wn = Math.hypot(w[0], w[1], w[2]) || 1;
    const at = (k: number, off = 0) => u.map((x, j) => k * x + (off * w[j]) / wn);
    out.push({
      a,
      b,
      motion: {
        a: [
          { L: randomLinear(rng), t: at(-2.5) },
          { L: randomLinear(rng), t: at(1.5) },
        ],
        b: [
          { L: randomLinear(rng), t: at(2.5, offset) },
          { L: randomLinear(rng), t: at(-1.5, offset) },
        ],
      },
    });
  }
  return out;
}

/** The hull's vertices under the map of `motion` side `side` at s. */
function mappedVertices(shape: Shape<3>, m: AffineMotion['a'], s: number): Float64Array {
  const V = shape.vertices();
  const L0 = m[0].L;
  const L1 = m[1].L;
  const L = Array.from({ length: 9 }, (_, i) => L0[i] + s * (L1[i] - L0[i]));
  const t = [0, 1, 2].map((k) => m[0].t[k] + s * (m[1].t[k] - m[0].t[k]));
  const out = new Float64Array(V.length);
  for (let i = 0; i < V.length; i += 3) {
    for (let r = 0; r < 3; r++)
      out[i + r] = L[3 * r] * V[i] + L[3 * r + 1] * V[i + 1] + L[3 * r + 2] * V[i + 2] + t[r];
  }
  return out;
}

/**
 * The ground truth of a pair, independent of GJK and of the time of impact: mesh's exact surface
 * distance (orient3d decides contact) between the hulls' surfaces mapped at s, sampled and certified
 * between samples by the Lipschitz constant of the motion (the largest speed of b − a over pairs of
 * vertices: each point moves on a line, its speed convex in the point), bisected to the first touch.
 * The surfaces are shells, not solids, which changes nothing here: bodies that start apart cross
 * each other's boundary before one can hold the other.
 */
function truthOf(p: AffinePair, samples: number, threshold = 0): TouchTruth {
  const speeds = (shape: Shape<3>, m: AffineMotion['a']) => {
    const v0 = mappedVertices(shape, m, 0);
    const v1 = mappedVertices(shape, m, 1);
    return v1.map((x, i) => x - v0[i]);
  };
  const da = speeds(p.a, p.motion.a);
  const db = speeds(p.b, p.motion.b);
  let mu = 0;
  for (let i = 0; i < da.length; i += 3)
    for (let j = 0; j < db.length; j += 3)
      mu = Math.max(mu, Math.hypot(db[j] - da[i], db[j + 1] - da[i + 1], db[j + 2] - da[i + 2]));
  const fa = p.a.facets();
  const fb = p.b.facets();
  return certifiedFirstTouch(
    (s, enough) =>
      surfaceDistance(
        Surface.fromIndexed(mappedVertices(p.a, p.motion.a, s), fa),
        Surface.fromIndexed(mappedVertices(p.b, p.motion.b, s), fb),
        { maxDistance: enough },
      ).distance,
    mu,
    { samples, threshold },
  );
}

/**
 * Convex bodies under affine motion (issue 26, seed 004's synthetic set): hulls of 10 and of 256
 * random points in the unit ball, each end map a random rotation, scale (0.5–2 per axis) and shear,
 * the two bodies flying towards each other. firsttouch's `timeOfImpactAffine` (C5D-Linear's cone
 * cast) against the same query with the cone cast refused (plain steps of the global speed bound),
 * side by side; every answer checked against the certified ground truth (misses, late answers). The
 * paper's C5D-Linear figures, 20 and 48 µs a query, are the goal (another machine, C++: a reference,
 * not a ratio).
 */
export const affineScene: Scene = {
  name: 'affine',
  title: 'Affine motion: hulls of random points, scaled, sheared and turned (C5D)',
  run(ctx: SceneContext): SceneResult {
    const size = SIZES[ctx.size];
    const rows: Row[] = [];
    const figures: Record<string, number> = {};
    const notes: string[] = [];
    for (const points of size.points) {
      const key = `p${points}`;
      ctx.log(`affine: ${size.pairs} pairs of hulls of ${points} points`);
      const pairs = affinePairs(new Rng(SEED + points), points, size.pairs);
      const vertices =
        pairs.reduce((s, p) => s + p.a.params.vertices + p.b.params.vertices, 0) / (2 * pairs.length);
      const answers = pairs.map((p) => timeOfImpactAffine(p.a, p.b, p.motion));
      const plain = pairs.map((p) => timeOfImpactAffine(p.a, p.b, p.motion, PLAIN));

      ctx.log(`affine: ${points} points: ground truth of ${pairs.length} pairs`);
      let contacts = 0;
      let misses = 0;
      let late = 0;
      let grazing = 0;
      let plainMisses = 0;
      let spurious = 0;
      let margin = Number.POSITIVE_INFINITY;
      pairs.forEach((p, i) => {
        const truth = truthOf(p, size.oracleSamples);
        if (truth.grazing) grazing++;
        const check = (r: TimeOfImpactResult): 'miss' | 'late' | 'ok' => {
          if (!truth.touched) return 'ok';
          if (r.status === CcdStatus.Separate) return 'miss';
          return r.toi > truth.s ? 'late' : 'ok';
        };
        if (truth.touched) {
          contacts++;
          margin = Math.min(margin, truth.s - answers[i].toi);
        }
        const c = check(answers[i]);
        if (c === 'miss') misses++;
        if (c === 'late') late++;
        if (check(plain[i]) === 'miss') plainMisses++;
        // A contact the truth does not see: did the gap at least come within the tolerance?
        if (!truth.touched && answers[i].status === CcdStatus.Contact) {
          if (!truthOf(p, size.oracleSamples, answers[i].tolerance).touched) spurious++;
        }
      });
      const mean = (rs: TimeOfImpactResult[], f: (r: TimeOfImpactResult) => number) =>
        rs.reduce((s, r) => s + f(r), 0) / rs.length;
      const steps = mean(answers, (r) => r.iterations);
      const gjk = mean(answers, (r) => r.convexEvaluations);
      const plainSteps = mean(plain, (r) => r.iterations);
      const count = (rs: TimeOfImpactResult[], status: string) =>
        rs.filter((r) => r.status === status).length;

      ctx.log(`affine: ${points} points: timing ${Math.min(size.timed, pairs.length)} pairs`);
      const n = Math.min(size.timed, pairs.length);
      const t = timeSideBySide(
        [
          {
            name: 'cone',
            queries: n,
            batch: () => {
              let s = 0;
              for (let i = 0; i < n; i++)
                s += timeOfImpactAffine(pairs[i].a, pairs[i].b, pairs[i].motion).toi;
              return s;
            },
          },
          {
            name: 'plain',
            queries: n,
            batch: () => {
              let s = 0;
              for (let i = 0; i < n; i++)
                s += timeOfImpactAffine(pairs[i].a, pairs[i].b, pairs[i].motion, PLAIN).toi;
              return s;
            },
          },
        ],
        ctx.timing,
      );
      const cone = t.get('cone')!;
      const plainT = t.get('plain')!;
      rows.push({
        scene: 'affine',
        case: `hulls of ${points} points (${formatNumber(vertices)} vertices), affine motion`,
        firsttouch: cone.perQueryUs,
        peer: 'same, cone cast off (plain speed bound)',
        peerTime: plainT.perQueryUs,
        pairedRatio: pairedRatio(plainT, cone),
        extra: {
          'steps/query': steps,
          'GJK/query': gjk,
          'plain steps/query': plainSteps,
          contacts: `${contacts}/${pairs.length}`,
          misses,
          late,
          spurious,
          'C5D paper µs': PAPER_US[points],
        },
      });
      figures[`${key}.us`] = cone.perQueryUs;
      figures[`${key}.plain.us`] = plainT.perQueryUs;
      figures[`${key}.steps`] = steps;
      figures[`${key}.gjk`] = gjk;
      figures[`${key}.plain.steps`] = plainSteps;
      figures[`${key}.vertices`] = vertices;
      figures[`${key}.contacts`] = contacts;
      figures[`${key}.misses`] = misses;
      figures[`${key}.late`] = late;
      figures[`${key}.spurious`] = spurious;
      figures[`${key}.plain.misses`] = plainMisses;
      figures[`${key}.initial`] = count(answers, CcdStatus.InitialContact);
      figures[`${key}.notConverged`] = count(answers, CcdStatus.NotConverged);
      figures[`${key}.plain.notConverged`] = count(plain, CcdStatus.NotConverged);
      figures[`${key}.grazing`] = grazing;
      notes.push(
        `${points} points: ${formatNumber(cone.perQueryUs)} µs a query (goal ${PAPER_US[points]}: C5D-Linear in the paper), ` +
          `${formatNumber(steps)} steps and ${formatNumber(gjk)} GJK calls a query; ${contacts} of ${pairs.length} pairs touch ` +
          `(ground truth), misses ${misses}, late ${late}, spurious contacts ${spurious}, smallest lead of toi over the truth ${formatNumber(margin)}; ` +
          `initial contacts ${figures[`${key}.initial`]}, not converged ${figures[`${key}.notConverged`]}; ` +
          `plain steps: ${formatNumber(plainSteps)} a query, ${figures[`${key}.plain.notConverged`]} not converged, misses ${plainMisses}.`,
      );
    }
    return { rows, plots: [], figures, notes };
  },
};
