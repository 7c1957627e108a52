import type { Surface } from '@firsttouch/mesh';
import type { RigidMotion } from '@firsttouch/pose';
import type { DirectionalStep3 } from './directional-step.js';
import { nodeStepBoxes } from './directional3/boxes.js';
import { facetClear, facetHullStep } from './directional3/hull.js';
import { pairStep } from './directional3/pairs.js';
import { nodeStepRss } from './directional3/rss.js';
import { type DirectionalOptions3, DirectionalState3, spread } from './directional3/state.js';

export type { DirectionalOptions3 } from './directional3/state.js';

/**
 * The directional (C2A) step between two surfaces, per facet pair inside the descent of the two
 * trees. A facet pair at distance `d` with witness direction `n` (world, from A to B) cannot close
 * faster than `c = n·(ΔA − ΔB) + |θA| ρA + |θB| ρB` (ρ the largest of its vertices): the gap along a
 * fixed `n` bounds the pair's distance from below at every s (each facet is convex). Its step is the
 * larger of `(g − tol/2) / c` and its own plain step, `g` the gap of the facets' corners along the
 * rounded `n` (within rounding of `d` where `n` is good; see `directional3/pairs.ts`); the body's
 * step is the minimum over all pairs.
 * Node pairs whose plain step (box gap over the node's speed bound) is already above the best are
 * pruned, and so are facet pairs whose separating-axis gap says the same. A large B (the distance
 * query's rule: not refitted) bounds its node pairs with their RSS instead of turned boxes;
 * a small one's node pairs are also pruned by their clearance (option `directionalClearance`: the
 * same steps, to the bit, through fewer node and facet pairs), and a small convex one is not
 * descended at all: each facet of A steps against B's vertex hull (option `directionalHullSteps`:
 * one GJK bound a facet of A near B, the step of that convex pair, in place of its pairs with B's
 * facets; a step valid for the facet and the hull is valid for every facet of B inside it). The
 * bound keeps its scratch (B placed in A's frame, the descent's stack, the hull search) between steps
 * and, through {@link DirectionalBound3.rebind}, between queries.
 *
 * @example
 * ```ts
 * import { DirectionalBound3 } from '@firsttouch/ccd';
 * import { box, icosphere, surfaceDistance } from '@firsttouch/mesh';
 * import { identityPose, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
 * // A pebble sliding past a ball at rest (A's frame is the world's), 0.4 along x.
 * const ball = icosphere(0.3, 2);
 * const pebble = box(0.04, 2);
 * const p0 = poseFromAxisAngle([0, 0, 1], 0, [-0.2, 0.42, 0]);
 * const p1 = poseFromAxisAngle([0, 0, 1], 0, [0.2, 0.42, 0]);
 * const rest = new RigidMotion(identityPose(), identityPose());
 * const bound = new DirectionalBound3(ball, pebble, rest, new RigidMotion(p0, p1));
 * const half = 5e-7; // tolerance / 2
 * const plain = (surfaceDistance(ball, pebble, { poseB: p0 }).distance - half) / 0.4; // μ = 0.4
 * const step = bound.step({ RA: identityPose().R, R: p0.R, t: p0.t, half, floor: plain, limit: 1, seedA: -1, seedB: -1 });
 * console.log(step > 1.5 * plain); // true
 * ```
 */
export class DirectionalBound3 {
  /** The state and scratch its strategies share (see `directional3/state.ts`). */
  readonly #q = new DirectionalState3();

  /**
   * @param options - the switches (see {@link DirectionalOptions3}), read here and by {@link rebind}.
   * @throws `FirstTouchError` `INVALID_OPTION` for a switch that is not a boolean.
   */
  constructor(a: Surface, b: Surface, ma: RigidMotion, mb: RigidMotion, options?: DirectionalOptions3) {
    this.#q.bind(a, b, ma, mb, options);
  }

  /** Exact facet-pair evaluations since the bound was made or rebound. */
  get pairEvaluations(): number {
    return this.#q.pairEvaluations;
  }

  /**
   * Points the bound at another step (other surfaces or motions), keeping its scratch: what a
   * time-of-impact evaluator reused between queries does instead of building a new bound. The
   * counter restarts.
   *
   * @throws `FirstTouchError` `INVALID_OPTION` for a switch that is not a boolean.
   * @example
   * ```ts
   * import { DirectionalBound3 } from '@firsttouch/ccd';
   * import { box } from '@firsttouch/mesh';
   * import { identityPose, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
   * const rest = new RigidMotion(identityPose(), identityPose());
   * const p0 = poseFromAxisAngle([0, 0, 1], 0, [3, 0, 0]);
   * const bound = new DirectionalBound3(box(1), box(1), rest, rest);
   * bound.rebind(box(1), box(1), rest, new RigidMotion(p0, poseFromAxisAngle([0, 0, 1], 0, [1, 0, 0])));
   * // closing at speed 2 from a gap of 2: the step reaches the contact at s = 1
   * const step = bound.step({ RA: identityPose().R, R: p0.R, t: p0.t, half: 0, floor: 0, limit: 1, seedA: -1, seedB: -1 });
   * console.log(step.toFixed(6)); // 1.000000
   * ```
   */
  rebind(a: Surface, b: Surface, ma: RigidMotion, mb: RigidMotion, options?: DirectionalOptions3): void {
    this.#q.bind(a, b, ma, mb, options);
  }

  /**
   * Forgets the surfaces and what is derived from them (trees, RSS, hull data), keeping the scratch:
   * what a pool does before it keeps the bound. {@link rebind} it before the next step.
   *
   * @example
   * ```ts
   * import { DirectionalBound3 } from '@firsttouch/ccd';
   * import { box } from '@firsttouch/mesh';
   * import { identityPose, RigidMotion } from '@firsttouch/pose';
   * const rest = new RigidMotion(identityPose(), identityPose());
   * const bound = new DirectionalBound3(box(1), box(1), rest, rest);
   * bound.unbind();
   * console.log(bound.pairEvaluations); // 0
   * ```
   */
  unbind(): void {
    this.#q.unbind();
  }

  /**
   * The certified step from the placement of `query` (A's world rotation at s, B in A's frame at s):
   * it stops at `query.floor` (the plain step: nothing below it matters), looks no further than
   * `query.limit`, and evaluates the facet pair `seedA`, `seedB` (usually the closest) first.
   */
  step(query: DirectionalStep3): number {
    const { half, floor, limit, seedA, seedB } = query;
    const q = this.#q;
    q.place(query.RA, query.R, query.t);
    const sc = q.scratch;
    const ta = q.ta;
    const tb = q.tb;
    let best = limit;
    // The closest pair of the last distance query usually has the smallest step: it seeds the bound.
    if (seedA >= 0 && seedB >= 0) {
      best = pairStep(q, seedA, seedB, half, best);
      if (best <= floor) return floor;
    }
    const stack = sc.descent;
    stack.size = 0;
    const hullClear = q.clearance && q.hullB !== undefined && q.relSpeed > 0;
    // Facet against hull: B's tree is not descended at all.
    const hullSteps = hullClear && q.hullSteps && q.hullB!.convex;
    if (hullClear) {
      sc.startFacets(q.a.facetCount);
      // One GJK search for the step, warm-started from facet to facet.
      sc.facetTriangle.reach = q.reach;
      sc.gjk.bindHulls(sc.facetTriangle, q.hullB!);
    }
    const key0 = nodeStep(q, 0, 0, half, best);
    if (key0 < best) stack.push(0, 0, key0);
    while (stack.size > 0) {
      const slot = stack.pop();
      if (stack.keys[slot] >= best) continue;
      const i = stack.nodes[2 * slot];
      const j = stack.nodes[2 * slot + 1];
      const leafA = ta.count[i] > 0;
      const leafB = tb.count[j] > 0;
      if (leafA && hullSteps && best > 0) {
        for (let x = ta.child[i]; x < ta.child[i] + ta.count[i]; x++) {
          best = facetHullStep(q, ta.order[x], half, best);
          if (best <= floor) return floor;
        }
        continue;
      }
      if (leafA && hullClear && best > 0) {
        // A leaf whose facets are all cleared against B's whole hull needs none of B's nodes.
        let cleared = true;
        for (let x = ta.child[i]; x < ta.child[i] + ta.count[i] && cleared; x++) {
          cleared = facetClear(q, ta.order[x], half, best);
        }
        if (cleared) continue;
      }
      if (leafA && leafB) {
        for (let x = ta.child[i]; x < ta.child[i] + ta.count[i]; x++) {
          const fa = ta.order[x];
          if (hullClear && best > 0 && facetClear(q, fa, half, best)) continue;
          for (let y = tb.child[j]; y < tb.child[j] + tb.count[j]; y++) {
            best = pairStep(q, fa, tb.order[y], half, best);
            if (best <= floor) return floor;
          }
        }
        continue;
      }
      let splitA: boolean;
      if (leafA) splitA = false;
      else if (leafB || hullSteps) splitA = true;
      else splitA = spread(ta.boxes, i) >= spread(tb.boxes, j);
      const a1 = splitA ? i + 1 : i;
      const a2 = splitA ? ta.child[i] : i;
      const b1 = splitA ? j : j + 1;
      const b2 = splitA ? j : tb.child[j];
      const k1 = nodeStep(q, a1, b1, half, best);
      const k2 = nodeStep(q, a2, b2, half, best);
      // The smaller plain step is searched first: it is where the small steps are.
      if (k1 <= k2) {
        if (k2 < best) stack.push(a2, b2, k2);
        if (k1 < best) stack.push(a1, b1, k1);
      } else {
        if (k1 < best) stack.push(a1, b1, k1);
        if (k2 < best) stack.push(a2, b2, k2);
      }
    }
    return best;
  }
}

/** The plain step of a node pair (with the directional cone), by boxes or by RSS as B's size says. */
function nodeStep(q: DirectionalState3, i: number, j: number, half: number, best: number): number {
  return q.useRss ? nodeStepRss(q, i, j, half) : nodeStepBoxes(q, i, j, half, best);
}
