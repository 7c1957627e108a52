import { CcdStatus, timeOfImpact, timeOfImpact2 } from '@firsttouch/ccd';
import type { Surface } from '@firsttouch/mesh';
import { disc } from '@firsttouch/mesh';
import type { Pose3 } from '@firsttouch/pose';
import { pose2 } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { allImpacts, allImpacts2, type FirstImpactResult, firstImpact, firstImpact2 } from '../src/index.js';
import { Scratch } from '../src/scratch.js';
import { everyPair, rng, scene } from './helpers.js';

/** The first impact by the loop over all pairs (smallest toi, first pair on ties). */
function allPairs(bodies: Surface[], poses0: Pose3[], poses1: Pose3[], tolerance: number) {
  let best: { toi: number; pair: [number, number]; status: string } | null = null;
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      const r = timeOfImpact(
        bodies[i],
        bodies[j],
        { a: [poses0[i], poses1[i]], b: [poses0[j], poses1[j]] },
        { tolerance },
      );
      if (r.status === CcdStatus.Separate) continue;
      if (best === null || r.toi < best.toi) best = { toi: r.toi, pair: [i, j], status: r.status };
    }
  }
  return best;
}

const answer = (r: FirstImpactResult) => [r.status, r.toi, r.pair, r.candidates, r.tested, r.runs];

describe('the scratch kept from call to call', () => {
  it('hands out views of the length asked, grows, and keeps what a grow carries over', () => {
    const s = new Scratch();
    const a = s.f64(0, 5);
    a.set([1, 2, 3, 4, 5]);
    expect(s.f64(0, 3).length).toBe(3);
    expect(Array.from(s.f64(0, 5))).toEqual([1, 2, 3, 4, 5]);
    const u = s.growU32(1, 4, 0);
    u.set([7, 8, 9]);
    const v = s.growU32(1, 1000, 3);
    expect(v.length).toBeGreaterThanOrEqual(1000);
    expect(Array.from(v.subarray(0, 3))).toEqual([7, 8, 9]);
    const w = s.growF64(2, 10, 0);
    w[0] = 4;
    expect(s.growF64(2, 10, 0)).toBe(w);
    expect(s.i32(3, 2).length).toBe(2);
  });

  it('leaves nothing from a larger call in a smaller one: each equals the loop over all pairs', () => {
    const tolerance = 1e-6;
    // sizes up and down, so each call works in buffers a larger call filled before it
    for (const [seed, n] of [
      [11, 120],
      [12, 9],
      [13, 60],
      [14, 12],
      [15, 120],
      [16, 7],
    ]) {
      const { bodies, poses0, poses1 } = scene(seed, n, 0.25 * Math.cbrt(n / 10), 0.3, Math.PI);
      const r = firstImpact(bodies, poses0, poses1, { tolerance });
      if (n > 20) continue;
      const best = allPairs(bodies, poses0, poses1, tolerance);
      expect(r.status).toBe(best?.status ?? CcdStatus.Separate);
      expect(r.toi).toBe(best?.toi ?? 1);
      expect(r.pair).toEqual(best?.pair ?? null);
    }
  });

  it('gives a call made from a callback its own scratch: neither call changes the other', () => {
    const tolerance = 1e-6;
    const outer = scene(21, 150, 0.6, 0.3, Math.PI);
    const inner = scene(22, 80, 0.45, 0.3, Math.PI);
    const alone = answer(firstImpact(outer.bodies, outer.poses0, outer.poses1, { tolerance }));
    const innerAlone = answer(firstImpact(inner.bodies, inner.poses0, inner.poses1, { tolerance }));
    const nested: unknown[][] = [];
    const r = firstImpact(outer.bodies, outer.poses0, outer.poses1, {
      tolerance,
      onProgress: () => {
        nested.push(answer(firstImpact(inner.bodies, inner.poses0, inner.poses1, { tolerance })));
      },
    });
    expect(nested.length).toBeGreaterThan(0);
    for (const x of nested) expect(x).toEqual(innerAlone);
    expect(answer(r)).toEqual(alone);
  });

  it('runs its pairs on motions the calls before gave back: the same answers and records as a call alone', () => {
    const tolerance = 1e-6;
    const x = scene(61, 40, 0.8, 0.3, Math.PI);
    // the loop over all pairs runs on the time of impact's own motions, never lent
    const loop = everyPair(40, (i, j) =>
      timeOfImpact(
        x.bodies[i],
        x.bodies[j],
        { a: [x.poses0[i], x.poses1[i]], b: [x.poses0[j], x.poses1[j]] },
        { tolerance },
      ),
    );
    expect(loop.filter((e) => e.toi > 0).length).toBeGreaterThan(8);
    const byPair = (list: readonly { pair: readonly number[]; status: string; toi: number }[]) =>
      list.map((e) => [e.pair[0], e.pair[1], e.status, e.toi]).sort((a, b) => +a[0] - +b[0] || +a[1] - +b[1]);
    const alone = firstImpact(x.bodies, x.poses0, x.poses1, { tolerance });
    const allAlone = allImpacts(x.bodies, x.poses0, x.poses1, { tolerance });
    expect(byPair(allAlone.impacts)).toEqual(byPair(loop));
    // other scenes in between: their runs leave their bodies' motions with the queries
    for (const seed of [32, 33, 34]) {
      const y = scene(seed, 120, 0.55, 0.3, Math.PI);
      firstImpact(y.bodies, y.poses0, y.poses1, { tolerance });
      allImpacts(y.bodies, y.poses0, y.poses1, { tolerance });
    }
    const again = allImpacts(x.bodies, x.poses0, x.poses1, { tolerance });
    expect(byPair(again.impacts)).toEqual(byPair(loop));
    expect(again).toEqual(allAlone);
    expect(firstImpact(x.bodies, x.poses0, x.poses1, { tolerance })).toEqual(alone);
  });

  it('the same in 2-D', () => {
    const tolerance = 1e-6;
    const r = rng(35);
    // (24 vertices a disc: past the small rings that the polygons' path takes without motions)
    const ring = (n: number) => {
      const bodies = Array.from({ length: n }, (_, k) => disc(0.04 + 0.02 * (k % 3), 24));
      const p0 = bodies.map(() => pose2(6 * r(), [r(), r()]));
      const p1 = p0.map((p) => pose2(6 * r(), [p.t[0] + 0.4 * (r() - 0.5), p.t[1] + 0.4 * (r() - 0.5)]));
      return { bodies, p0, p1 };
    };
    const x = ring(40);
    const loop = everyPair(40, (i, j) =>
      timeOfImpact2(
        x.bodies[i],
        x.bodies[j],
        { a: [x.p0[i], x.p1[i]], b: [x.p0[j], x.p1[j]] },
        { tolerance },
      ),
    );
    expect(loop.filter((e) => e.toi > 0).length).toBeGreaterThan(8);
    const byPair = (list: readonly { pair: readonly number[]; status: string; toi: number }[]) =>
      list.map((e) => [e.pair[0], e.pair[1], e.status, e.toi]).sort((a, b) => +a[0] - +b[0] || +a[1] - +b[1]);
    // other scenes first and in between: their runs leave their bodies' motions with the queries
    const others = () => {
      for (let k = 0; k < 3; k++) {
        const y = ring(60);
        firstImpact2(y.bodies, y.p0, y.p1, { tolerance });
        allImpacts2(y.bodies, y.p0, y.p1, { tolerance });
      }
    };
    others();
    const first = firstImpact2(x.bodies, x.p0, x.p1, { tolerance });
    const all = allImpacts2(x.bodies, x.p0, x.p1, { tolerance });
    expect(byPair(all.impacts)).toEqual(byPair(loop));
    others();
    expect(allImpacts2(x.bodies, x.p0, x.p1, { tolerance })).toEqual(all);
    expect(firstImpact2(x.bodies, x.p0, x.p1, { tolerance })).toEqual(first);
  });
});
