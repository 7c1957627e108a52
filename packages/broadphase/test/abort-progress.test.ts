// Many-body queries can be followed (onProgress after every pair run) and stopped (an AbortSignal,
// checked after every pair run and inside each pair's advancement): issue #28.

import { ball } from '@firsttouch/convex';
import { box, disc } from '@firsttouch/mesh';
import { FirstTouchError, pose2 } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { allImpacts, firstImpact, firstImpact2, type ImpactProgress, proximityPairs } from '../src/index.js';
import { scene } from './helpers.js';

describe('firstImpact({signal, onProgress})', () => {
  const { bodies, poses0, poses1 } = scene(7, 40, 0.3, 0.8, Math.PI);

  it('tells every pair run, the earliest toi falling to the answer', () => {
    const seen: ImpactProgress[] = [];
    const r = firstImpact(bodies, poses0, poses1, { onProgress: (p) => seen.push({ ...p }) });
    expect(seen.length).toBe(r.runs);
    expect(seen[seen.length - 1].earliest).toBe(r.toi);
    // the same answer without it
    const plain = firstImpact(bodies, poses0, poses1);
    expect([plain.toi, plain.pair, plain.runs]).toEqual([r.toi, r.pair, r.runs]);
    // allImpacts runs every candidate: hundreds of reports, in order
    const all: ImpactProgress[] = [];
    const a = allImpacts(bodies, poses0, poses1, { onProgress: (p) => all.push({ ...p }) });
    expect(all.length).toBe(a.tested);
    expect(all.length).toBeGreaterThan(100);
    all.forEach((p, i) => {
      expect(p.runs).toBe(i + 1);
      if (i > 0) expect(p.earliest).toBeLessThanOrEqual(all[i - 1].earliest);
    });
    expect(all[all.length - 1].earliest).toBe(a.impacts[0].toi);
  });

  it('counts the runs of surfaces and shapes together; a run stopped at its window is no contact', () => {
    const at = (x: number, y = 0) => ({ R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [x, y, 0] });
    // body 1 (a surface) and body 2 (a convex shape) both reach body 0: two runners, one count
    const seen: ImpactProgress[] = [];
    const r = firstImpact(
      [box(0.2), box(0.2), ball(0.1)],
      [at(0), at(1), at(0, 1)],
      [at(0), at(0), at(0, 0)],
      {
        onProgress: (p) => seen.push({ ...p }),
      },
    );
    expect(seen.map((p) => p.runs)).toEqual(seen.map((_, i) => i + 1));
    expect(seen.length).toBe(r.runs);
    expect(seen[seen.length - 1].earliest).toBe(r.toi);
    // one pair searched in two time windows: the first run stops at its window's end, no contact
    const P = (R: number[], t: number[]) => ({ R, t });
    const seen2: ImpactProgress[] = [];
    const r2 = firstImpact(
      [box(0.2), box(0.2)],
      [
        P(
          [0.998690981196842, -0.05115001540653782, 0, 0.05115001540653782, 0.998690981196842, 0, 0, 0, 1],
          [1.1982411071658134, 0.9431653022766113, 0.8086426258087158],
        ),
        P(
          [-0.7178883994561851, -0.6961582046677584, 0, 0.6961582046677584, -0.7178883994561851, 0, 0, 0, 1],
          [0.6974027156829834, 0.6605842113494873, 0.9152363538742065],
        ),
      ],
      [
        P(
          [0.5316386206737713, -0.846971296448758, 0, 0.846971296448758, 0.5316386206737713, 0, 0, 0, 1],
          [0.21098566055297852, 0.8966184258460999, 0.9345422983169556],
        ),
        P(
          [0.6710128288017201, -0.7414457387992148, 0, 0.7414457387992148, 0.6710128288017201, 0, 0, 0, 1],
          [0.7041890621185303, 1.4100615978240967, 0.7939804792404175],
        ),
      ],
      { onProgress: (p) => seen2.push({ ...p }) },
    );
    expect(r2.runs).toBe(2);
    expect(seen2.map((p) => p.earliest)).toEqual([1, r2.toi]);
  });

  it('reads each option once: an onProgress or signal answering another value after the check is never used', () => {
    let reads = 0;
    const told: number[] = [];
    const options = {
      get onProgress() {
        reads++;
        return reads === 1 ? (p: ImpactProgress) => told.push(p.runs) : 42;
      },
    };
    const r = firstImpact(bodies, poses0, poses1, options as never);
    expect(reads).toBe(1);
    expect(told.length).toBe(r.runs);
  });

  it('a pose whose arrays are gone at a second read is INVALID_POSE, not a TypeError', () => {
    const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    const at = (x: number) => ({ R: I, t: [x, 0, 0] });
    const flaky = (x: number) => {
      let n = 0;
      return {
        get R() {
          return n++ === 0 ? I : null;
        },
        t: [x, 0, 0],
      };
    };
    for (const f of [
      () => firstImpact([box(1), box(1)], [at(0), flaky(3) as never], [at(0), at(3)]),
      () => proximityPairs([box(1), box(1)], [at(0), flaky(3) as never], 1),
      () => {
        let n = 0;
        const flaky2 = {
          angle: 0,
          get t() {
            return n++ === 0 ? [3, 0] : null;
          },
        };
        firstImpact2([disc(1, 16), disc(1, 16)], [pose2(0), flaky2 as never], [pose2(0), pose2(0, [3, 0])]);
      },
    ]) {
      let e: unknown;
      try {
        f();
      } catch (x) {
        e = x;
      }
      expect(e).toBeInstanceOf(FirstTouchError);
      expect((e as FirstTouchError).code).toBe('INVALID_POSE');
      expect((e as FirstTouchError).message).toMatch(/poses\d?\[1\]/);
    }
  });

  it('stops with ABORTED after the run that aborted it', () => {
    {
      const control = new AbortController();
      let runs = 0;
      expect(() =>
        allImpacts(bodies, poses0, poses1, {
          signal: control.signal,
          onProgress: (p) => {
            runs = p.runs;
            if (p.runs === 2) control.abort('enough');
          },
        }),
      ).toThrow(FirstTouchError);
      expect(runs).toBe(2);
    }
    expect(() => firstImpact(bodies, poses0, poses1, { signal: AbortSignal.abort() })).toThrow(
      expect.objectContaining({ code: 'ABORTED' }),
    );
  });

  it('in 2-D too; options are checked', () => {
    const d = disc(0.1, 12);
    const q0 = [pose2(0, [0, 0]), pose2(0, [1, 0]), pose2(0, [0, 1])];
    const q1 = [pose2(0, [0, 0]), pose2(1, [-1, 0]), pose2(2, [0, -1])];
    const seen: number[] = [];
    firstImpact2([d, d, d], q0, q1, { onProgress: (p) => seen.push(p.runs) });
    expect(seen.length).toBeGreaterThan(0);
    expect(() => firstImpact2([d, d, d], q0, q1, { signal: AbortSignal.abort() })).toThrow(/aborted/);
    expect(() => firstImpact(bodies, poses0, poses1, { onProgress: 'x' as never })).toThrow(
      /onProgress must be a function/,
    );
    expect(() => firstImpact(bodies, poses0, poses1, { signal: {} as never })).toThrow(
      /signal must be an AbortSignal/,
    );
  });
});
