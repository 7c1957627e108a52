import { PolygonShape, Settings, TimeOfImpact, TOIInput, TOIOutput, TOIOutputState, Vec2 } from 'planck';
import type { Polygon, PolygonPair } from '../polygons.js';

/** planck's TOI states by name, for the counters. */
export const PLANCK_STATES: Record<number, string> = {
  [TOIOutputState.e_unknown]: 'unknown',
  [TOIOutputState.e_failed]: 'failed',
  [TOIOutputState.e_overlapped]: 'overlapped',
  [TOIOutputState.e_touching]: 'touching',
  [TOIOutputState.e_separated]: 'separated',
};

/**
 * planck stops at a gap of `target ± tolerance` between the core polygons (its shapes' skin,
 * `polygonRadius`, is not part of the distance it measures): it reports "touching" a little before
 * the polygons meet. This is the top of that band.
 */
export const PLANCK_TOUCH_BAND = planckTarget() + 0.25 * Settings.linearSlop;

/**
 * The gap planck's TimeOfImpact aims at between two polygons (0.005 with the default settings):
 * `max(linearSlop, 2 polygonRadius − 3 linearSlop)`, as its `target`.
 */
export const PLANCK_TARGET_GAP = planckTarget();

function planckTarget(): number {
  return Math.max(Settings.linearSlop, 2 * Settings.polygonRadius - 3 * Settings.linearSlop);
}

/** The polygon as planck's PolygonShape (planck recomputes the hull; our polygons are already convex). */
export function planckPolygon(p: Polygon): PolygonShape {
  const shape = new PolygonShape(Array.from(p.u, (u, i) => Vec2(u, p.v[i])));
  if (shape.m_count !== p.u.length) throw new Error(`planck kept ${shape.m_count} of ${p.u.length} vertices`);
  return shape;
}

/**
 * planck's `TimeOfImpact` (the TypeScript port of Box2D's b2TimeOfImpact) over a list of pairs. The
 * inputs — proxies and sweeps — are built once; a query only calls TimeOfImpact. The sweeps use a
 * local centre at the body origin, so planck's motion is the scene's motion.
 */
export class PlanckToi {
  readonly #inputs: TOIInput[];
  readonly #shapes: PolygonShape[] = [];
  readonly #output = new TOIOutput();
  /** The state of the last query of each pair. */
  readonly states: Int8Array;

  constructor(pairs: readonly PolygonPair[]) {
    this.states = new Int8Array(pairs.length);
    this.#inputs = pairs.map((p) => {
      const shapeA = planckPolygon(p.a);
      const shapeB = planckPolygon(p.b);
      this.#shapes.push(shapeA, shapeB);
      const input = new TOIInput();
      input.proxyA.set(shapeA, 0);
      input.proxyB.set(shapeB, 0);
      input.sweepA.localCenter.setZero();
      input.sweepA.c0.setZero();
      input.sweepA.c.setZero();
      input.sweepA.a0 = p.angleA;
      input.sweepA.a = p.angleA;
      input.sweepB.localCenter.setZero();
      input.sweepB.c0.set(p.q0.t[0], p.q0.t[1]);
      input.sweepB.c.set(p.q1.t[0], p.q1.t[1]);
      input.sweepB.a0 = p.q0.angle;
      input.sweepB.a = p.q0.angle + p.turn;
      input.tMax = 1;
      return input;
    });
  }

  /**
   * Pair i: planck's contact time, or +∞ unless it reports `touching` (the only state on which the
   * planck world acts as a hit).
   */
  query(i: number): number {
    const out = this.#output;
    TimeOfImpact(out, this.#inputs[i]);
    this.states[i] = out.state;
    return out.state === TOIOutputState.e_touching ? out.t : Number.POSITIVE_INFINITY;
  }
}
