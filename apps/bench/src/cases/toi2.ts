import { pose2 } from '@firsttouch/pose';
import { firstTouch, type TouchTruth } from '../oracles/touch2d.js';
import { type PolygonPair, polygonCurve } from '../polygons.js';

/**
 * A 2-D time-of-impact solver in the polygon scene. Adding one (firsttouch's `timeOfImpact2`, once
 * `@firsttouch/ccd` exists) is writing one of these.
 */
export interface Toi2Contender {
  name: string;
  /** The gap at which the solver reports contact (its tolerance band): hits within it are not spurious. */
  band: number;
  /**
   * Builds what the queries need (not timed) and returns the query: pair i's contact time in [0, 1],
   * or +∞ when the solver reports no contact during the step.
   */
  prepare(pairs: readonly PolygonPair[]): (i: number) => number;
  /** Solver-specific counters to print after the run (planck's TOI states). */
  counters?(): Record<string, number>;
}

/** The ground truth of every pair (exact touching, dense sampling + bisection). */
export function groundTruth(pairs: readonly PolygonPair[], samples: number): TouchTruth[] {
  return pairs.map((p) => truthOf(p, samples, 0));
}

function truthOf(p: PolygonPair, samples: number, threshold: number): TouchTruth {
  return firstTouch(polygonCurve(p.a), pose2(p.angleA), polygonCurve(p.b), p.q0, p.q1, {
    samples,
    threshold,
  });
}

/** How a solver's answers compare with the ground truth. */
export interface Toi2Score {
  pairs: number;
  /** Pairs that touch during the step (ground truth). */
  contacts: number;
  /** Contacts the solver reported as no contact. */
  misses: number;
  /** Contacts reported later than the true first contact (past 1e-9 in s): the bodies overlap first. */
  late: number;
  /** Hits where the true gap never fell to the solver's band. */
  spurious: number;
  /** Hits on pairs that never touch but come within the band (expected: the solver stops short). */
  nearHits: number;
}

/** Scores `answers` (one per pair, +∞ for "no contact") against `truths`, over the pairs in `subset`. */
export function scoreToi2(
  pairs: readonly PolygonPair[],
  truths: readonly TouchTruth[],
  answers: Float64Array,
  subset: readonly number[],
  band: number,
  samples: number,
): Toi2Score {
  const score: Toi2Score = {
    pairs: subset.length,
    contacts: 0,
    misses: 0,
    late: 0,
    spurious: 0,
    nearHits: 0,
  };
  for (const i of subset) {
    const hit = Number.isFinite(answers[i]);
    const truth = truths[i];
    if (truth.touched) {
      score.contacts++;
      if (!hit) score.misses++;
      else if (answers[i] > truth.s + 1e-9) score.late++;
    } else if (hit) {
      // Only these few pairs need the second look: did the gap come within the solver's band?
      if (truthOf(pairs[i], samples, band).touched) score.nearHits++;
      else score.spurious++;
    }
  }
  return score;
}
