import { surfaceDistance } from '@firsttouch/mesh';
import { RigidMotion } from '@firsttouch/pose';
import type { TutorialScene } from '../scene/tutorial.js';
import { fixed, tf } from './format.js';

/** One sample of the gap. */
export interface Sample {
  s: number;
  gap: number;
  touching: boolean;
}

/** Run 1: the gap sampled over the step, and what sampling misses. */
export interface SamplingRun {
  five: Sample[];
  samples: Sample[];
  intervals: [number, number][];
  touching: number;
  /** The gap at 300 instants, for the figure. */
  curve: Sample[];
}

function sampleAt(scene: TutorialScene, motion: RigidMotion, s: number): Sample {
  const r = surfaceDistance(scene.bunny, scene.pebble, { poseB: motion.poseAt(s) });
  return { s, gap: r.distance, touching: r.intersecting };
}

/** Samples the throw at 5, 200 and 300 instants. */
export function samplingRun(scene: TutorialScene): SamplingRun {
  const motion = new RigidMotion(scene.throw[0], scene.throw[1]);
  const five = [0, 1, 2, 3, 4].map((k) => sampleAt(scene, motion, 0.25 * k));
  const samples = Array.from({ length: 200 }, (_, k) => sampleAt(scene, motion, k / 199));
  const intervals: [number, number][] = [];
  let first = 0;
  samples.forEach((x, k) => {
    const was = k > 0 && samples[k - 1].touching;
    if (x.touching && !was) first = x.s;
    if (!x.touching && was) intervals.push([first, samples[k - 1].s]);
  });
  if (samples[199].touching) intervals.push([first, 1]);
  const curve = Array.from({ length: 300 }, (_, k) => sampleAt(scene, motion, k / 299));
  return { five, samples, intervals, touching: samples.filter((x) => x.touching).length, curve };
}

/** The run's table, as the tutorial prints it. */
export function printSampling(r: SamplingRun): string[] {
  return [
    ...r.five.map((x) => `s = ${fixed(x.s, 2, 5)}: gap ${fixed(x.gap, 5, 8)}, touching ${tf(x.touching)}`),
    ...r.intervals.map(([a, b]) => `  touching from s = ${fixed(a, 4, 7)} to s = ${fixed(b, 4, 7)}`),
    `200 samples: touching at ${r.touching} of them`,
  ];
}
