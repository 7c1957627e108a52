import { timeOfImpact } from '@firsttouch/ccd';
import { surfaceDistance } from '@firsttouch/mesh';
import { interpolatePose } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { PairBound } from '../src/pair-bound.js';
import { stepBodies3 } from '../src/step-bodies3.js';
import { ball, pebble, rng, scene, slab } from './helpers.js';

// bodies whose origin is off their centre, so the ball about the origin is loose
const offPebble = pebble.translate([0.03, -0.01, 0]);
const kinds = [pebble, ball, slab, offPebble];

describe('the pair bound of the search', () => {
  it('never exceeds the gap of the meshes over the window', () => {
    let checked = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { bodies, poses0, poses1 } = scene(seed, 10, 0.4, 0.3, Math.PI, kinds);
      const b = stepBodies3(bodies, poses0, poses1);
      const r = rng(seed);
      for (const h of [1, 0.2, 0.03]) {
        const bound = new PairBound(b, 1e-6, h, 1000);
        for (let i = 0; i < bodies.length; i++) {
          for (let j = i + 1; j < bodies.length; j++) {
            for (const s of [0, h * r(), h]) {
              const g = bound.gap(i, j, s);
              const d = surfaceDistance(bodies[i], bodies[j], {
                poseA: interpolatePose(poses0[i], poses1[i], s),
                poseB: interpolatePose(poses0[j], poses1[j], s),
              }).distance;
              expect(g).toBeLessThanOrEqual(d);
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("never comes after the pair's reported toi (or the window's end)", () => {
    let bounded = 0;
    for (const seed of [7, 8, 9, 10, 11, 12]) {
      const { bodies, poses0, poses1 } = scene(seed, 9, 0.3, 0.3, Math.PI, kinds);
      const b = stepBodies3(bodies, poses0, poses1);
      for (const h of [1, 0.1]) {
        const bound = new PairBound(b, 1e-6, h, 1000);
        for (let i = 0; i < bodies.length; i++) {
          for (let j = i + 1; j < bodies.length; j++) {
            const s = bound.advance(i, j, h);
            const r = timeOfImpact(
              bodies[i],
              bodies[j],
              { a: [poses0[i], poses1[i]], b: [poses0[j], poses1[j]] },
              { tolerance: 1e-6 },
            );
            if (r.status === 'separate') continue;
            expect(r.toi > h || r.toi >= s).toBe(true);
            if (s > 0) bounded++;
          }
        }
      }
    }
    expect(bounded).toBeGreaterThan(10);
  });
});
