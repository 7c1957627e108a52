// A query lends motions to a caller that runs many pairs on it (the broad phase: a motion a body),
// and keeps them for the next caller once they are given back. A kept motion reset for other poses
// must be the motion a new one would be, bit for bit, and so must every answer run on it; a refused
// pose must not lose it; and the query keeps a bounded number.

import { box, icosphere } from '@firsttouch/mesh';
import { FirstTouchError, type Pose3, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { ImpactQuery, SURFACES } from '../src/internal.js';
import { rng } from './helpers.js';

function randomPose(r: () => number): Pose3 {
  const axis = [r() - 0.5, r() - 0.5, r() - 0.5];
  return poseFromAxisAngle(axis, 4 * r(), [2 * r() - 1, 2 * r() - 1, 2 * r() - 1]);
}

function sameMotion(m: RigidMotion, fresh: RigidMotion): void {
  expect(Array.from(m.p0.R)).toEqual(Array.from(fresh.p0.R));
  expect(Array.from(m.p0.t)).toEqual(Array.from(fresh.p0.t));
  expect(Array.from(m.p1.R)).toEqual(Array.from(fresh.p1.R));
  expect(Array.from(m.p1.t)).toEqual(Array.from(fresh.p1.t));
  expect(Array.from(m.axis)).toEqual(Array.from(fresh.axis));
  expect(Array.from(m.delta)).toEqual(Array.from(fresh.delta));
  expect(Object.is(m.theta, fresh.theta)).toBe(true);
  expect(Object.is(m.translationLength, fresh.translationLength)).toBe(true);
}

describe('ImpactQuery.lendMotion', () => {
  it('lends kept motions reset to the new poses: the same motion and answers as new ones', () => {
    const r = rng(0x1e7d);
    const query = new ImpactQuery(SURFACES);
    const fresh = new ImpactQuery(SURFACES);
    query.options({}, 1e-6);
    fresh.options({}, 1e-6);
    const a = icosphere(0.3, 2);
    const b = box(0.4);
    let reused = 0;
    let contacts = 0;
    let before = new Set<RigidMotion>();
    for (let call = 0; call < 12; call++) {
      const seen = new Set<RigidMotion>();
      for (let k = 0; k < 6; k++) {
        const poses = [randomPose(r), randomPose(r), randomPose(r), randomPose(r)];
        const ma = query.lendMotion(poses[0], poses[1], ['poses0[0]', 'poses1[0]']);
        const mb = query.lendMotion(poses[2], poses[3], ['poses0[1]', 'poses1[1]']);
        // never one motion lent twice before it is given back
        expect(seen.has(ma) || seen.has(mb) || ma === mb).toBe(false);
        seen.add(ma);
        seen.add(mb);
        reused += +before.has(ma) + +before.has(mb);
        const fa = new RigidMotion(poses[0], poses[1]);
        const fb = new RigidMotion(poses[2], poses[3]);
        sameMotion(ma, fa);
        sameMotion(mb, fb);
        query.bind(a, b, ma, mb);
        fresh.bind(a, b, fa, fb);
        const run = query.advance();
        const want = fresh.advance();
        expect(run.status).toBe(want.status);
        expect(Object.is(run.toi, want.toi)).toBe(true);
        expect(query.result()).toEqual(fresh.result());
        if (run.status === 'contact') contacts++;
      }
      query.returnMotions();
      before = seen;
    }
    // every call after the first ran on the motions the one before gave back
    expect(reused).toBe(11 * 12);
    // (the draws meet often enough for the answers compared to include contacts)
    expect(contacts).toBeGreaterThan(5);
  });

  it('hands the kept motions out again after they are given back, not before', () => {
    const query = new ImpactQuery(SURFACES);
    const p = poseFromAxisAngle([0, 0, 1], 0.5, [1, 2, 3]);
    const m1 = query.lendMotion(p, p, 'm');
    const m2 = query.lendMotion(p, p, 'm');
    expect(m1).not.toBe(m2);
    query.returnMotions();
    const again = new Set([query.lendMotion(p, p, 'm'), query.lendMotion(p, p, 'm')]);
    expect(again).toEqual(new Set([m1, m2]));
    expect(query.lendMotion(p, p, 'm')).not.toBe(m1);
  });

  it('refuses a bad pose by name and keeps the motion it would have reset', () => {
    const query = new ImpactQuery(SURFACES);
    const p = poseFromAxisAngle([0, 0, 1], 0.5, [1, 2, 3]);
    const m = query.lendMotion(p, p, 'm');
    query.returnMotions();
    const bad = { R: [1, 0, 0, 0, 1, 0, 0, 0, Number.NaN], t: [0, 0, 0] };
    let thrown: unknown;
    try {
      query.lendMotion(p, bad, ['poses0[7]', 'poses1[7]']);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(FirstTouchError);
    expect((thrown as FirstTouchError).code).toBe('INVALID_POSE');
    expect((thrown as Error).message).toContain('poses1[7]');
    const q = poseFromAxisAngle([1, 0, 0], 1, [0, 0, 0]);
    const next = query.lendMotion(q, p, 'm');
    expect(next).toBe(m);
    sameMotion(next, new RigidMotion(q, p));
  });

  it('keeps at most 512 motions for the next lends', () => {
    const query = new ImpactQuery(SURFACES);
    const p = poseFromAxisAngle([0, 0, 1], 0.5, [1, 2, 3]);
    const first = new Set<RigidMotion>();
    for (let k = 0; k < 600; k++) first.add(query.lendMotion(p, p, 'm'));
    query.returnMotions();
    let kept = 0;
    for (let k = 0; k < 600; k++) if (first.has(query.lendMotion(p, p, 'm'))) kept++;
    expect(kept).toBe(512);
  });
});
