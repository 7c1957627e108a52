import { CcdStatus, type CcdStatusValue, timeOfImpact } from '@firsttouch/ccd';
import type { Surface } from '@firsttouch/mesh';
import type { Pose3 } from '@firsttouch/pose';

/** The earliest contact found by the loop over all pairs. */
export interface AllPairsImpact {
  status: CcdStatusValue;
  toi: number;
  pair: [number, number] | null;
  /** Pairs that ran a time of impact: all of them, n(n − 1)/2. */
  tested: number;
}

/**
 * The all-pairs brute force of a many-body step: `timeOfImpact` on every pair i < j, in
 * lexicographic order, with the given tolerance; the smallest toi over Contact, InitialContact and
 * NotConverged answers wins, the first pair on ties (what `firstImpact` promises to equal, bit for bit).
 */
export function allPairsFirstImpact(
  bodies: readonly Surface[],
  poses0: readonly Pose3[],
  poses1: readonly Pose3[],
  tolerance: number,
): AllPairsImpact {
  let best: AllPairsImpact = { status: CcdStatus.Separate, toi: 1, pair: null, tested: 0 };
  let tested = 0;
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      const r = timeOfImpact(
        bodies[i],
        bodies[j],
        { a: [poses0[i], poses1[i]], b: [poses0[j], poses1[j]] },
        { tolerance },
      );
      tested++;
      if (r.status === CcdStatus.Separate) continue;
      if (best.pair === null || r.toi < best.toi)
        best = { status: r.status, toi: r.toi, pair: [i, j], tested };
    }
  }
  return { ...best, tested };
}
