import { CcdStatus, type CcdStatusValue, timeOfImpact } from '@firsttouch/ccd';
import { box, Surface } from '@firsttouch/mesh';
import { identityPose, interpolatePose, type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allImpacts, firstImpact, proximityPairs } from '../src/index.js';
import { pebble, scene } from './helpers.js';

/** The loop over all pairs, written out: the reference firstImpact must equal bit for bit. */
function loopOverAllPairs(bodies: Surface[], poses0: Pose3[], poses1: Pose3[], tolerance: number) {
  let best: { toi: number; pair: [number, number]; status: CcdStatusValue } | null = null;
  const found: { pair: [number, number]; toi: number; status: CcdStatusValue }[] = [];
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      const r = timeOfImpact(
        bodies[i],
        bodies[j],
        { a: [poses0[i], poses1[i]], b: [poses0[j], poses1[j]] },
        { tolerance },
      );
      if (r.status === CcdStatus.Separate) continue;
      found.push({ pair: [i, j], toi: r.toi, status: r.status });
      if (best === null || r.toi < best.toi) best = { toi: r.toi, pair: [i, j], status: r.status };
    }
  }
  return { best, found };
}

describe('firstImpact equals the loop over all pairs, bit for bit', () => {
  it('on random scenes of pebbles, spheres and slabs, some at rest, some touching at s = 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 2, max: 14 }), (seed, n) => {
        const { bodies, poses0, poses1 } = scene(seed, n, 0.3, 0.3, Math.PI);
        const tolerance = 1e-6;
        const r = firstImpact(bodies, poses0, poses1, { tolerance });
        const { best } = loopOverAllPairs(bodies, poses0, poses1, tolerance);
        if (best === null) {
          expect(r.status).toBe(CcdStatus.Separate);
          expect(r.toi).toBe(1);
          expect(r.pair).toBeNull();
        } else {
          expect(r.status).toBe(best.status);
          expect(r.toi).toBe(best.toi);
          expect(r.pair).toEqual(best.pair);
          expect(r.impact?.toi).toBe(best.toi);
        }
        expect(r.tested).toBeLessThanOrEqual(r.candidates);
        expect(r.candidates).toBeLessThanOrEqual((n * (n - 1)) / 2);
      }),
      { numRuns: 25 },
    );
  });

  it('on denser scenes of 40 bodies (several time windows, many candidates)', () => {
    for (const [seed, reach] of [
      [101, 0.3],
      [102, 0.05],
      [103, 0.6],
    ]) {
      const { bodies, poses0, poses1 } = scene(seed, 40, 0.5, reach, Math.PI);
      const r = firstImpact(bodies, poses0, poses1, { tolerance: 1e-6 });
      const { best } = loopOverAllPairs(bodies, poses0, poses1, 1e-6);
      expect(r.status).toBe(best?.status ?? CcdStatus.Separate);
      expect(r.toi).toBe(best?.toi ?? 1);
      expect(r.pair).toEqual(best?.pair ?? null);
      expect(r.tested).toBeLessThanOrEqual(r.runs);
    }
  });

  it('with identical poses (coincident bodies) and with every body at rest', () => {
    const p = poseFromAxisAngle([1, 1, 0], 0.3, [0.1, 0.2, 0.3]);
    const same = firstImpact([pebble, pebble, pebble], [p, p, p], [p, p, p]);
    expect(same.status).toBe(CcdStatus.InitialContact);
    expect(same.pair).toEqual([0, 1]);
    expect(same.toi).toBe(0);
    const { bodies, poses0 } = scene(7, 12, 1, 0, 0);
    const rest = firstImpact(bodies, poses0, poses0, { tolerance: 1e-6 });
    const loop = loopOverAllPairs(bodies, poses0, poses0, 1e-6);
    expect(rest.status).toBe(loop.best?.status ?? CcdStatus.Separate);
  });

  it("the tutorial's two crossing pebbles touch at s = 0.087759 with a gap of 6.599e-7 (run 3)", () => {
    // Pebbles 3 and 4 of the tutorial (its dragon aside): cubes of side 0.04 centred on their origins.
    const p0 = [
      poseFromAxisAngle([1, 0, 0], 0, [0, 0.3, 0.6]),
      poseFromAxisAngle([0, 0, 1], 0, [-0.15, 0.3, 0.45]),
    ];
    const p1 = [
      poseFromAxisAngle([1, 0, 0], Math.PI, [0, 0.3, -0.6]),
      poseFromAxisAngle([0, 0, 1], Math.PI, [1.05, 0.3, 0.45]),
    ];
    const r = firstImpact([pebble, pebble], p0, p1, { tolerance: 1e-6 });
    expect(r.status).toBe(CcdStatus.Contact);
    expect(r.toi.toFixed(6)).toBe('0.087759');
    expect(r.pair).toEqual([0, 1]);
    const at = [interpolatePose(p0[0], p1[0], r.toi), interpolatePose(p0[1], p1[1], r.toi)];
    const near = proximityPairs([pebble, pebble], at, 0.3);
    expect(near.pairs).toEqual([[0, 1]]);
    expect(near.distances[0].toExponential(3)).toBe('6.599e-7');
  });

  it('leaves out a pair its swept boxes prove apart (the loop could only call it NotConverged)', () => {
    const a = poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0]);
    const b0 = poseFromAxisAngle([0, 0, 1], 0, [-0.5, 0.04 + 2e-6, 0]);
    const b1 = poseFromAxisAngle([0, 0, 1], 0, [0.5, 0.04 + 2e-6, 0]);
    const r = firstImpact([pebble, pebble], [a, b0], [a, b1], {
      tolerance: 1e-6,
      directional: false,
      maxIterations: 50,
    });
    expect(r).toMatchObject({ status: CcdStatus.Separate, candidates: 0, tested: 0 });
  });

  it('counts a NotConverged pair with its certified lower bound', () => {
    // A pebble sliding past another at a gap of two tolerances, plain steps only: the cap is hit.
    // It turns a little about y (which keeps the gap), so that its swept box reaches the other.
    const a = poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0]);
    const b0 = poseFromAxisAngle([0, 1, 0], 0, [-0.5, 0.04 + 2e-6, 0]);
    const b1 = poseFromAxisAngle([0, 1, 0], 1e-3, [0.5, 0.04 + 2e-6, 0]);
    const r = firstImpact([pebble, pebble], [a, b0], [a, b1], {
      tolerance: 1e-6,
      directional: false,
      maxIterations: 50,
    });
    expect(r.status).toBe(CcdStatus.NotConverged);
    const alone = timeOfImpact(
      pebble,
      pebble,
      { a: [a, a], b: [b0, b1] },
      { tolerance: 1e-6, directional: false, maxIterations: 50 },
    );
    expect(r.toi).toBe(alone.toi);
  });
});

describe('the pairs’ options', () => {
  it('passes gapRelativeError to every pair: a pebble past two boxes (not convex), as timeOfImpact answers', () => {
    // Two boxes as one body, so that the pair takes the hull search (a small convex B), the search
    // whose steps the option concerns.
    const left = box(0.3).translate([-0.25, 0, 0]);
    const right = box(0.3).translate([0.25, 0, 0]);
    const xyz = new Float64Array(9 * (left.facetCount + right.facetCount));
    for (let f = 0; f < left.facetCount; f++) xyz.set(left.facet(f), 9 * f);
    for (let f = 0; f < right.facetCount; f++) xyz.set(right.facet(f), 9 * (left.facetCount + f));
    const boxes = Surface.fromTriangles(xyz);
    const p = identityPose();
    const b0 = poseFromAxisAngle([0, 1, 0], 0, [-0.9, 0.3, 0.1]);
    const b1 = poseFromAxisAngle([0, 1, 0], 1.5, [0.9, 0.05, 0.05]);
    const tois: number[] = [];
    for (const gapRelativeError of [undefined, 0, 0.5]) {
      const r = firstImpact([boxes, pebble], [p, b0], [p, b1], { gapRelativeError });
      const alone = timeOfImpact(boxes, pebble, { a: [p, p], b: [b0, b1] }, { gapRelativeError });
      expect(r.status).toBe(CcdStatus.Contact);
      expect(r.impact).toEqual(alone);
      tois.push(r.toi);
    }
    // the option reached the pair: a large error takes shorter steps, so another (earlier) toi
    expect(tois[2]).toBeLessThan(tois[1]);
    expect(() => firstImpact([boxes, pebble], [p, b0], [p, b1], { gapRelativeError: -1 })).toThrow(
      /gapRelativeError must be a number in \[0, 1\)/,
    );
  });
});

describe('allImpacts', () => {
  it('lists every contact of the loop over all pairs, sorted by toi', () => {
    for (const seed of [3, 11, 19]) {
      const { bodies, poses0, poses1 } = scene(seed, 10, 0.3, 0.3, Math.PI);
      const r = allImpacts(bodies, poses0, poses1, { tolerance: 1e-6 });
      const { found } = loopOverAllPairs(bodies, poses0, poses1, 1e-6);
      found.sort((p, q) => p.toi - q.toi || p.pair[0] - q.pair[0] || p.pair[1] - q.pair[1]);
      expect(r.impacts.map((x) => [x.pair, x.status, x.toi])).toEqual(
        found.map((x) => [x.pair, x.status, x.toi]),
      );
    }
  });
});

describe('few bodies and bad input', () => {
  it('zero or one body: Separate, nothing tested', () => {
    expect(firstImpact([], [], [])).toMatchObject({
      status: CcdStatus.Separate,
      toi: 1,
      pair: null,
      tested: 0,
    });
    const p = identityPose();
    expect(firstImpact([pebble], [p], [p])).toMatchObject({ status: CcdStatus.Separate, tested: 0 });
  });

  it('throws FirstTouchError for arrays of different lengths, missing poses, bad options', () => {
    const p = identityPose();
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as { code?: string }).code;
      }
      return 'none';
    };
    expect(code(() => firstImpact([pebble, pebble], [p], [p, p]))).toBe('BAD_LENGTH');
    expect(code(() => firstImpact([pebble, pebble], [p, undefined as unknown as Pose3], [p, p]))).toBe(
      'INVALID_POSE',
    );
    expect(code(() => firstImpact([pebble, {} as Surface], [p, p], [p, p]))).toBe('INVALID_OPTION');
    expect(code(() => firstImpact([pebble, pebble], [p, p], [p, p], { tolerance: -1 }))).toBe(
      'INVALID_OPTION',
    );
    expect(code(() => firstImpact([pebble, pebble], [p, p], [p, p], { maxIterations: 0 }))).toBe(
      'INVALID_OPTION',
    );
    // poses as plain arrays are fine; a bad rotation or an overflowing step is named
    const q = { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] };
    const far = { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [1, 0, 0] };
    expect(firstImpact([pebble, pebble], [q, far], [q, far]).status).toBe(CcdStatus.Separate);
    const message = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return `${(e as { code?: string }).code}: ${(e as Error).message}`;
      }
      return 'none';
    };
    const skew = { R: [1, 0.1, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] };
    expect(message(() => firstImpact([pebble, pebble], [q, q], [q, skew]))).toMatch(
      /^INVALID_POSE: poses1\[1\]\.R is not orthonormal/,
    );
    const mirror = { R: [-1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] };
    expect(message(() => firstImpact([pebble, pebble], [mirror, q], [q, q]))).toMatch(
      /^INVALID_POSE: poses0\[0\]\.R is a reflection/,
    );
    const nan = { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, Number.NaN, 0] };
    expect(message(() => firstImpact([pebble, pebble], [q, nan], [q, q]))).toMatch(
      /^INVALID_POSE: poses0\[1\]\.t/,
    );
    const huge = { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [1.5e308, 0, 0] };
    const low = { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [-1.5e308, 0, 0] };
    expect(message(() => firstImpact([pebble, pebble], [q, low], [q, huge]))).toMatch(
      /^INVALID_POSE: poses0\[1\] to poses1\[1\]: the translation over the step overflows/,
    );
    expect(code(() => proximityPairs([pebble], [p], -1))).toBe('INVALID_OPTION');
    expect(code(() => proximityPairs([pebble], [p], Number.NaN))).toBe('INVALID_OPTION');
    expect(code(() => proximityPairs([pebble, pebble], [p], 1))).toBe('BAD_LENGTH');
  });
});
