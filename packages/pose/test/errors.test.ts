import { describe, expect, it } from 'vitest';
import {
  assertPose3,
  checkedPose2,
  checkedPose3,
  FirstTouchError,
  identityPose,
  interpolatePose,
  interpolatePose2,
  motionBound2,
  motionBound3,
  pose2,
  poseFromAxisAngle,
  poseFromQuaternion,
  RigidMotion,
  RigidMotion2,
  throwIfAborted,
  transformPoints,
} from '../src/index.js';

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FirstTouchError);
    expect(e).toBeInstanceOf(Error);
    expect((e as Error).name).toBe('FirstTouchError');
    return (e as FirstTouchError).code;
  }
  throw new Error('expected a FirstTouchError');
}

function messageOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return '';
}

const I = identityPose();

describe('bad input raises FirstTouchError with its code', () => {
  it('poseFromAxisAngle: zero, non-finite or short axis, non-finite angle or translation', () => {
    expect(codeOf(() => poseFromAxisAngle([0, 0, 0], 1))).toBe('INVALID_POSE');
    expect(codeOf(() => poseFromAxisAngle([Number.NaN, 0, 1], 1))).toBe('INVALID_POSE');
    expect(codeOf(() => poseFromAxisAngle([1, 0], 1))).toBe('INVALID_POSE');
    expect(codeOf(() => poseFromAxisAngle([1, 0, 0], Number.POSITIVE_INFINITY))).toBe('INVALID_POSE');
    expect(codeOf(() => poseFromAxisAngle([1, 0, 0], 1, [0, Number.NaN, 0]))).toBe('INVALID_POSE');
    expect(messageOf(() => poseFromAxisAngle([1, 0, 0], 1, [0, Number.NaN, 0]))).toMatch(
      /translation\[1\].*NaN/,
    );
    expect(messageOf(() => poseFromAxisAngle([0, 0, 0], 1))).toMatch(/axis/);
  });

  it('poseFromQuaternion: zero or non-finite', () => {
    expect(codeOf(() => poseFromQuaternion([0, 0, 0, 0]))).toBe('INVALID_POSE');
    expect(codeOf(() => poseFromQuaternion([0, 0, 0, Number.NaN]))).toBe('INVALID_POSE');
  });

  it('a pose whose rotation is not orthonormal within 1e-9, or a reflection, or malformed', () => {
    const skew = { R: [1, 1e-8, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] };
    expect(codeOf(() => assertPose3(skew, 'poseA'))).toBe('INVALID_POSE');
    expect(messageOf(() => assertPose3(skew, 'poseA'))).toMatch(/poseA\.R is not orthonormal/);
    const almost = { R: [1, 1e-11, 0, -1e-11, 1, 0, 0, 0, 1], t: [0, 0, 0] };
    expect(() => assertPose3(almost, 'poseA')).not.toThrow();
    const mirror = { R: [-1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] };
    expect(codeOf(() => assertPose3(mirror, 'p'))).toBe('INVALID_POSE');
    expect(codeOf(() => assertPose3(null, 'p'))).toBe('INVALID_POSE');
    expect(codeOf(() => assertPose3({ R: [1, 0, 0], t: [0, 0, 0] }, 'p'))).toBe('INVALID_POSE');
    expect(codeOf(() => assertPose3({ R: I.R, t: 'abc' }, 'p'))).toBe('INVALID_POSE');
    expect(codeOf(() => assertPose3({ R: I.R, t: [0, 0, Number.POSITIVE_INFINITY] }, 'p'))).toBe(
      'INVALID_POSE',
    );
  });

  it('every entry point that takes a pose validates it', () => {
    const bad = { R: new Float64Array(9), t: new Float64Array(3) };
    expect(codeOf(() => new RigidMotion(bad, I))).toBe('INVALID_POSE');
    expect(messageOf(() => new RigidMotion(I, bad, 'motion.b'))).toMatch(/motion\.b\[1\]/);
    expect(codeOf(() => interpolatePose(I, bad, 0.5))).toBe('INVALID_POSE');
    expect(codeOf(() => motionBound3(bad, I, new Float64Array(3)))).toBe('INVALID_POSE');
    expect(codeOf(() => interpolatePose(I, I, Number.NaN))).toBe('NON_FINITE');
    // a finite s whose turn s·θ overflows gave nine NaNs for R (adversarial testing)
    const half = poseFromAxisAngle([0, 0, 1], Math.PI);
    for (const s of [6e307, 1e308, -1e308])
      expect(codeOf(() => interpolatePose(I, half, s))).toBe('NON_FINITE');
    expect(Array.from(interpolatePose(I, half, 1e300).R).every(Number.isFinite)).toBe(true);
    expect(codeOf(() => interpolatePose2(pose2(0), pose2(Math.PI), 1e308))).toBe('NON_FINITE');
    expect(codeOf(() => new RigidMotion2(pose2(0), { angle: Number.NaN, t: [0, 0] }))).toBe('INVALID_POSE');
    expect(codeOf(() => interpolatePose2(pose2(0), { angle: 0, t: [0] }, 0.5))).toBe('INVALID_POSE');
    expect(codeOf(() => motionBound2({ angle: 0 } as never, pose2(0), new Float64Array(2)))).toBe(
      'INVALID_POSE',
    );
    expect(codeOf(() => pose2(Number.NaN))).toBe('INVALID_POSE');
  });

  it('assertPose3 reads R once: a getter answering a rotation and then null checks the rotation it gave', () => {
    let reads = 0;
    const pose = {
      get R() {
        return reads++ === 0 ? [1, 0, 0, 0, 1, 0, 0, 0, 1] : null;
      },
      t: [0, 0, 0],
    };
    expect(() => assertPose3(pose, 'p')).not.toThrow();
    expect(reads).toBe(1);
  });

  // checkedPose3 / checkedPose2 (an adversarial probe: callers that checked a pose and read it again
  // took a getter's second answer, 2I or NaN, unchecked): what they return is what they checked.
  it('checkedPose3 and checkedPose2 return what they checked, whatever a getter answers next', () => {
    const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    const twice = [2, 0, 0, 0, 2, 0, 0, 0, 2];
    // each entry a getter: the good value for its first `good` reads, then the bad one
    const entries = (goodValues: number[], badValues: number[], good: number) => {
      const a: number[] = [];
      goodValues.forEach((g, i) => {
        let n = 0;
        Object.defineProperty(a, i, { get: () => (n++ < good ? g : badValues[i]), enumerable: true });
      });
      return a;
    };
    for (const bad of [twice, [Number.NaN, 0, 0, 0, 1, 0, 0, 0, 1]]) {
      let reads = 0;
      const field = {
        get R() {
          return reads++ === 0 ? I : bad;
        },
        t: [1, 2, 3],
      };
      const p = checkedPose3(field, 'p');
      expect(Array.from(p.R)).toEqual(I);
      expect(Array.from(p.t)).toEqual([1, 2, 3]);
      expect(reads).toBe(1);
      for (let good = 0; good < 6; good++) {
        try {
          const q = checkedPose3({ R: entries(I, bad, good), t: [0, 0, 0] }, 'q');
          expect(Array.from(q.R)).toEqual(I);
        } catch (e) {
          expect((e as FirstTouchError).code).toBe('INVALID_POSE');
          expect((e as FirstTouchError).message).toMatch(/^q\.R/);
        }
      }
    }
    let reads = 0;
    const angle = {
      get angle() {
        return reads++ === 0 ? 0.5 : Number.NaN;
      },
      t: [1, 2],
    };
    const q = checkedPose2(angle, 'q');
    expect([q.angle, ...q.t]).toEqual([0.5, 1, 2]);
    expect(reads).toBe(1);
    for (let good = 0; good < 3; good++) {
      try {
        const r = checkedPose2({ angle: 0, t: entries([1, 2], [Number.NaN, 5], good) }, 'r');
        expect(Array.from(r.t)).toEqual([1, 2]);
      } catch (e) {
        expect((e as FirstTouchError).code).toBe('INVALID_POSE');
      }
    }
    expect(codeOf(() => checkedPose2({ angle: '1', t: [0, 0] }, 'x'))).toBe('INVALID_POSE');
    expect(codeOf(() => checkedPose3({ R: I, t: [0, 0] }, 'x'))).toBe('INVALID_POSE');
  });

  it('RigidMotion2 reads each t once: a getter answering an array to the check and null after is INVALID_POSE', () => {
    let reads = 0;
    const flaky = {
      angle: 0,
      get t() {
        return reads++ === 0 ? [1, 2] : null;
      },
    };
    expect(codeOf(() => new RigidMotion2(pose2(0), flaky as never))).toBe('INVALID_POSE');
  });

  it('RigidMotion reads each pose once: R or t answering the identity and then NaN, null or 2I builds the identity', () => {
    // (an adversarial probe: a turn of NaN, a raw TypeError, a pose of 2I from interpolatePose)
    const flaky = (later: unknown, which: 'R' | 't') => {
      let reads = 0;
      const first = which === 'R' ? [1, 0, 0, 0, 1, 0, 0, 0, 1] : [0, 0, 0];
      return which === 'R'
        ? {
            get R() {
              return reads++ === 0 ? first : later;
            },
            t: [0, 0, 0],
          }
        : {
            R: [1, 0, 0, 0, 1, 0, 0, 0, 1],
            get t() {
              return reads++ === 0 ? first : later;
            },
          };
    };
    const nan = [Number.NaN, 0, 0, 0, 1, 0, 0, 0, 1];
    const twice = [2, 0, 0, 0, 2, 0, 0, 0, 2];
    for (const [later, which] of [
      [nan, 'R'],
      [null, 'R'],
      [twice, 'R'],
      [undefined, 't'],
      [[Number.NaN, 0, 0], 't'],
    ] as const) {
      const m = new RigidMotion(flaky(later, which) as never, I);
      expect([m.theta, m.translationLength, ...m.p0.R, ...m.p0.t]).toEqual([0, 0, ...I.R, ...I.t]);
      expect(Array.from(interpolatePose(I, flaky(later, which) as never, 0.5).R)).toEqual(Array.from(I.R));
      expect(motionBound3(flaky(later, which) as never, I, [1, 0, 0])).toBe(0);
    }
    // an entry of a plain array that answers 1 to the checks and NaN to the copy: the copy is refused
    const R = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    let reads = 0;
    Object.defineProperty(R, 0, { get: () => (reads++ < 2 ? 1 : Number.NaN) });
    expect(codeOf(() => new RigidMotion({ R, t: [0, 0, 0] }, I))).toBe('INVALID_POSE');
  });

  it('the constructors keep what they checked: an entry answering 1 to the check and NaN after is not built in', () => {
    const flaky = (n: number) => {
      const reads = new Array(n).fill(0);
      const a: number[] = new Array(n).fill(0);
      for (let i = 0; i < n; i++)
        Object.defineProperty(a, i, { get: () => (reads[i]++ === 0 ? 1 : Number.NaN) });
      return a;
    };
    expect(Array.from(poseFromAxisAngle([0, 0, 1], 1, flaky(3)).t)).toEqual([1, 1, 1]);
    expect(Array.from(poseFromQuaternion([0, 0, 0, 1], flaky(3)).t)).toEqual([1, 1, 1]);
    expect(Array.from(pose2(0, flaky(2)).t)).toEqual([1, 1]);
    const p = poseFromAxisAngle(flaky(3), 1);
    expect(Number.isFinite(p.R[0])).toBe(true);
    expect(() => assertPose3(p, 'p')).not.toThrow();
  });

  it('maxRadius and bound answer NaN for a point that is no number (a NaN vertex was dropped: the bound came out small)', () => {
    const m = new RigidMotion(I, poseFromAxisAngle([0, 0, 1], 1, [1, 0, 0]));
    expect(m.bound([2, 0, 0])).toBe(3);
    expect(m.bound([2, 0, 0, Number.NaN, 0, 0])).toBeNaN();
    expect(m.maxRadius([Number.NaN, 0, 0])).toBeNaN();
    const m2 = new RigidMotion2(pose2(0), pose2(1, [1, 0]));
    expect(m2.bound([2, 0])).toBe(3);
    expect(m2.bound([Number.NaN, 5, 2, 0])).toBeNaN();
  });

  it('transformPoints: lengths', () => {
    expect(codeOf(() => transformPoints(I, new Float64Array(4)))).toBe('BAD_LENGTH');
    expect(codeOf(() => transformPoints(I, new Float64Array(3), new Float64Array(6)))).toBe('BAD_LENGTH');
  });

  it('interpolatePose and interpolatePose2 refuse an out they cannot write, before writing (a raw TypeError before)', () => {
    const p1 = poseFromAxisAngle([0, 0, 1], 1, [2, 0, 0]);
    const bad3: [unknown, RegExp][] = [
      [null, /interpolatePose: out must be a pose, got null/],
      [{}, /interpolatePose: out\.R must be a Float64Array .* of 9 numbers, got undefined/],
      [{ R: new Float64Array(9), t: new Float64Array(2) }, /out\.t must be .* of 3 numbers/],
      [{ R: Object.freeze([1, 0, 0, 0, 1, 0, 0, 0, 1]), t: [0, 0, 0] }, /out\.R must be/],
    ];
    for (const [out, words] of bad3) {
      expect(codeOf(() => interpolatePose(I, p1, 0.5, out as never))).toBe('INVALID_OPTION');
      expect(messageOf(() => interpolatePose(I, p1, 0.5, out as never))).toMatch(words);
    }
    // plain arrays (not frozen) and a frozen pose of Float64Arrays take the answer
    const plain = { R: new Array(9).fill(0), t: [0, 0, 0] };
    expect(interpolatePose(I, p1, 0.5, plain as never).t[0]).toBe(1);
    const frozen = Object.freeze({ R: new Float64Array(9), t: new Float64Array(3) });
    expect(interpolatePose(I, p1, 0.5, frozen).t[0]).toBe(1);

    const q1 = pose2(1, [2, 0]);
    const frozen2 = Object.freeze(pose2(7, [7, 7]));
    expect(messageOf(() => interpolatePose2(pose2(0), q1, 0.5, frozen2))).toBe(
      'interpolatePose2: out.angle cannot be written (a frozen or read-only pose)',
    );
    expect(frozen2.angle).toBe(7);
    expect(Array.from(frozen2.t)).toEqual([7, 7]);
    const getter = Object.defineProperty({ t: new Float64Array(2) }, 'angle', { get: () => 0 });
    expect(codeOf(() => interpolatePose2(pose2(0), q1, 0.5, getter as never))).toBe('INVALID_OPTION');
    expect(messageOf(() => interpolatePose2(pose2(0), q1, 0.5, { angle: 0 } as never))).toMatch(
      /interpolatePose2: out\.t must be .* of 2 numbers, got undefined/,
    );
    const sealed = Object.seal(pose2(0));
    expect(interpolatePose2(pose2(0), q1, 0.5, sealed).angle).toBe(0.5);
  });
});

describe('throwIfAborted', () => {
  it('says ABORTED with the reason, even one that cannot be read', () => {
    const control = new AbortController();
    control.abort(new Error('enough'));
    expect(() => throwIfAborted(control.signal, 'here')).toThrow(/here: aborted \(enough\)/);
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const odd = new AbortController();
    odd.abort(proxy);
    let caught: unknown;
    try {
      throwIfAborted(odd.signal, 'there');
    } catch (e) {
      caught = e;
    }
    expect((caught as FirstTouchError).code).toBe('ABORTED');
    expect((caught as Error).message).toBe('there: aborted (a reason that cannot be read)');
  });
});
