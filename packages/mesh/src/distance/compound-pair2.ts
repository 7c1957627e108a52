import { GjkPair, type Shape } from '@firsttouch/convex';
import { FirstTouchError } from '@firsttouch/pose';
import { body2Argument } from '../body-arguments.js';
import { Compound2 } from '../compound2.js';
import { Curve } from '../curve.js';
import { PartSearch } from '../tree/part-search.js';
import {
  assertFinitePlacement2,
  assertMeshInRange,
  assertSquaresInRange,
  buildPartTree,
  MESH_SAFE,
  type PartTree,
  SQUARES_SAFE,
  treeReach,
} from '../tree/part-tree.js';
import { CurvePair } from './curve-pair.js';
import { CurveShapePair } from './curve-shape-pair.js';
import { dropPartQueries, keptPartQuery } from './spare-part-queries.js';

/** A body {@link CompoundPair2} takes: a Curve, a 2-D convex shape, or a compound of them. */
export type AnyBody2 = Curve | Shape<2> | Compound2;
type Part = Curve | Shape<2>;

/** One part pair's query, whichever kinds the two parts are (the 2-D twin of the 3-D pair's). */
interface PartQuery {
  /** A lower bound of the gap, part B placed in part A's frame by the rotation (c, s) and (tu, tv). */
  run(c: number, s: number, tu: number, tv: number): number;
  /** The witness of the last run: points in part A's frame, the gap, the segments (0 for a shape). */
  readonly pointA: Float64Array;
  readonly pointB: Float64Array;
  distance: number;
  segmentA: number;
  segmentB: number;
  /** Two shapes' GJK pair: such a query is kept, its shapes dropped, for the pair's next parts. */
  gjk: GjkPair | undefined;
}

/**
 * The query of two parts, by their kinds (made once a part pair, kept while the pair is bound). Two
 * shapes take a kept query from `spare` when there is one, bound to them as a new one would be.
 */
function partQuery(a: Part, b: Part, spare: PartQuery[]): PartQuery {
  if (!Curve.isCurve(a) && !Curve.isCurve(b)) {
    const kept = keptPartQuery(spare, a, b as Shape<2>);
    if (kept !== undefined) return kept;
  }
  const pointA = new Float64Array(2);
  const pointB = new Float64Array(2);
  const q: PartQuery = {
    run: () => 0,
    pointA,
    pointB,
    distance: Number.NaN,
    segmentA: 0,
    segmentB: 0,
    gjk: undefined,
  };
  if (Curve.isCurve(a) && Curve.isCurve(b)) {
    const p = new CurvePair(a, b);
    q.run = (c, s, tu, tv) => {
      const d = p.evaluate(c, s, tu, tv);
      pointA.set(p.pointA);
      pointB.set(p.pointB);
      q.distance = p.distance;
      q.segmentA = p.segmentA;
      q.segmentB = p.segmentB;
      return d;
    };
  } else if (Curve.isCurve(a)) {
    const p = new CurveShapePair(a, b as Shape<2>);
    q.run = (c, s, tu, tv) => {
      const d = p.evaluate(c, s, tu, tv);
      pointA.set(p.pointA);
      pointB.set(p.pointB);
      q.distance = p.distance;
      q.segmentA = p.segment;
      return d;
    };
  } else if (Curve.isCurve(b)) {
    // The search runs in the curve's frame: A placed there by the inverse placement.
    const p = new CurveShapePair(b, a as Shape<2>);
    q.run = (c, s, tu, tv) => {
      const d = p.evaluate(c, -s, -(c * tu + s * tv), s * tu - c * tv);
      // B's frame back to A's: x ↦ rot x + t.
      pointA[0] = c * p.pointB[0] - s * p.pointB[1] + tu;
      pointA[1] = s * p.pointB[0] + c * p.pointB[1] + tv;
      pointB[0] = c * p.pointA[0] - s * p.pointA[1] + tu;
      pointB[1] = s * p.pointA[0] + c * p.pointA[1] + tv;
      q.distance = p.distance;
      q.segmentB = p.segment;
      return d;
    };
  } else {
    const p = new GjkPair(a, b as Shape<2>);
    q.gjk = p;
    q.run = (c, s, tu, tv) => {
      const d = p.evaluate2(c, s, tu, tv);
      pointA[0] = p.pointA[0];
      pointA[1] = p.pointA[1];
      pointB[0] = p.pointB[0];
      pointB[1] = p.pointB[1];
      q.distance = p.distance;
      return d;
    };
  }
  return q;
}

/** A body as parts: each part's pose as cos, sin, u, v (4 numbers a part), and the tree of their discs. */
interface Parts {
  parts: readonly { readonly body: Part }[];
  poses: Float64Array;
  tree: PartTree;
}

function partsOf(body: AnyBody2): Parts {
  if (Compound2.isCompound2(body)) {
    const poses = new Float64Array(4 * body.partCount);
    body.parts.forEach((p, i) => {
      poses[4 * i] = Math.cos(p.pose.angle);
      poses[4 * i + 1] = Math.sin(p.pose.angle);
      poses[4 * i + 2] = p.pose.t[0];
      poses[4 * i + 3] = p.pose.t[1];
    });
    return { parts: body.parts, poses, tree: body.tree };
  }
  const r = Curve.isCurve(body) ? body.extent().radius : body.reach;
  return {
    parts: [{ body }],
    poses: new Float64Array([1, 0, 0, 0]),
    tree: buildPartTree(new Float64Array([0, 0, r * (1 + 1e-12)]), 2),
  };
}

/**
 * The 2-D twin of {@link CompoundPair}: the gap between two bodies of the plane of which either may be
 * a {@link Compound2} (the other a Curve, a 2-D shape or a compound), at a placement. The two trees of
 * the parts' bounding discs are descended together, nearer node pairs first, and every pair of parts
 * whose discs may come nearer than the best gap found so far is measured by the query its kinds take
 * (`CurvePair`, `CurveShapePair`, convex's `GjkPair`), each part pair's query kept from call to call.
 * {@link CompoundPair2.evaluate} returns a certified lower bound of the gap; the witness names the
 * parts (`partA`, `partB`) and the segments within them.
 *
 * @example
 * ```ts
 * import { ball2 } from '@firsttouch/convex';
 * import { compound2, CompoundPair2, rectangle } from '@firsttouch/mesh';
 * import { pose2 } from '@firsttouch/pose';
 * const pair = new CompoundPair2(
 *   compound2([
 *     { body: rectangle(1, 1), pose: pose2(0, [-1, 0]) },
 *     { body: ball2(0.5), pose: pose2(0, [1, 0]) },
 *   ]),
 *   ball2(0.25),
 * );
 * console.log(pair.evaluate(1, 0, 3, 0).toFixed(9), pair.partA); // 1.250000000 1
 * ```
 */
export class CompoundPair2 {
  /** The lower bound of the last evaluation. */
  lowerBound = Number.NaN;
  /** The gap between the two witness points (an upper bound, within the parts' tolerance of the gap). */
  distance = Number.NaN;
  /** The parts of A and of B nearest each other (0 for a body that is not a compound). */
  partA = -1;
  partB = -1;
  /** The segments of those parts (0 for a shape). */
  segmentA = -1;
  segmentB = -1;
  /** The witness on A and on B, in A's frame (u, v). */
  readonly pointA = new Float64Array(2);
  readonly pointB = new Float64Array(2);
  /** Part pairs measured since the pair was bound. */
  partEvaluations = 0;
  /** Node pairs of the part trees tested in the last evaluation. */
  nodePairs = 0;
  #a: Parts | undefined;
  #b: Parts | undefined;
  /**
   * The part pairs' queries, made on first use, by the pair's number i · (B's parts) + j: a map, since
   * the parts' product can pass the longest array (2³² − 1) while few pairs are ever measured.
   */
  readonly #queries = new Map<number, PartQuery>();
  /** Two shapes' part queries of the bodies bound before, their shapes dropped (see `partQuery`). */
  readonly #spare: PartQuery[] = [];
  readonly #search = new PartSearch();
  /** The placement of the evaluation under way, and its best part pair. */
  readonly #q = new Float64Array(4);
  #best = Number.POSITIVE_INFINITY;
  #bi = -1;
  #bj = -1;
  readonly #visit = (i: number, j: number): number => this.#measure(i, j);
  /** Both trees' reach from their origins (see `treeReach`). */
  #reach = 0;
  /** A part is a surface or a curve: the placement must stay where their distances are sound. */
  #meshy = false;

  constructor(a?: AnyBody2, b?: AnyBody2) {
    if (a !== undefined && b !== undefined) this.bind(a, b);
  }

  /**
   * Points the pair at two bodies; the part queries are made as needed.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for what is not a curve, a 2-D shape or a `Compound2`.
   */
  bind(a: AnyBody2, b: AnyBody2): void {
    body2Argument(a, 'compound pair (body A)');
    body2Argument(b, 'compound pair (body B)');
    this.#a = partsOf(a);
    this.#b = partsOf(b);
    this.#reach = treeReach(this.#a.tree) + treeReach(this.#b.tree);
    // (each list on its own: a spread of the two made an array a bind)
    this.#meshy =
      this.#a.parts.some((p) => Curve.isCurve(p.body)) || this.#b.parts.some((p) => Curve.isCurve(p.body));
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
   * A certified lower bound of the gap when a point x of B is at `rot x + (tu, tv)` in A's frame,
   * `rot` the rotation of cosine `c` and sine `s`; sets the fields.
   *
   * @throws `FirstTouchError` `INVALID_POSE` where the placement reaches past 2^500, as
   *   `CompoundPair.evaluate`.
   */
  evaluate(c: number, s: number, tu: number, tv: number): number {
    const A = this.#a;
    const B = this.#b;
    if (A === undefined || B === undefined)
      throw new FirstTouchError(
        'INVALID_OPTION',
        'CompoundPair2.evaluate: the pair has no bodies (bind them first)',
      );
    // (a NaN cosine answered a contact at distance NaN)
    assertFinitePlacement2(c, s, tu, tv, 'CompoundPair2.evaluate');
    // (squares of distances past about 1e154 overflow: +∞ would pass for a lower bound)
    const far = Math.max(Math.abs(tu), Math.abs(tv)) + this.#reach;
    if (!(far <= SQUARES_SAFE)) assertSquaresInRange(far, 'CompoundPair2.evaluate');
    if (this.#meshy && (!(far <= MESH_SAFE) || far * MESH_SAFE < 1))
      assertMeshInRange(far, 'CompoundPair2.evaluate');
    const q = this.#q;
    q[0] = c;
    q[1] = s;
    q[2] = tu;
    q[3] = tv;
    this.#best = Number.POSITIVE_INFINITY;
    this.#bi = -1;
    this.#bj = -1;
    const search = this.#search;
    search.place2(B.tree, c, s, tu, tv);
    search.search(A.tree, B.tree, Number.POSITIVE_INFINITY, this.#visit);
    this.nodePairs = search.nodePairs;
    const bi = this.#bi;
    const bj = this.#bj;
    const w = this.#queries.get(bi * B.parts.length + bj)!;
    // Part A's frame to A's: its pose.
    const pa = A.poses;
    const ca = pa[4 * bi],
      sa = pa[4 * bi + 1],
      ua = pa[4 * bi + 2],
      va = pa[4 * bi + 3];
    this.pointA[0] = ca * w.pointA[0] - sa * w.pointA[1] + ua;
    this.pointA[1] = sa * w.pointA[0] + ca * w.pointA[1] + va;
    this.pointB[0] = ca * w.pointB[0] - sa * w.pointB[1] + ua;
    this.pointB[1] = sa * w.pointB[0] + ca * w.pointB[1] + va;
    this.lowerBound = Math.max(0, this.#best);
    this.distance = w.distance;
    this.partA = bi;
    this.partB = bj;
    this.segmentA = w.segmentA;
    this.segmentB = w.segmentB;
    return this.lowerBound;
  }

  /** Measures part i of A against part j of B; returns the bound the search prunes by. */
  #measure(i: number, j: number): number {
    const A = this.#a!;
    const B = this.#b!;
    const k = i * B.parts.length + j;
    let w = this.#queries.get(k);
    if (w === undefined) {
      w = partQuery(A.parts[i].body, B.parts[j].body, this.#spare);
      this.#queries.set(k, w);
    }
    // Part j of B in part i of A's frame: PA⁻¹ ∘ (rot, t) ∘ PB.
    const q = this.#q;
    const pa = A.poses;
    const pb = B.poses;
    const ca = pa[4 * i],
      sa = pa[4 * i + 1];
    const cb = pb[4 * j],
      sb = pb[4 * j + 1];
    const c = q[0] * cb - q[1] * sb;
    const s = q[1] * cb + q[0] * sb;
    const u = q[0] * pb[4 * j + 2] - q[1] * pb[4 * j + 3] + q[2] - pa[4 * i + 2];
    const v = q[1] * pb[4 * j + 2] + q[0] * pb[4 * j + 3] + q[3] - pa[4 * i + 3];
    const d = w.run(ca * c + sa * s, ca * s - sa * c, ca * u + sa * v, -sa * u + ca * v);
    this.partEvaluations++;
    // Ties go to the first pair in the order (part of B, then part of A), as in 3-D.
    const bi = this.#bi;
    const bj = this.#bj;
    if (bi < 0 || d < this.#best || (d === this.#best && (j < bj || (j === bj && i < bi)))) {
      this.#best = d;
      this.#bi = i;
      this.#bj = j;
    }
    return this.#best;
  }
}
