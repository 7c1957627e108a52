import {
  type FirstImpactResult,
  firstImpact,
  type ProximityResult,
  proximityPairs,
} from '@firsttouch/broadphase';
import { CcdStatus, type CcdStatusValue, timeOfImpact } from '@firsttouch/ccd';
import { interpolatePose, type Pose3 } from '@firsttouch/pose';
import type { TutorialScene } from '../scene/tutorial.js';
import { fixed, sci, tf } from './format.js';

/** Run 3: several bodies. */
export interface SeveralRun {
  first: FirstImpactResult;
  pairs: { pair: [number, number]; status: CcdStatusValue; toi: number }[];
  loopToi: number;
  near: ProximityResult;
  atToi: Pose3[];
}

/** firstImpact, the loop over all pairs with the same tolerance, and the proximity pairs at the toi. */
export function severalRun(scene: TutorialScene): SeveralRun {
  const { bodies, poses0, poses1 } = scene.several;
  const first = firstImpact(bodies, poses0, poses1, { tolerance: 1e-6 });
  const pairs: SeveralRun['pairs'] = [];
  let loopToi = 1;
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      const r = timeOfImpact(
        bodies[i],
        bodies[j],
        { a: [poses0[i], poses1[i]], b: [poses0[j], poses1[j]] },
        { tolerance: 1e-6 },
      );
      pairs.push({ pair: [i, j], status: r.status, toi: r.toi });
      if (r.status !== CcdStatus.Separate) loopToi = Math.min(loopToi, r.toi);
    }
  }
  const atToi = bodies.map((_, i) => interpolatePose(poses0[i], poses1[i], first.toi));
  const near = proximityPairs(bodies, atToi, 0.3);
  return { first, pairs, loopToi, near, atToi };
}

/** The run's table, as the tutorial prints it (0-based body numbers). */
export function printSeveral(r: SeveralRun, n: number): string[] {
  const f = r.first;
  return [
    `first contact ${tf(f.status === CcdStatus.Contact)} at s = ${fixed(f.toi, 6, 9)}, bodies ${f.pair?.join(' ') ?? '-'} (${f.tested} of ${(n * (n - 1)) / 2} pairs tested)`,
    ...r.pairs.map((p) =>
      p.status === CcdStatus.Separate
        ? `  pair ${p.pair[0]}-${p.pair[1]}: separate`
        : `  pair ${p.pair[0]}-${p.pair[1]}: ${p.status} at s = ${fixed(p.toi, 6, 9)}`,
    ),
    `equal to the loop over all pairs, bit for bit: ${tf(r.loopToi === f.toi)}`,
    ...r.near.pairs.map(
      ([i, j], k) => `within 0.3 at s = toi: bodies ${i} and ${j}, gap ${sci(r.near.distances[k])}`,
    ),
  ];
}
