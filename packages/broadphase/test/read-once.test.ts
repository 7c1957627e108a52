// The many-body calls read each entry of their arrays once (an adversarial probe): an array whose
// entries answer a body or a pose to the checks and something else after (a proxy) gave raw
// TypeErrors (`s.bounds is not a function`), or a scene one stage saw and another did not.

import { disc, icosphere } from '@firsttouch/mesh';
import { pose2, poseFromAxisAngle } from '@firsttouch/pose';
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

describe('the many-body calls read their arrays once', () => {
  const ball = icosphere(0.5, 1);
  const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
  const bodies = [ball, ball, ball];
  const p0 = [at(0), at(2), at(10)];
  const p1 = [at(0), at(0.5), at(10)];

  it('3-D: the answer of the arrays as first read, whatever the entries answer after', () => {
    const plain = firstImpact(bodies, p0, p1);
    expect(plain.pair).toEqual([0, 1]);
    for (const later of [undefined, 'junk', disc(1, 8), null]) {
      const r = firstImpact(fickle(bodies, 1, later), p0, p1);
      expect([r.status, r.toi, r.pair]).toEqual([plain.status, plain.toi, plain.pair]);
      expect(firstImpact(bodies, p0, fickle(p1, 1, later)).toi).toBe(plain.toi);
      expect(allImpacts(fickle(bodies, 1, later), p0, p1).impacts.map((x) => x.toi)).toEqual([plain.toi]);
      expect(proximityPairs(fickle(bodies, 1, later), p0, 0.1).pairs).toEqual(
        proximityPairs(bodies, p0, 0.1).pairs,
      );
    }
  });

  it('2-D likewise', () => {
    const d = disc(0.5, 16);
    const q0 = [pose2(0, [0, 0]), pose2(0, [2, 0])];
    const q1 = [pose2(0, [0, 0]), pose2(0, [0.5, 0])];
    const plain = firstImpact2([d, d], q0, q1);
    expect(plain.pair).toEqual([0, 1]);
    for (const later of [undefined, 'junk', null]) {
      expect(firstImpact2(fickle([d, d], 1, later), q0, q1).toi).toBe(plain.toi);
      expect(firstImpact2([d, d], q0, fickle(q1, 1, later)).toi).toBe(plain.toi);
      expect(allImpacts2(fickle([d, d], 1, later), q0, q1).impacts.map((x) => x.toi)).toEqual([plain.toi]);
    }
  });
});
