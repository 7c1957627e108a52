// The many-body calls read their arrays again after checking them (a copy of three arrays cost a
// tenth of a call at 10⁵ bodies); an entry that answers a body or a pose to the checks and something
// else after (a proxy) is refused by name, where it met a later stage as a raw TypeError
// (`s.bounds is not a function`: an adversarial probe). proximityPairs reads copies.

import { disc, icosphere } from '@firsttouch/mesh';
import { FirstTouchError, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { allImpacts, allImpacts2, firstImpact, firstImpact2, proximityPairs } from '../src/index.js';

/** `items` behind a proxy whose entry `at` answers `later` from its second read on. */
function fickle<T>(items: T[], at: number, later: unknown): T[] {
  let reads = 0;
  return new Proxy(items, {
    get(target, key, receiver) {
      if (key === String(at) && reads++ > 0) return later;
      return Reflect.get(target, key, receiver);
    },
  });
}

/** The FirstTouchError `f` throws (fails the test on any other outcome). */
function refusal(f: () => unknown): FirstTouchError {
  try {
    f();
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(FirstTouchError);
    return e as FirstTouchError;
  }
  throw new Error('no refusal');
}

describe('entries that change after their check', () => {
  const ball = icosphere(0.5, 1);
  const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
  const bodies = [ball, ball, ball];
  const p0 = [at(0), at(2), at(10)];
  const p1 = [at(0), at(0.5), at(10)];

  it('3-D: refused by name, never a raw TypeError', () => {
    for (const later of [undefined, 'junk', null, disc(1, 8)]) {
      for (const f of [
        () => firstImpact(fickle(bodies, 1, later), p0, p1),
        () => allImpacts(fickle(bodies, 1, later), p0, p1),
      ]) {
        const e = refusal(f);
        expect(e.code).toBe('INVALID_OPTION');
        expect(e.message).toMatch(/^bodies\[1\] changed after it was checked/);
      }
      if (later !== undefined && typeof later !== 'string') continue;
      expect(refusal(() => firstImpact(bodies, p0, fickle(p1, 1, later))).code).toBe('INVALID_POSE');
    }
  });

  it('2-D likewise', () => {
    const d = disc(0.5, 16);
    const q0 = [pose2(0, [0, 0]), pose2(0, [2, 0])];
    const q1 = [pose2(0, [0, 0]), pose2(0, [0.5, 0])];
    for (const later of [undefined, 'junk', null]) {
      expect(refusal(() => firstImpact2(fickle([d, d], 1, later), q0, q1)).message).toMatch(
        /^bodies\[1\] changed/,
      );
      expect(refusal(() => allImpacts2(fickle([d, d], 1, later), q0, q1)).message).toMatch(
        /^bodies\[1\] changed/,
      );
      expect(refusal(() => firstImpact2([d, d], q0, fickle(q1, 1, later))).message).toMatch(
        /^poses1\[1\] changed/,
      );
    }
  });

  it('proximityPairs answers the arrays as first read', () => {
    for (const later of [undefined, 'junk', null]) {
      expect(proximityPairs(fickle(bodies, 1, later), p0, 0.1).pairs).toEqual(
        proximityPairs(bodies, p0, 0.1).pairs,
      );
      expect(proximityPairs(bodies, fickle(p0, 1, later), 0.1).pairs).toEqual(
        proximityPairs(bodies, p0, 0.1).pairs,
      );
    }
  });
});
