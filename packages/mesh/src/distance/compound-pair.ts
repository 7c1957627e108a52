import { GjkPair, type Shape } from '@firsttouch/convex';
import { FirstTouchError, identityPose, type Pose3 } from '@firsttouch/pose';
import { body3Argument } from '../body-arguments.js';
import { Compound } from '../compound.js';
import { Surface } from '../surface.js';
import { PartSearch } from '../tree/part-search.js';
import {
  assertFinitePlacement3,
  assertMeshInRange,
  assertSquaresInRange,
  buildPartTree,
  MESH_SAFE,
  type PartTree,
  SQUARES_SAFE,
  treeReach,
} from '../tree/part-tree.js';
import { dropPartQueries, keptPartQuery } from './spare-part-queries.js';
import { SurfacePair } from './surface-pair.js';
import { SurfaceShapePair } from './surface-shape-pair.js';

/** A body the pair takes: a Surface, a 3-D convex shape, or a compound of them. */
export type AnyBody3 = Surface | Shape<3> | Compound;
type Part = Surface | Shape<3>;

/** One part pair's query, whichever kinds the two parts are. */
interface PartQuery {
  /**
   * A lower bound of the gap, part B placed in part A's frame by R, t; at least `cutoff` (and no
   * witness) when the query stopped once it had certified the gap that large.
   */
  run(R: Float64Array, t: Float64Array, cutoff: number): number;
  /** The witness of the last run: points in part A's frame, the gap, the facets (0 for a shape). */
  readonly pointA: Float64Array;
  readonly pointB: Float64Array;
  distance: number;
  facetA: number;
  facetB: number;
  /** Two shapes' GJK pair: such a query is kept, its shapes dropped, for the pair's next parts. */
  gjk: GjkPair | undefined;
}

/**
 * The query of two parts, by their kinds (made once a part pair, kept while the pair is bound). Two
 * shapes take a kept query from `spare` when there is one, bound to them as a new one would be.
 */
function partQuery(a: Part, b: Part, spare: PartQuery[]): PartQuery {
  if (!Surface.isSurface(a) && !Surface.isSurface(b)) {
    const kept = keptPartQuery(spare, a, b as Shape<3>);
    if (kept !== undefined) return kept;
  }
  const pointA = new Float64Array(3);
  const pointB = new Float64Array(3);
  const q: PartQuery = {
    run: () => 0,
    pointA,
    pointB,
    distance: Number.NaN,
    facetA: 0,
    facetB: 0,
    gjk: undefined,
  };
  if (Surface.isSurface(a) && Surface.isSurface(b)) {
    const p = new SurfacePair(a, b);
    q.run = (R, t, cutoff) => {
      const d = p.evaluate(R, t, cutoff);
      if (p.beyond) return Number.POSITIVE_INFINITY;
      pointA.set(p.pointA);
      pointB.set(p.pointB);
      q.distance = d;
      q.facetA = p.facetA;
      q.facetB = p.facetB;
      return d;
    };
  } else if (Surface.isSurface(a)) {
    const p = new SurfaceShapePair(a, b as Shape<3>);
    q.run = (R, t, cutoff) => {
      const d = p.evaluate(R, t, cutoff);
      if (p.beyond) return Number.POSITIVE_INFINITY;
      pointA.set(p.pointA);
      pointB.set(p.pointB);
      q.distance = p.distance;
      q.facetA = p.facet;
      return d;
    };
  } else if (Surface.isSurface(b)) {
    // The search runs in the surface's frame: A placed there by the inverse placement.
    const p = new SurfaceShapePair(b, a as Shape<3>);
    const Ri = new Float64Array(9);
    const ti = new Float64Array(3);
    q.run = (R, t, cutoff) => {
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) Ri[3 * i + j] = R[3 * j + i];
      for (let i = 0; i < 3; i++) ti[i] = -(Ri[3 * i] * t[0] + Ri[3 * i + 1] * t[1] + Ri[3 * i + 2] * t[2]);
      const d = p.evaluate(Ri, ti, cutoff);
      if (p.beyond) return Number.POSITIVE_INFINITY;
      // B's frame back to A's: x ↦ R x + t.
      place(R, t, p.pointB, pointA);
      place(R, t, p.pointA, pointB);
      q.distance = p.distance;
      q.facetB = p.facet;
      return d;
    };
  } else {
    const p = new GjkPair(a, b as Shape<3>);
    q.gjk = p;
    q.run = (R, t, cutoff) => {
      // GJK may stop once its certified bound exceeds the cutoff: the pair is then out.
      p.stopAbove = cutoff;
      const d = p.evaluate(R, t);
      if (d >= cutoff) return Number.POSITIVE_INFINITY;
      pointA.set(p.pointA);
      pointB.set(p.pointB);
      q.distance = p.distance;
      return d;
    };
  }
  return q;
}

function place(R: ArrayLike<number>, t: ArrayLike<number>, x: ArrayLike<number>, out: Float64Array): void {
  const x0 = x[0],
    x1 = x[1],
    x2 = x[2];
  out[0] = R[0] * x0 + R[1] * x1 + R[2] * x2 + t[0];
  out[1] = R[3] * x0 + R[4] * x1 + R[5] * x2 + t[1];
  out[2] = R[6] * x0 + R[7] * x1 + R[8] * x2 + t[2];
}

const IDENTITY: Pose3 = Object.freeze(identityPose()) as Pose3;

/** A body as parts with their poses and the tree of their bounding balls (a lone body: one part at the identity). */
interface Parts {
  parts: readonly { readonly body: Part; readonly pose: Pose3 }[];
  tree: PartTree;
}

function partsOf(body: AnyBody3): Parts {
  if (Compound.isCompound(body)) return { parts: body.parts, tree: body.tree };
  const r = Surface.isSurface(body) ? body.extent().largestCoordinate * Math.sqrt(3) : body.reach;
  return {
    parts: [{ body, pose: IDENTITY }],
    tree: buildPartTree(new Float64Array([0, 0, 0, r * (1 + 1e-12)]), 3),
  };
}

/**
 * The gap between two bodies of which either may be a {@link Compound} (the other a Surface, a shape
 * or a compound), at a placement: the two trees of the parts' bounding balls are descended together
 * (nearer node pairs first), and every pair of parts whose balls may come nearer than the best gap
 * found so far is measured by the query its kinds take (mesh's `SurfacePair`,
 * `SurfaceShapePair`, convex's `GjkPair`), each part pair's query kept from call to call (its warm
 * start). {@link CompoundPair.evaluate} returns a certified lower bound of the gap (the smallest over
 * the part pairs measured; a part pair left out has its balls at least that far apart). The witness
 * names the parts (`partA`, `partB`) and the facets within them.
 *
 * @example
 * ```ts
 * import { ball } from '@firsttouch/convex';
 * import { box, compound, CompoundPair } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const pair = new CompoundPair(
 *   compound([
 *     { body: box(1), pose: poseFromAxisAngle([0, 0, 1], 0, [-1, 0, 0]) },
 *     { body: ball(0.5), pose: poseFromAxisAngle([0, 0, 1], 0, [1, 0, 0]) },
 *   ]),
 *   ball(0.25),
 * );
 * const R = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
 * console.log(pair.evaluate(R, new Float64Array([3, 0, 0])).toFixed(9), pair.partA); // 1.250000000 1
 * ```
 */
export class CompoundPair {
  /** The lower bound of the last evaluation. */
  lowerBound = Number.NaN;
  /** The gap between the two witness points (an upper bound, within the parts' tolerance of the gap). */
  distance = Number.NaN;
  /** The parts of A and of B nearest each other (0 for a body that is not a compound). */
  partA = -1;
  partB = -1;
  /** The facets of those parts (0 for a shape). */
  facetA = -1;
  facetB = -1;
  /** The witness on A and on B, in A's frame. */
  readonly pointA = new Float64Array(3);
  readonly pointB = new Float64Array(3);
  /** Part pairs measured since the pair was bound. */
  partEvaluations = 0;
  /** Node pairs of the part trees tested in the last evaluation. */
  nodePairs = 0;
  /** The last evaluation was given a `maxDistance` and certified the gap at least that large. */
  beyond = false;
  #a: Parts | undefined;
  #b: Parts | undefined;
  /**
   * The part pairs' queries, made on first use, by the pair's number i · (B's parts) + j: a map, since
   * the parts' product can pass the longest array (2³² − 1) while few pairs are ever measured.
   */
  readonly #queries = new Map<number, PartQuery>();
  /** Two shapes' part queries of the bodies bound before, their shapes dropped (see `partQuery`). */
  readonly #spare: PartQuery[] = [];
  readonly #R = new Float64Array(9);
  readonly #t = new Float64Array(3);
  readonly #RB = new Float64Array(9);
  readonly #search = new PartSearch();
  /** The placement of the evaluation under way, and its best part pair. */
  #Rq: Float64Array = this.#R;
  #tq: Float64Array = this.#t;
  #best = Number.POSITIVE_INFINITY;
  #cutoff = Number.POSITIVE_INFINITY;
  #bi = -1;
  #bj = -1;
  readonly #visit = (i: number, j: number): number => this.#measure(i, j);
  /** Both trees' reach from their origins (see `treeReach`). */
  #reach = 0;
  /** A part is a surface or a curve: the placement must stay where their distances are sound. */
  #meshy = false;

  constructor(a?: AnyBody3, b?: AnyBody3) {
    if (a !== undefined && b !== undefined) this.bind(a, b);
  }

  /**
   * Points the pair at two bodies; the part queries are made as needed.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for what is not a surface, a 3-D shape or a compound.
   */
  bind(a: AnyBody3, b: AnyBody3): void {
    body3Argument(a, 'compound pair (body A)');
    body3Argument(b, 'compound pair (body B)');
    this.#a = partsOf(a);
    this.#b = partsOf(b);
    this.#reach = treeReach(this.#a.tree) + treeReach(this.#b.tree);
    // (each list on its own: a spread of the two made an array a bind)
    this.#meshy =
      this.#a.parts.some((p) => Surface.isSurface(p.body)) ||
      this.#b.parts.some((p) => Surface.isSurface(p.body));
    dropPartQueries(this.#queries, this.#spare);
    this.partEvaluations = 0;
  }

  /** Drops the bodies and their part queries (keeping two shapes' queries, without their shapes). */
  unbind(): void {
    this.#a = undefined;
    this.#b = undefined;
    dropPartQueries(this.#queries, this.#spare);
  }

  /**
   * A certified lower bound of the gap when a point x of B is at `R x + t` in A's frame; sets the
   * fields. With `maxDistance` (proximity queries), every part pair certified at least that far apart
   * is left there (its balls, or its query stopping early): when all are, {@link beyond} is set, the
   * bound returned is `maxDistance`, and there is no witness (parts −1, `distance` infinite).
   *
   * @throws `FirstTouchError` `INVALID_POSE` where the placement reaches past 2^500 (about 3e150:
   *   the translation's largest |coordinate| plus both bodies' reach), where float64's squares of
   *   distances overflow; ccd's `timeOfImpact` takes such a step to unit size first.
   */
  evaluate(R: Float64Array, t: Float64Array, maxDistance = Number.POSITIVE_INFINITY): number {
    const A = this.#a;
    const B = this.#b;
    if (A === undefined || B === undefined)
      throw new FirstTouchError(
        'INVALID_OPTION',
        'CompoundPair.evaluate: the pair has no bodies (bind them first)',
      );
    // (a NaN in R answered a contact at distance NaN)
    assertFinitePlacement3(R, t, 'CompoundPair.evaluate');
    // (squares of distances past about 1e154 overflow: +∞ would pass for a lower bound)
    const far = Math.max(Math.abs(t[0]), Math.abs(t[1]), Math.abs(t[2])) + this.#reach;
    if (!(far <= SQUARES_SAFE)) assertSquaresInRange(far, 'CompoundPair.evaluate');
    if (this.#meshy && (!(far <= MESH_SAFE) || far * MESH_SAFE < 1))
      assertMeshInRange(far, 'CompoundPair.evaluate');
    this.#Rq = R;
    this.#tq = t;
    this.#cutoff = maxDistance;
    this.#best = maxDistance;
    this.#bi = -1;
    this.#bj = -1;
    const search = this.#search;
    search.place3(B.tree, R, t);
    search.search(A.tree, B.tree, maxDistance, this.#visit);
    this.nodePairs = search.nodePairs;
    const bi = this.#bi;
    const bj = this.#bj;
    this.beyond = bi < 0;
    if (bi < 0) {
      this.lowerBound = maxDistance;
      this.distance = Number.POSITIVE_INFINITY;
      this.partA = this.partB = this.facetA = this.facetB = -1;
      return maxDistance;
    }
    const q = this.#queries.get(bi * B.parts.length + bj)!;
    const pa = A.parts[bi].pose;
    place(pa.R, pa.t, q.pointA, this.pointA);
    place(pa.R, pa.t, q.pointB, this.pointB);
    this.lowerBound = Math.max(0, this.#best);
    this.distance = q.distance;
    this.partA = bi;
    this.partB = bj;
    this.facetA = q.facetA;
    this.facetB = q.facetB;
    return this.lowerBound;
  }

  /** Measures part i of A against part j of B; returns the bound the search prunes by. */
  #measure(i: number, j: number): number {
    const A = this.#a!;
    const B = this.#b!;
    const nb = B.parts.length;
    const k = i * nb + j;
    let q = this.#queries.get(k);
    if (q === undefined) {
      q = partQuery(A.parts[i].body, B.parts[j].body, this.#spare);
      this.#queries.set(k, q);
    }
    // Part j of B in part i of A's frame: PA⁻¹ ∘ (R, t) ∘ PB.
    this.#relative(A.parts[i].pose, this.#Rq, this.#tq, B.parts[j].pose);
    const d = q.run(this.#R, this.#t, this.#cutoff);
    this.partEvaluations++;
    // Ties go to the first pair in the order (part of B, then part of A), whatever the search's order.
    const bi = this.#bi;
    const bj = this.#bj;
    if (d < this.#best || (bi >= 0 && d === this.#best && (j < bj || (j === bj && i < bi)))) {
      this.#best = d;
      this.#bi = i;
      this.#bj = j;
    }
    return this.#best;
  }

  /** `#R`, `#t` := pa⁻¹ ∘ (R, t) ∘ pb. */
  #relative(pa: Pose3, R: Float64Array, t: Float64Array, pb: Pose3): void {
    const A = pa.R;
    const B = pb.R;
    const M = this.#R;
    // R B first (rows of R times columns of B), then Aᵀ of it.
    const RB = this.#RB;
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++)
        RB[3 * i + j] = R[3 * i] * B[j] + R[3 * i + 1] * B[3 + j] + R[3 * i + 2] * B[6 + j];
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) M[3 * i + j] = A[i] * RB[j] + A[3 + i] * RB[3 + j] + A[6 + i] * RB[6 + j];
    const w0 = R[0] * pb.t[0] + R[1] * pb.t[1] + R[2] * pb.t[2] + t[0] - pa.t[0];
    const w1 = R[3] * pb.t[0] + R[4] * pb.t[1] + R[5] * pb.t[2] + t[1] - pa.t[1];
    const w2 = R[6] * pb.t[0] + R[7] * pb.t[1] + R[8] * pb.t[2] + t[2] - pa.t[2];
    this.#t[0] = A[0] * w0 + A[3] * w1 + A[6] * w2;
    this.#t[1] = A[1] * w0 + A[4] * w1 + A[7] * w2;
    this.#t[2] = A[2] * w0 + A[5] * w1 + A[8] * w2;
  }
}
