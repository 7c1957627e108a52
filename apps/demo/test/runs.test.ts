import { CcdStatus, timeOfImpact, timeOfImpact2 } from '@firsttouch/ccd';
import { surfaceDistance } from '@firsttouch/mesh';
import { identityPose, RigidMotion } from '@firsttouch/pose';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AdvancementRun, advancementRun, printAdvancement } from '../src/runs/advancement.js';
import { type CurvesRun, curvesRun, printCurves, slidingMotion } from '../src/runs/curves.js';
import { printSampling, type SamplingRun, samplingRun } from '../src/runs/sampling.js';
import { printSeveral, type SeveralRun, severalRun } from '../src/runs/several.js';
import { type TutorialScene, tutorialScene } from '../src/scene/tutorial.js';

// The demo's printed values are checked against the library, recomputed here, not against
// literals copied from the demo's own output.
let scene: TutorialScene;
let r1: SamplingRun;
let r2: AdvancementRun;
let r3: SeveralRun;
let r4: CurvesRun;
beforeAll(() => {
  scene = tutorialScene();
  r1 = samplingRun(scene);
  r2 = advancementRun(scene);
  r3 = severalRun(scene);
  r4 = curvesRun(scene);
});

describe('run 1: sampling', () => {
  it('prints the gaps of the library at the five samples and the 200-sample intervals', () => {
    const m = new RigidMotion(scene.throw[0], scene.throw[1]);
    const lines = printSampling(r1);
    r1.five.forEach((x, k) => {
      const d = surfaceDistance(scene.bunny, scene.pebble, { poseB: m.poseAt(0.25 * k) });
      expect(x.gap).toBe(d.distance);
      expect(lines[k]).toContain(d.distance.toFixed(5));
    });
    // sampling misses the contact at the five instants, as in the tutorial, and sees it at 200
    expect(r1.five.every((x) => !x.touching)).toBe(true);
    expect(r1.touching).toBeGreaterThan(0);
    expect(r1.intervals.length).toBeGreaterThan(0);
    expect(lines.at(-1)).toBe(
      `200 samples: touching at ${r1.samples.filter((x) => x.touching).length} of them`,
    );
  });

  it('the first sampled contact is no earlier than the certified first contact', () => {
    expect(r1.intervals[0][0]).toBeGreaterThanOrEqual(r2.result.toi);
  });
});

describe('run 2: advancement', () => {
  it('prints the iterates of timeOfImpact with maxIterations = k, and the contact', () => {
    const motion = { a: [identityPose(), identityPose()], b: scene.throw } as const;
    const full = timeOfImpact(scene.bunny, scene.pebble, motion);
    expect(r2.result.toi).toBe(full.toi);
    expect(r2.result.status).toBe(CcdStatus.Contact);
    for (const it of r2.iterates.slice(1)) {
      const r = timeOfImpact(scene.bunny, scene.pebble, motion, { maxIterations: it.k });
      expect(it.s).toBe(r.toi);
      expect(it.gap).toBe(r.distance);
    }
    expect(r2.iterates.at(-1)?.s).toBe(full.toi);
    const lines = printAdvancement(r2);
    expect(lines[0]).toContain(full.mu.toFixed(4));
    expect(lines.join('\n')).toContain(
      `contact T at s = ${full.toi.toFixed(6).padStart(9)} (${full.iterations} steps)`,
    );
    expect(lines.join('\n')).toContain(`bunny facet ${full.facetA}, pebble facet ${full.facetB}`);
  });

  it("the pebble speed bound is the tutorial's 1.2444 (it depends on the pebble alone)", () => {
    expect(r2.mu.toFixed(4)).toBe('1.2444');
  });

  it('the directional run finds the same contact in no more steps', () => {
    expect(Math.abs(r2.directional.toi - r2.result.toi)).toBeLessThan(1e-6);
    expect(r2.directional.iterations).toBeLessThanOrEqual(r2.result.iterations);
  });
});

describe('run 3: several bodies', () => {
  it('firstImpact equals the loop over all pairs, and the crossing pebbles touch first as in the tutorial', () => {
    expect(r3.loopToi).toBe(r3.first.toi);
    expect(r3.first.pair).toEqual([2, 3]);
    // depends on no mesh: the tutorial prints 0.087759 and a gap of 6.599E-07
    expect(r3.first.toi.toFixed(6)).toBe('0.087759');
    const k = r3.near.pairs.findIndex((p) => p[0] === 2 && p[1] === 3);
    expect(r3.near.distances[k].toExponential(3)).toBe('6.599e-7');
    const lines = printSeveral(r3, 4);
    expect(lines.join('\n')).toContain('equal to the loop over all pairs, bit for bit: T');
  });
});

describe('run 4: 2-D', () => {
  it('the sliding disc comes out exactly as in the specification', () => {
    const expected = [
      ['plain', CcdStatus.Separate, 1, 41],
      ['default', CcdStatus.Separate, 1, 41],
      ['directional', CcdStatus.Separate, 1, 1],
      ['plain', CcdStatus.NotConverged, 0.004375, 1000],
      ['default', CcdStatus.Separate, 1, 9],
      ['directional', CcdStatus.Separate, 1, 1],
    ] as const;
    r4.sliding.forEach((c, k) => {
      expect([c.mode, c.status, Number(c.toi.toFixed(6)), c.steps]).toEqual(expected[k]);
    });
    const again = timeOfImpact2(scene.wall, scene.particle, slidingMotion(4e-6), {
      tolerance: 1e-6,
      directional: false,
    });
    expect(r4.sliding[3].toi).toBe(again.toi);
  });

  it("prints the particle's contact and the first contact of the four curves from the library", () => {
    const { poses0, poses1 } = scene.curves;
    const p = timeOfImpact2(scene.wing, scene.particle, {
      a: [poses0[0], poses1[0]],
      b: [poses0[1], poses1[1]],
    });
    expect(r4.particle.toi).toBe(p.toi);
    expect(r4.first.toi).toBe(p.toi);
    expect(r4.first.pair).toEqual([0, 1]);
    const lines = printCurves(r4);
    expect(lines[1]).toContain(p.toi.toFixed(6));
    expect(lines[1]).toContain(`(${p.iterations} steps)`);
  });

  it('the wing section is one closed loop of chord 1 that went through STL', () => {
    expect(scene.wing.loops).toHaveLength(1);
    expect(scene.wing.loops[0].closed).toBe(true);
    const b = scene.wing.bounds();
    expect(b.max[0] - b.min[0]).toBeCloseTo(1, 6);
    expect(b.max[1] - b.min[1]).toBeCloseTo(0.12, 3);
  });
});
