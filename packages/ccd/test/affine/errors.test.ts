// timeOfImpactAffine's refusals: each names the argument and carries its stable code; the bodies it
// takes besides convex shapes (convex Surfaces) give the shapes' answer.

import { ball, ball2, cuboid, pointSet } from '@firsttouch/convex';
import { box, Surface } from '@firsttouch/mesh';
import { FirstTouchError } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { type AffineMotion, createImpactResult, timeOfImpactAffine } from '../../src/index.js';

const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const still = { L: I, t: [0, 0, 0] };
const motion = (b0: unknown, b1: unknown = b0): AffineMotion =>
  ({ a: [still, still], b: [b0, b1] }) as AffineMotion;
const far = { L: I, t: [5, 0, 0] };

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FirstTouchError);
    return `${(e as FirstTouchError).code} ${(e as Error).message}`;
  }
  return 'no error';
}

describe('timeOfImpactAffine refuses bad input with a stable code naming the argument', () => {
  it('end maps: singular, mirroring, non-finite, the wrong length, not a map', () => {
    const flat = { L: [1, 0, 0, 0, 1, 0, 0, 0, 0], t: [0, 0, 0] };
    expect(codeOf(() => timeOfImpactAffine(ball(1), ball(1), motion(far, flat)))).toBe(
      'INVALID_POSE timeOfImpactAffine: motion.b[1].L must have a positive finite determinant (an end map that neither flattens nor mirrors the body), got 0',
    );
    const mirror = { L: [-1, 0, 0, 0, 1, 0, 0, 0, 1], t: [5, 0, 0] };
    expect(codeOf(() => timeOfImpactAffine(ball(1), ball(1), motion(mirror, far)))).toMatch(
      /^INVALID_POSE timeOfImpactAffine: motion.b\[0\].L must have a positive finite determinant .* got -1$/,
    );
    const nan = { L: [1, 0, 0, 0, Number.NaN, 0, 0, 0, 1], t: [5, 0, 0] };
    expect(codeOf(() => timeOfImpactAffine(ball(1), ball(1), motion(nan, far)))).toBe(
      'INVALID_POSE timeOfImpactAffine: motion.b[0].L[4] must be a finite number, got NaN',
    );
    expect(codeOf(() => timeOfImpactAffine(ball(1), ball(1), motion({ L: I, t: [0, 0] }, far)))).toBe(
      'INVALID_POSE timeOfImpactAffine: motion.b[0].t must have 3 numbers, got 2',
    );
    expect(codeOf(() => timeOfImpactAffine(ball(1), ball(1), motion(far, Number.POSITIVE_INFINITY)))).toBe(
      'INVALID_POSE timeOfImpactAffine: motion.b[1] must be an affine map {L, t}, got Infinity',
    );
    expect(codeOf(() => timeOfImpactAffine(ball(1), ball(1), { a: [still, still] } as never))).toBe(
      'INVALID_POSE timeOfImpactAffine: motion must be {a: [X0, X1], b: [X0, X1]}, X = {L, t}',
    );
    // a map whose determinant over- or underflows float64 (1e600, 1e-600) is refused with the same
    // message (its numbers squared would go wrong in the loop), as is one singular below rounding
    for (const f of [1e200, 1e-200]) {
      const huge = { L: [f, 0, 0, 0, f, 0, 0, 0, f], t: [5, 0, 0] };
      expect(codeOf(() => timeOfImpactAffine(ball(1), ball(1), motion(huge, far)))).toMatch(
        /^INVALID_POSE timeOfImpactAffine: motion.b\[0\].L must have a positive finite determinant .* got (Infinity|0)$/,
      );
    }
    const rank2 = { L: [1, 2, 0, 2, 4, 0, 0, 0, 1], t: [5, 0, 0] };
    expect(codeOf(() => timeOfImpactAffine(ball(1), ball(1), motion(rank2, far)))).toMatch(
      /motion.b\[0\].L must have a positive finite determinant .* got 0$/,
    );
  });

  it('a motion with a third end map, as the rigid call refuses it', () => {
    const I = { L: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] };
    expect(() =>
      timeOfImpactAffine(cuboid(1, 1, 1), cuboid(1, 1, 1), { a: [I, I], b: [I, I, I] } as never),
    ).toThrow(
      expect.objectContaining({
        code: 'INVALID_POSE',
        message: 'timeOfImpactAffine: motion.b must hold the maps at s = 0 and 1, got 3 maps',
      }),
    );
  });

  it('bodies: 2-D shapes, non-convex surfaces, empty surfaces, anything else', () => {
    expect(codeOf(() => timeOfImpactAffine(ball2(1) as never, ball(1), motion(far)))).toBe(
      'INVALID_OPTION timeOfImpactAffine: a must be a 3-D shape, got a 2-D one',
    );
    // two boxes side by side, one surface: not convex
    const two = Surface.fromIndexed(
      [...box(1).positions, ...box(1).translate([2, 0, 0]).positions],
      [...box(1).indices, ...Array.from(box(1).indices, (i) => i + box(1).vertexCount)],
    );
    expect(codeOf(() => timeOfImpactAffine(ball(1), two, motion(far)))).toMatch(
      /^INVALID_OPTION timeOfImpactAffine: b is a Surface that is not convex/,
    );
    expect(codeOf(() => timeOfImpactAffine(Surface.fromTriangles([]), ball(1), motion(far)))).toMatch(
      /^EMPTY /,
    );
    expect(codeOf(() => timeOfImpactAffine({} as never, ball(1), motion(far)))).toBe(
      'INVALID_OPTION timeOfImpactAffine: a must be a convex shape of @firsttouch/convex or a convex Surface, got object',
    );
  });

  it('an end map exactly singular, or mirroring by a hair, whose float64 determinant rounds above 0 (a probe)', () => {
    // rows of 26-bit dyadics, the third the sum of the first two (every sum exact): the exact
    // determinant is 0; the first such draw whose float64 determinant rounds above 0
    let seed = 7;
    const q = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return Math.round(((seed >>> 1) / 2 ** 31) * 2 ** 26) / 2 ** 26;
    };
    const floatDet = (L: number[]) =>
      L[0] * (L[4] * L[8] - L[5] * L[7]) -
      L[1] * (L[3] * L[8] - L[5] * L[6]) +
      L[2] * (L[3] * L[7] - L[4] * L[6]);
    let L: number[] = [];
    for (let k = 0; k < 10_000 && !(floatDet(L) > 0); k++) {
      const r1 = [q(), q(), q()];
      const r2 = [q(), q(), q()];
      L = [...r1, ...r2, r1[0] + r2[0], r1[1] + r2[1], r1[2] + r2[2]];
    }
    expect(floatDet(L)).toBeGreaterThan(0);
    const good = { L: I, t: [3, 0, 0] };
    expect(
      codeOf(() =>
        timeOfImpactAffine(ball(1), ball(1), { a: [still, still], b: [good, { L, t: [-3, 0, 0] }] }),
      ),
    ).toMatch(
      /^INVALID_POSE timeOfImpactAffine: motion\.b\[1\]\.L must have a positive determinant .*exact sign is zero \(it flattens\)/,
    );
    // mirrored by a hair: the third row moved off the plane of the first two by one ulp along x,
    // the first such draw whose exact determinant (in integers) is negative and whose float64
    // determinant rounds above 0
    const big = (x: number) => BigInt(x * 2 ** 100);
    const exactSign = (M: number[]) => {
      const [a, b, c, d, e, f, g, h, i] = M.map(big);
      const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
      return det > 0n ? 1 : det < 0n ? -1 : 0;
    };
    let mirror: number[] = [];
    for (let k = 0; k < 100_000 && !(exactSign(mirror) < 0 && floatDet(mirror) > 0); k++) {
      const r1 = [q(), q(), q()];
      const r2 = [q(), q(), q()];
      const x = r1[0] + r2[0];
      mirror = [...r1, ...r2, x + (q() < 0.5 ? -1 : 1) * x * Number.EPSILON, r1[1] + r2[1], r1[2] + r2[2]];
    }
    expect(exactSign(mirror)).toBe(-1);
    expect(floatDet(mirror)).toBeGreaterThan(0);
    expect(
      codeOf(() =>
        timeOfImpactAffine(ball(1), ball(1), { a: [still, still], b: [{ L: mirror, t: [3, 0, 0] }, good] }),
      ),
    ).toMatch(/^INVALID_POSE timeOfImpactAffine: motion\.b\[0\]\.L .*exact sign is negative \(it mirrors\)/);
    // the same map a hair the right way is an end map
    const n = [L[1] * L[5] - L[2] * L[4], L[2] * L[3] - L[0] * L[5], L[0] * L[4] - L[1] * L[3]];
    const up = L.map((x, k) => (k >= 6 ? x + 2 ** -30 * n[k - 6] : x));
    expect(
      timeOfImpactAffine(ball(1), ball(1), { a: [still, still], b: [good, { L: up, t: [-3, 0, 0] }] }).status,
    ).toBeDefined();
  });

  it('a translation over the step that overflows, or ends farther apart than float64 holds, as the rigid query (a probe)', () => {
    const at = (z: number) => ({ L: I, t: [0, 0, z] });
    expect(
      codeOf(() => timeOfImpactAffine(ball(1), ball(1), { a: [still, still], b: [at(1e308), at(-1e308)] })),
    ).toBe('INVALID_POSE timeOfImpactAffine: motion.b: the translation over the step overflows');
    expect(
      codeOf(() =>
        timeOfImpactAffine(ball(1), ball(1), { a: [at(-1e308), at(-1e308)], b: [at(1e308), at(1e308)] }),
      ),
    ).toBe(
      "INVALID_POSE timeOfImpactAffine: A and B lie farther apart than float64 holds at s = 0 (their translations' difference overflows)",
    );
    expect(
      codeOf(() => timeOfImpactAffine(ball(1), ball(1), { a: [at(0), at(-1e308)], b: [at(3), at(1e308)] })),
    ).toBe(
      "INVALID_POSE timeOfImpactAffine: A and B lie farther apart than float64 holds at s = 1 (their translations' difference overflows)",
    );
    // 1e308 apart is a step: answered (separate, the gap 1e308 − 2)
    const r = timeOfImpactAffine(ball(1), ball(1), { a: [at(0), at(0)], b: [at(1e308), at(1e308)] });
    expect(r.status).toBe('separate');
  });

  it('options and the result record', () => {
    expect(codeOf(() => timeOfImpactAffine(ball(1), ball(1), motion(far), { tolerance: -1 }))).toBe(
      'INVALID_OPTION tolerance must be a positive finite number, got -1',
    );
    expect(codeOf(() => timeOfImpactAffine(ball(1), ball(1), motion(far), undefined, {} as never))).toBe(
      'INVALID_OPTION timeOfImpactAffine: out.pointA must be a Float64Array of 3 numbers, got undefined',
    );
    expect(
      codeOf(() =>
        timeOfImpactAffine(ball(1), ball(1), motion(far), undefined, Object.freeze(createImpactResult())),
      ),
    ).toBe(
      'INVALID_OPTION timeOfImpactAffine: out must be a writable result record, but out.status cannot be written',
    );
  });
});

describe('timeOfImpactAffine on convex Surfaces', () => {
  it('a box Surface gives the cuboid’s answer, and writes into the record given', () => {
    const m: AffineMotion = {
      a: [still, { L: [1, 0.3, 0, 0, 1.5, 0, 0, 0, 1], t: [0, 0, 0] }],
      b: [
        { L: [0, -1, 0, 1, 0, 0, 0, 0, 1], t: [4, 0.2, 0] },
        { L: [0, -2, 0, 1, 0, 0, 0, 0, 1], t: [-1, 0.2, 0] },
      ],
    };
    const out = createImpactResult();
    const surfaces = timeOfImpactAffine(box(2), box([1, 0.5, 1]), m, { tolerance: 1e-7 }, out);
    const shapes = timeOfImpactAffine(cuboid(1, 1, 1), pointSet(box([1, 0.5, 1]).distinctVertices()), m, {
      tolerance: 1e-7,
    });
    expect(surfaces).toBe(out);
    expect(surfaces.status).toBe('contact');
    expect(surfaces.toi).toBeCloseTo(shapes.toi, 12);
    expect(surfaces.facetA).toBe(-1);
  });

  it('maps as Float64Arrays or Float32Arrays are read as arrays are', () => {
    const m = (L: ArrayLike<number>, t: ArrayLike<number>): AffineMotion => ({
      a: [still, still],
      b: [
        { L, t },
        { L, t: [-5, 0, 0] },
      ],
    });
    const plain = timeOfImpactAffine(ball(1), ball(1), m(I, [5, 0, 0]));
    expect(
      timeOfImpactAffine(ball(1), ball(1), m(Float64Array.from(I), new Float64Array([5, 0, 0]))).toi,
    ).toBe(plain.toi);
    expect(
      timeOfImpactAffine(ball(1), ball(1), m(Float32Array.from(I), new Float32Array([5, 0, 0]))).toi,
    ).toBe(plain.toi);
  });

  it('follows the progress and the signal of the options, as timeOfImpact does', () => {
    const seen: number[] = [];
    // a rod turned a quarter (its map the chord from I to the turn) towards a small ball: several steps
    const r = timeOfImpactAffine(
      ball(0.2),
      cuboid(3, 0.1, 0.1),
      {
        a: [
          { L: I, t: [0, 2, 0] },
          { L: I, t: [0, 2, 0] },
        ],
        b: [
          { L: I, t: [0, 0, 0] },
          { L: [0, -1, 0, 1, 0, 0, 0, 0, 1], t: [0, 0, 0] },
        ],
      },
      { onProgress: (p) => seen.push(p.s) },
    );
    expect(r.status).toBe('contact');
    expect(seen.length).toBe(r.iterations - 1);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((s, k) => s > 0 && s < r.toi && (k === 0 || s > seen[k - 1]))).toBe(true);
    const stop = new AbortController();
    stop.abort();
    expect(codeOf(() => timeOfImpactAffine(ball(1), ball(1), motion(far), { signal: stop.signal }))).toMatch(
      /^ABORTED /,
    );
  });
});
