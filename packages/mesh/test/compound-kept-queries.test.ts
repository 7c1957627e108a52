// A compound pair keeps its two-shape part queries (their GJK pairs) from one pair of bodies to the
// next, their shapes dropped: a pair bound again must answer as a new pair does, bit for bit, and a
// body it measured once must still be collectable.

import { ball, ball2, capsule, cuboid, cuboid2, cylinder } from '@firsttouch/convex';
import { pose2, poseFromAxisAngle } from '@firsttouch/pose';
import { describe, expect, it } from 'vitest';
import { collected } from '../../../scripts/collected.js';
import { CompoundPair, CompoundPair2, compound, compound2 } from '../src/index.js';

function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

function grid(r: () => number, size: number) {
  const kinds = [() => ball(size), () => cuboid(size, 0.8 * size, 0.6 * size), () => cylinder(size, size)];
  return compound(
    Array.from({ length: 27 }, (_, i) => ({
      body: kinds[i % 3](),
      pose: poseFromAxisAngle([r() - 0.5, r() - 0.5, 1], 3 * r(), [
        ((i % 3) - 1) * 0.3,
        ((Math.floor(i / 3) % 3) - 1) * 0.3,
        (Math.floor(i / 9) - 1) * 0.3,
      ]),
    })),
  );
}

function grid2(r: () => number, size: number) {
  return compound2(
    Array.from({ length: 9 }, (_, i) => ({
      body: i % 2 ? ball2(size) : cuboid2(size, 0.7 * size),
      pose: pose2(3 * r(), [((i % 3) - 1) * 0.3, (Math.floor(i / 3) - 1) * 0.3]),
    })),
  );
}

const answer = (p: CompoundPair | CompoundPair2) => [
  p.lowerBound,
  p.distance,
  p.partA,
  p.partB,
  ...Array.from(p.pointA),
  ...Array.from(p.pointB),
];

describe('a compound pair bound again', () => {
  it('answers as a new pair, on the queries the bodies before left (3-D)', () => {
    const r = rng(11);
    const kept = new CompoundPair();
    let measured = 0;
    for (let round = 0; round < 6; round++) {
      const a = grid(r, 0.1 + 0.02 * r());
      const b = grid(r, 0.1 + 0.02 * r());
      kept.bind(a, b);
      // (a new pair for the same bodies, evaluated in step: both warm from the same placements)
      const fresh = new CompoundPair(a, b);
      for (let k = 0; k < 5; k++) {
        const P = poseFromAxisAngle([r() - 0.5, r() - 0.5, r() - 0.5], 4 * r(), [
          0.9 + r(),
          r() - 0.5,
          r() - 0.5,
        ]);
        const want = fresh.evaluate(P.R, P.t);
        expect(kept.evaluate(P.R, P.t)).toBe(want);
        expect(answer(kept)).toEqual(answer(fresh));
        expect(kept.partEvaluations).toBe(fresh.partEvaluations);
        measured += kept.partEvaluations > 0 ? 1 : 0;
      }
    }
    expect(measured).toBe(30);
  });

  it('answers as a new pair, on the queries the bodies before left (2-D)', () => {
    const r = rng(12);
    const kept = new CompoundPair2();
    for (let round = 0; round < 6; round++) {
      const a = grid2(r, 0.1 + 0.02 * r());
      const b = grid2(r, 0.1 + 0.02 * r());
      kept.bind(a, b);
      const fresh = new CompoundPair2(a, b);
      for (let k = 0; k < 5; k++) {
        const angle = 6 * r();
        const c = Math.cos(angle);
        const s = Math.sin(angle);
        const tu = 0.9 + r();
        const tv = r() - 0.5;
        const want = fresh.evaluate(c, s, tu, tv);
        expect(kept.evaluate(c, s, tu, tv)).toBe(want);
        expect(answer(kept)).toEqual(answer(fresh));
      }
    }
  });

  it('lets a body it measured once be collected', async () => {
    const pair = new CompoundPair();
    const other = compound([{ body: capsule(0.2, 0.1), pose: poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0]) }]);
    const at = poseFromAxisAngle([0, 0, 1], 0.3, [1, 0, 0]);
    const use = (body: ReturnType<typeof compound>) => {
      pair.bind(body, other);
      pair.evaluate(at.R, at.t);
      pair.unbind();
    };
    const make = () => compound([{ body: ball(0.3), pose: poseFromAxisAngle([0, 0, 1], 0, [0, 0, 0]) }]);
    expect(await collected(make, use)).toBe(true);
    // and its parts (the kept query held the shapes until unbind dropped them)
    const shapes = () => ball(0.25);
    const useShape = (s: ReturnType<typeof ball>) => {
      pair.bind(compound([{ body: s, pose: at }]), other);
      pair.evaluate(at.R, at.t);
      pair.unbind();
    };
    expect(await collected(shapes, useShape)).toBe(true);
  });
});
