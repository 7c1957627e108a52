import { CcdStatus, type TimeOfImpactResult, timeOfImpact } from '@firsttouch/ccd';
import { surfaceDistance } from '@firsttouch/mesh';
import { identityPose } from '@firsttouch/pose';
import type { TutorialScene } from '../scene/tutorial.js';
import { fixed, point, sci, tf } from './format.js';

/** One iterate of the advancement: s_k, the gap there, and the next step. */
export interface Iterate {
  k: number;
  s: number;
  gap: number;
  next: number;
  pointA: Float64Array;
  pointB: Float64Array;
}

/** Run 2: conservative advancement step by step, the contact, and the directional run. */
export interface AdvancementRun {
  mu: number;
  translation: number;
  tolerance: number;
  iterates: Iterate[];
  result: TimeOfImpactResult;
  directional: TimeOfImpactResult;
}

/** Advances the pebble along the throw, one step at a time (maxIterations = k), then in full. */
export function advancementRun(scene: TutorialScene): AdvancementRun {
  const motion = { a: [identityPose(), identityPose()], b: scene.throw } as const;
  const result = timeOfImpact(scene.bunny, scene.pebble, motion);
  const { mu, tolerance } = result;
  const start = surfaceDistance(scene.bunny, scene.pebble, { poseB: scene.throw[0] });
  const iterates: Iterate[] = [
    {
      k: 0,
      s: 0,
      gap: start.distance,
      next: (start.distance - tolerance / 2) / mu,
      pointA: start.pointA,
      pointB: start.pointB,
    },
  ];
  for (let k = 1; k <= result.iterations; k++) {
    const r = timeOfImpact(scene.bunny, scene.pebble, motion, { maxIterations: k });
    iterates.push({
      k,
      s: r.toi,
      gap: r.distance,
      next: (r.distance - tolerance / 2) / mu,
      pointA: r.pointA,
      pointB: r.pointB,
    });
  }
  const directional = timeOfImpact(scene.bunny, scene.pebble, motion, { directional: true });
  const translation = Math.hypot(
    scene.throw[1].t[0] - scene.throw[0].t[0],
    scene.throw[1].t[1] - scene.throw[0].t[1],
    scene.throw[1].t[2] - scene.throw[0].t[2],
  );
  return { mu, translation, tolerance, iterates, result, directional };
}

/** The run's table, as the tutorial prints it. */
export function printAdvancement(r: AdvancementRun): string[] {
  const lines = [
    `pebble speed bound mu = ${fixed(r.mu, 4, 7)} (translation ${fixed(r.translation, 1)}, spin ${fixed(r.mu - r.translation, 4, 7)}), tolerance ${sci(r.tolerance)}`,
  ];
  for (const it of r.iterates) {
    const head = `step ${it.k}: s = ${fixed(it.s, 6, 9)}, gap ${sci(it.gap)}`;
    lines.push(
      it.gap > r.tolerance
        ? `${head}, next step (d - tol/2) / mu = ${sci(it.next)}`
        : `${head} <= tolerance: contact`,
    );
  }
  const c = r.result;
  const d = r.directional;
  lines.push(
    `contact ${tf(c.status === CcdStatus.Contact)} at s = ${fixed(c.toi, 6, 9)} (${c.iterations} steps)`,
    `  gap there ${sci(c.distance)}, bunny facet ${c.facetA}, pebble facet ${c.facetB}`,
    `  on the bunny${point(c.pointA)}, on the pebble${point(c.pointB)}`,
    `directional: s = ${fixed(d.toi, 6, 9)} (${d.iterations} steps, ${d.directionalPairEvaluations} exact pair evaluations), same contact to 1e-6: ${tf(Math.abs(d.toi - c.toi) < 1e-6)}`,
  );
  return lines;
}
