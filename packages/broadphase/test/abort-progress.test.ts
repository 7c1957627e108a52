// Many-body queries can be followed (onProgress after every pair run) and stopped (an AbortSignal,
// checked after every pair run and inside each pair's advancement): issue #28.

import { disc } from '@firsttouch/mesh';
import { FirstTouchError, pose2 } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { allImpacts, firstImpact, firstImpact2, type ImpactProgress } from '../src/index.js';
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
