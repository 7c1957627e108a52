import { type FirstImpact2Result, firstImpact2 } from '@firsttouch/broadphase';
import { CcdStatus, type CcdStatusValue, type TimeOfImpact2Result, timeOfImpact2 } from '@firsttouch/ccd';
import { type CurveDistanceResult, curveDistance } from '@firsttouch/mesh';
import { pose2 } from '@firsttouch/pose';
import type { TutorialScene } from '../scene/tutorial.js';
import { fixed, sci, tf } from './format.js';

/** One line of the sliding-disc table. */
export interface SlidingCase {
  gap: number;
  mode: 'plain' | 'default' | 'directional';
  status: CcdStatusValue;
  toi: number;
  steps: number;
}

/** Run 4: the 2-D twins, and the sliding disc. */
export interface CurvesRun {
  start: CurveDistanceResult;
  particle: TimeOfImpact2Result;
  first: FirstImpact2Result;
  sliding: SlidingCase[];
}

/** The sliding disc's motion: 0.8 along the wall at a height of 0.03 + gap. */
export function slidingMotion(gap: number) {
  return { a: [pose2(0), pose2(0)], b: [pose2(0, [0.1, 0.03 + gap]), pose2(0, [0.9, 0.03 + gap])] } as const;
}

export function curvesRun(scene: TutorialScene): CurvesRun {
  const { bodies, poses0, poses1 } = scene.curves;
  const start = curveDistance(scene.wing, scene.particle, { poseB: poses0[1] });
  const particle = timeOfImpact2(scene.wing, scene.particle, {
    a: [poses0[0], poses1[0]],
    b: [poses0[1], poses1[1]],
  });
  const first = firstImpact2(bodies, poses0, poses1);
  const sliding: SlidingCase[] = [];
  for (const gap of [0.02, 4e-6]) {
    for (const [mode, directional] of [
      ['plain', false],
      ['default', 'auto'],
      ['directional', true],
    ] as const) {
      const r = timeOfImpact2(scene.wall, scene.particle, slidingMotion(gap), {
        tolerance: 1e-6,
        directional,
      });
      sliding.push({ gap, mode, status: r.status, toi: r.toi, steps: r.iterations });
    }
  }
  return { start, particle, first, sliding };
}

const STATUS_NAME: Record<CcdStatusValue, string> = {
  [CcdStatus.Contact]: 'CCD_CONTACT',
  [CcdStatus.Separate]: 'CCD_SEPARATE',
  [CcdStatus.InitialContact]: 'CCD_INITIAL_CONTACT',
  [CcdStatus.NotConverged]: 'CCD_NOT_CONVERGED',
};

export function printCurves(r: CurvesRun): string[] {
  const f = r.first;
  return [
    `gap at s = 0 ${fixed(r.start.distance, 5, 8)}, wing segment ${r.start.segmentA} at${fixed(r.start.pointA[0], 4, 8)}${fixed(r.start.pointA[1], 4, 8)}`,
    `particle 1: contact ${tf(r.particle.status === CcdStatus.Contact)} at s = ${fixed(r.particle.toi, 6, 9)} (${r.particle.iterations} steps)`,
    `first contact ${tf(f.status === CcdStatus.Contact)} at s = ${fixed(f.toi, 6, 9)}, curves ${f.pair?.join(' ') ?? '-'} (${f.tested} of 6 pairs tested)`,
    ...r.sliding.map(
      (c) =>
        `gap ${sci(c.gap, 1).replace('E-0', 'E-0')}, ${`${c.mode}:`.padEnd(13)}${STATUS_NAME[c.status].padEnd(18)}at s = ${fixed(c.toi, 6, 9)} (${c.steps} steps)`,
    ),
  ];
}
