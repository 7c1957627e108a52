import { timeOfImpact2 } from '@firsttouch/ccd';
import { interpolatePose, pose2, RigidMotion2 } from '@firsttouch/pose';
import type { AdvancementRun } from '../runs/advancement.js';
import { type CurvesRun, slidingMotion } from '../runs/curves.js';
import type { SamplingRun } from '../runs/sampling.js';
import type { SeveralRun } from '../runs/several.js';
import type { TutorialScene } from '../scene/tutorial.js';
import { curveScene, type Drawn2 } from '../svg/curves.js';
import { COLORS } from '../svg/document.js';
import { linePlot } from '../svg/plot.js';
import { type Drawn, projectScene } from '../svg/project.js';

/** The figures of the four runs, by file name. */
export function figures(
  scene: TutorialScene,
  r1: SamplingRun,
  r2: AdvancementRun,
  r3: SeveralRun,
  r4: CurvesRun,
): Record<string, string> {
  const out: Record<string, string> = {};
  out['run1-gap.svg'] = linePlot({
    title: 'run 1: the gap between the bunny and the pebble over the step (300 instants)',
    yLabel: 'gap',
    series: [{ points: r1.curve.map((x) => [x.s, x.gap]), color: COLORS.yellow }],
    markers: r1.five.map((x) => ({ x: x.s, y: x.gap, color: COLORS.teal, label: x.gap.toFixed(3) })),
    bands: r1.intervals.map(([a, b]) => ({ x0: a, x1: b, color: COLORS.ember })),
    marks: [
      { x: r2.result.toi, color: COLORS.ember, label: `first contact s = ${r2.result.toi.toFixed(4)}` },
    ],
  });

  const ghosts: Drawn[] = r2.iterates.map((it, k) => ({
    surface: scene.pebble,
    pose: interpolatePose(scene.throw[0], scene.throw[1], it.s),
    color: k === r2.iterates.length - 1 ? COLORS.ember : COLORS.grey,
    opacity: k === r2.iterates.length - 1 ? 1 : 0.55,
  }));
  out['run2-iterates.svg'] = projectScene(
    'run 2: conservative advancement of the pebble towards the bunny, one frame a step',
    [{ surface: scene.bunny, pose: pose3Identity(), color: '#b9bcc4' }, ...ghosts],
    r2.iterates.flatMap((it) => [{ from: it.pointA, to: it.pointB, color: COLORS.yellow }]),
    [
      `gaps: ${r2.iterates.map((it) => it.gap.toExponential(1)).join(', ')}`,
      `contact at s = ${r2.result.toi.toFixed(6)} after ${r2.result.iterations} steps (bunny facet ${r2.result.facetA}, pebble facet ${r2.result.facetB}); closest pairs in yellow`,
    ],
    {
      yaw: Math.PI + 0.35,
      pitch: 0.3,
      fitTo: r2.iterates.flatMap((it) => [it.pointA, it.pointB]),
      margin: 0.06,
    },
  );

  const { bodies, poses0 } = scene.several;
  out['run3-bodies.svg'] = projectScene(
    `run 3: the bunny at rest and three pebbles at the first contact s = ${r3.first.toi.toFixed(4)}`,
    [
      { surface: bodies[0], pose: r3.atToi[0], color: '#b9bcc4' },
      ...[1, 2, 3].map((i) => ({ surface: bodies[i], pose: poses0[i], color: COLORS.grey, opacity: 0.35 })),
      ...[1, 2, 3].map((i) => ({
        surface: bodies[i],
        pose: r3.atToi[i],
        color: r3.first.pair?.includes(i) ? COLORS.ember : COLORS.teal,
      })),
    ],
    [1, 2, 3].flatMap((i) => [
      {
        from: scene.several.poses0[i].t,
        to: scene.several.poses1[i].t,
        color: COLORS.grey,
        label: `pebble ${i}`,
      },
    ]),
    [
      `pebbles ${r3.first.pair?.join(' and ')} touch first (ember), ${r3.first.tested} of 6 pairs tested; paths in grey, pebbles at s = 0 translucent`,
    ],
  );

  const { bodies: curves, poses0: q0, poses1: q1 } = scene.curves;
  const at = (i: number) => new RigidMotion2(q0[i], q1[i]).poseAt(r4.first.toi);
  const drawn: Drawn2[] = [
    { curve: curves[0], pose: q0[0], color: COLORS.light, width: 1.5 },
    ...[1, 2, 3].map((i) => ({ curve: curves[i], pose: q0[i], color: COLORS.grey })),
    ...[1, 2, 3].map((i) => ({
      curve: curves[i],
      pose: at(i),
      color: r4.first.pair?.includes(i) ? COLORS.yellow : COLORS.teal,
      width: 1.5,
    })),
  ];
  const witness = r4.first.impact?.pointA;
  out['run4-scene.svg'] = curveScene(
    'run 4: the NACA 0012 section at rest and three particles turning half a turn',
    [
      {
        drawn,
        points: witness
          ? [{ p: witness, color: COLORS.ember, label: `first contact s = ${r4.first.toi.toFixed(4)}` }]
          : [],
        caption: `particles at s = 0 in grey, at the first contact in teal; the one touching the section in yellow (segment ${r4.first.impact?.segmentA})`,
      },
    ],
  );

  const plain = slidingIterates(scene, 0.02);
  out['run4-sliding.svg'] = curveScene(
    'run 4: a particle sliding 0.8 along a wall at a gap of 0.02',
    [
      {
        drawn: [
          { curve: scene.wall, pose: pose2(0), color: COLORS.light, width: 1.5 },
          ...plain.map((s, k) => ({
            curve: scene.particle,
            pose: new RigidMotion2(slidingMotion(0.02).b[0], slidingMotion(0.02).b[1]).poseAt(s),
            color: k === plain.length - 1 ? COLORS.yellow : COLORS.grey,
          })),
        ],
        points: [],
        caption: `plain bound: ${plain.length - 1} steps, each about one gap long`,
      },
      {
        drawn: [
          { curve: scene.wall, pose: pose2(0), color: COLORS.light, width: 1.5 },
          { curve: scene.particle, pose: slidingMotion(0.02).b[0], color: COLORS.grey },
          { curve: scene.particle, pose: slidingMotion(0.02).b[1], color: COLORS.yellow },
        ],
        points: [],
        caption: 'directional bound: one step from s = 0 (grey) to s = 1 (yellow)',
      },
    ],
    720,
    160,
  );
  return out;
}

/** s_0, s_1, ... of the plain run, one query a step (maxIterations = k). */
function slidingIterates(scene: TutorialScene, gap: number): number[] {
  const s = [0];
  for (let k = 1; k <= 1000; k++) {
    const r = timeOfImpact2(scene.wall, scene.particle, slidingMotion(gap), {
      tolerance: 1e-6,
      directional: false,
      maxIterations: k,
    });
    s.push(r.toi);
    if (r.status !== 'not-converged') break;
  }
  return s;
}

function pose3Identity() {
  return { R: Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1), t: new Float64Array(3) };
}
