// Long queries can be followed (onProgress after every step) and stopped (an AbortSignal, checked
// before the first gap and after every step): issue #28.

import { box, Curve, disc } from '@firsttouch/mesh';
import { FirstTouchError, identityPose, pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import {
  type AdvanceProgress,
  type Motion2,
  type Motion3,
  timeOfImpact,
  timeOfImpact2,
} from '../src/index.js';
import { SURFACE_QUERIES } from '../src/internal.js';

// A slow grazing approach: many steps.
const slide: Motion3 = {
  a: [identityPose(), identityPose()],
  b: [poseFromAxisAngle([0, 0, 1], 0, [-3, 1.001, 0]), poseFromAxisAngle([0, 0, 1], 0.3, [3, 1.001, 0])],
};
const slide2: Motion2 = {
  a: [pose2(0), pose2(0)],
  b: [pose2(0, [-3, 0.2 + 1e-3]), pose2(0.3, [3, 0.2 + 1e-3])],
};

describe('onProgress', () => {
  it('is told every step the query goes on from, in order, ending where the result starts', () => {
    const seen: AdvanceProgress[] = [];
    const r = timeOfImpact(box(1), box(1), slide, {
      directional: false,
      onProgress: (p) => seen.push({ ...p }),
    });
    expect(r.iterations).toBeGreaterThan(20);
    expect(seen.length).toBe(
      r.status === 'contact' || r.status === 'separate' ? r.iterations - 1 : r.iterations,
    );
    seen.forEach((p, i) => {
      expect(p.iteration).toBe(i + 1);
      if (i > 0) expect(p.s).toBeGreaterThan(seen[i - 1].s);
      expect(p.distance).toBeGreaterThan(r.tolerance);
    });
    expect(seen[seen.length - 1].s).toBeLessThanOrEqual(r.toi);
    // the answer is the same with or without it
    expect(timeOfImpact(box(1), box(1), slide, { directional: false }).toi).toBe(r.toi);
  });

  it("in 2-D too, and in the caller's units for a query run at unit size", () => {
    const seen: number[] = [];
    const r = timeOfImpact2(disc(0.1, 16), Curve.fromPolyline([-5, 5], [0, 0]), slide2, {
      directional: false,
      onProgress: (p) => seen.push(p.distance),
    });
    expect(seen.length).toBeGreaterThan(5);
    const f = 2 ** -600;
    const tiny: number[] = [];
    const scaled = (q: { angle: number; t: number[] }) => pose2(q.angle, [q.t[0] * f, q.t[1] * f]);
    timeOfImpact2(
      disc(0.1, 16).scale(f),
      Curve.fromPolyline([-5 * f, 5 * f], [0, 0]),
      {
        a: [scaled({ angle: 0, t: [0, 0] }), scaled({ angle: 0, t: [0, 0] })],
        b: [scaled({ angle: 0, t: [-3, 0.2 + 1e-3] }), scaled({ angle: 0.3, t: [3, 0.2 + 1e-3] })],
      },
      { directional: false, onProgress: (p) => tiny.push(p.distance) },
    );
    expect(tiny.length).toBe(seen.length);
    for (const [i, d] of tiny.entries())
      expect(Math.abs(d / f - seen[i])).toBeLessThanOrEqual(1e-12 * seen[i]);
    expect(r.iterations).toBeGreaterThan(5);
  });

  it('must be a function', () => {
    expect(() => timeOfImpact(box(1), box(1), slide, { onProgress: 7 as never })).toThrow(
      /onProgress must be a function, got 7/,
    );
  });
});

describe('signal', () => {
  it('aborted from onProgress: ABORTED after that step, saying where', () => {
    let steps = 0;
    const run = () => {
      const control = new AbortController();
      return timeOfImpact(box(1), box(1), slide, {
        directional: false,
        signal: control.signal,
        onProgress: (p) => {
          steps = p.iteration;
          if (p.iteration === 3) control.abort('enough');
        },
      });
    };
    expect(run).toThrow(FirstTouchError);
    expect(steps).toBe(3);
    try {
      run();
    } catch (e) {
      expect((e as FirstTouchError).code).toBe('ABORTED');
      expect((e as Error).message).toMatch(/at s = .* after 3 steps .*: aborted \(enough\)/);
    }
  });

  it('aborted before the call: ABORTED at once, in 2-D too', () => {
    const signal = AbortSignal.abort();
    expect(() => timeOfImpact(box(1), box(1), slide, { signal })).toThrow(/before its first gap: aborted/);
    expect(() => timeOfImpact2(disc(0.1, 8), disc(0.1, 8), slide2, { signal })).toThrow(
      expect.objectContaining({ code: 'ABORTED' }),
    );
  });

  it('not aborted: no effect; a pooled query keeps neither the signal nor the callback', () => {
    const control = new AbortController();
    const r = timeOfImpact(box(1), box(1), slide, { signal: control.signal, onProgress: () => {} });
    expect(r.toi).toBe(timeOfImpact(box(1), box(1), slide).toi);
    timeOfImpact(box(1), box(1), slide, { signal: control.signal, onProgress: () => {} });
    const kept = SURFACE_QUERIES.get();
    if (kept !== undefined) {
      expect(kept.resolved.signal).toBeUndefined();
      expect(kept.resolved.onProgress).toBeUndefined();
      SURFACE_QUERIES.release(kept);
    }
  });

  it('must be an AbortSignal', () => {
    for (const signal of [true, 'stop', {}, { aborted: 'no' }]) {
      expect(() => timeOfImpact(box(1), box(1), slide, { signal: signal as never })).toThrow(
        /signal must be an AbortSignal/,
      );
    }
  });
});
