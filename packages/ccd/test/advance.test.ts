import { FirstTouchError } from '@firsttouch/pose';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AdvanceOptions, conservativeAdvance, type DistanceEvaluator } from '../src/index.js';

/** The iterates of the plain loop, replayed in the test's words: s_{k+1} = s_k + (d_k − tol/2) / μ. */
function plainIterates(d: (s: number) => number, mu: number, tol: number, steps: number): number[] {
  const out = [0];
  let s = 0;
  for (let k = 0; k < steps && s < 1; k++) {
    const step = (d(s) - 0.5 * tol) / mu;
    s = step >= 1 - s ? 1 : s + step;
    out.push(s);
  }
  return out;
}

interface DirectionalCall {
  s: number;
  gap: number;
  tolerance: number;
  floor: number;
  limit: number;
}

/** An evaluator with a recorded directional step that returns `answer(floor, limit)`. */
function withDirectional(
  distance: (s: number) => number,
  answer: (floor: number, limit: number) => number,
): DistanceEvaluator & { calls: DirectionalCall[] } {
  const calls: DirectionalCall[] = [];
  return {
    calls,
    distance,
    directionalStep(s, gap, tolerance, floor, limit) {
      calls.push({ s, gap, tolerance, floor, limit });
      return answer(floor, limit);
    },
  };
}

describe('conservativeAdvance: a point approaching a wall', () => {
  it('head-on at the bound: contact in one step, toi in [(g − tol)/v, g/v], the gap there is tol/2', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 10, noNaN: true }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.constantFrom(1e-6, 1e-4, 1e-3),
        (g, v, tol) => {
          fc.pre(v >= g); // the contact is inside the step
          const r = conservativeAdvance({ distance: (s) => Math.abs(g - v * s) }, v, { tolerance: tol });
          expect(r.status).toBe('contact');
          expect(r.iterations).toBe(1);
          expect(r.toi).toBeGreaterThanOrEqual((g - tol) / v);
          expect(r.toi).toBeLessThanOrEqual(g / v);
          expect(Math.abs(r.distance - 0.5 * tol)).toBeLessThanOrEqual(1e-12 * (g + v));
          expect(r.directionalSteps).toBe(0);
        },
      ),
    );
  });

  it('closing at half the bound: the gap above tol/2 halves each step, contact after 21 steps', () => {
    // (1 − tol/2) 2^−k ≤ tol/2 first at k = 21 for tol = 1e-6 (2^21 = 2097152 ≥ 1999999)
    const tol = 1e-6;
    const d = (s: number): number => Math.abs(1 - s);
    const r = conservativeAdvance({ distance: d }, 2, { tolerance: tol });
    expect(r.status).toBe('contact');
    expect(r.iterations).toBe(21);
    expect(r.toi).toBeGreaterThanOrEqual(1 - tol);
    expect(r.toi).toBeLessThanOrEqual(1 - 0.5 * tol);
    expect(r.toi).toBe(plainIterates(d, 2, tol, 21)[21]);
    expect(r.distance).toBe(d(r.toi));
  });

  it('never passes the first instant the gap reaches tol/2, and stops within tol (any Lipschitz gap)', () => {
    // d(s) = g + A sin(ω s + φ) (clamped at 0) is Lipschitz with constant |A ω| ≤ μ
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.5, max: 30, noNaN: true }),
        fc.double({ min: 0, max: 6.3, noNaN: true }),
        fc.double({ min: 1, max: 3, noNaN: true }),
        fc.constantFrom(1e-3, 1e-2, 0.05),
        (g, amp, omega, phi, slackFactor, tol) => {
          const d = (s: number): number => Math.max(0, g + amp * Math.sin(omega * s + phi));
          const mu = amp * omega * slackFactor;
          fc.pre(mu > 0);
          // the specification's bound on the steps: the loop must end by itself within it
          const bound = Math.ceil(mu / (0.5 * tol));
          const r = conservativeAdvance({ distance: d }, mu, { tolerance: tol, maxIterations: bound + 1 });
          expect(r.status === 'initial-contact').toBe(d(0) <= tol);
          if (r.status === 'initial-contact') return;
          expect(r.iterations).toBeLessThanOrEqual(bound);
          // dense samples of [0, toi] (the gap moves by at most μ / 20000 between two)
          const n = 20000;
          let lowest = Number.POSITIVE_INFINITY;
          for (let i = 0; i <= n; i++) lowest = Math.min(lowest, d((i / n) * r.toi));
          expect(lowest).toBeGreaterThanOrEqual(0.5 * tol - 1e-12);
          if (r.status === 'contact') expect(r.distance).toBeLessThanOrEqual(tol);
          if (r.status === 'separate') {
            expect(r.toi).toBe(1);
            expect(d(1)).toBeGreaterThan(tol);
          }
          expect(r.status).not.toBe('not-converged');
          expect(r.distance).toBe(d(r.toi));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('conservativeAdvance: gaps that never close', () => {
  it('a constant gap of 1 at μ = 100: separate after ⌈100 / (1 − tol/2)⌉ = 101 steps', () => {
    const r = conservativeAdvance({ distance: () => 1 }, 100, { tolerance: 1e-6 });
    expect(r).toMatchObject({
      status: 'separate',
      toi: 1,
      distance: 1,
      iterations: 101,
      directionalSteps: 0,
    });
  });

  it('μ = 1: the first step falls short of 1 by tol/2, the second reaches it', () => {
    const r = conservativeAdvance({ distance: () => 1 }, 1, { tolerance: 1e-6 });
    expect(r.status).toBe('separate');
    expect(r.iterations).toBe(2);
  });

  it('a body at rest (μ = 0): separate in one step, even with the directional bound on', () => {
    for (const directional of [false, true, 'auto'] as const) {
      const ev = withDirectional(
        () => 0.5,
        () => 1e9,
      );
      const r = conservativeAdvance(ev, 0, { tolerance: 1e-6, directional });
      expect(r).toMatchObject({
        status: 'separate',
        toi: 1,
        distance: 0.5,
        iterations: 1,
        directionalSteps: 0,
      });
      expect(ev.calls).toEqual([]);
    }
  });

  it('the tutorial numbers, plain: not converged after 1000 steps at s = 0.004375, a lower bound', () => {
    const r = conservativeAdvance({ distance: () => 4e-6 }, 0.8, { tolerance: 1e-6, directional: false });
    expect(r.status).toBe('not-converged');
    expect(r.iterations).toBe(1000);
    expect(r.toi.toFixed(6)).toBe('0.004375');
    expect(Math.abs(r.toi - 0.004375)).toBeLessThan(1e-12);
    expect(r.distance).toBe(4e-6);
  });

  it('with maxIterations = k the result is the k-th iterate and the gap there', () => {
    const d = (s: number): number => 0.3 + 0.2 * Math.cos(7 * s);
    const iterates = plainIterates(d, 2.5, 1e-4, 40);
    for (let k = 1; k < iterates.length - 1; k++) {
      const r = conservativeAdvance({ distance: d }, 2.5, { tolerance: 1e-4, maxIterations: k });
      expect(r).toMatchObject({
        status: 'not-converged',
        toi: iterates[k],
        distance: d(iterates[k]),
        iterations: k,
        directionalSteps: 0,
      });
    }
  });
});

describe('conservativeAdvance: initial contact and the tolerance boundary', () => {
  it('d(0) ≤ tol: initial contact at 0 without a step; d(0) = tol counts', () => {
    for (const d0 of [0, 5e-7, 1e-6]) {
      const r = conservativeAdvance({ distance: () => d0 }, 3, { tolerance: 1e-6 });
      expect(r).toMatchObject({
        status: 'initial-contact',
        toi: 0,
        distance: d0,
        iterations: 0,
        directionalSteps: 0,
      });
    }
  });

  it('a gap just above tol at 0 is not a contact; reaching exactly tol is', () => {
    const tol = 1e-6;
    const r0 = conservativeAdvance({ distance: (s) => (s === 0 ? 1.0000001e-6 : tol) }, 1, {
      tolerance: tol,
    });
    expect(r0.status).toBe('contact');
    expect(r0.iterations).toBe(1);
    expect(r0.distance).toBe(tol);
  });
});

describe('conservativeAdvance: the directional step', () => {
  const tol = 1e-6;
  const still = (): number => 4e-6;

  it('is asked with (s, gap, tol, floor = the plain step, limit = what is left), and a huge step is taken', () => {
    const ev = withDirectional(still, () => 1e9);
    const r = conservativeAdvance(ev, 0.8, { tolerance: tol, directional: true });
    expect(r).toMatchObject({
      status: 'separate',
      toi: 1,
      distance: 4e-6,
      iterations: 1,
      directionalSteps: 1,
    });
    expect(ev.calls).toEqual([
      { s: 0, gap: 4e-6, tolerance: tol, floor: (4e-6 - 0.5 * tol) / 0.8, limit: 1 },
    ]);
  });

  it('is used only when larger than the plain step', () => {
    const plain = conservativeAdvance({ distance: still }, 0.8, {
      tolerance: tol,
      directional: false,
      maxIterations: 50,
    });
    for (const answer of [
      () => 0,
      () => -1,
      (floor: number) => floor,
      (floor: number) => 0.5 * floor,
      () => Number.NaN,
    ]) {
      const ev = withDirectional(still, answer);
      const r = conservativeAdvance(ev, 0.8, { tolerance: tol, directional: true, maxIterations: 50 });
      expect({ ...r, directionalSteps: 0 }).toEqual(plain);
      expect(r.directionalSteps).toBe(50);
      expect(ev.calls.length).toBe(50);
    }
  });

  it('a directional step between the plain step and the end is taken as it is', () => {
    const ev = withDirectional(still, (floor) => 3 * floor);
    const r = conservativeAdvance(ev, 0.8, { tolerance: tol, directional: true, maxIterations: 2 });
    const step = (4e-6 - 0.5 * tol) / 0.8;
    expect(r.status).toBe('not-converged');
    expect(r.toi).toBe(3 * step + 3 * step);
    expect(ev.calls.map((c) => c.s)).toEqual([0, 3 * step]);
    expect(ev.calls[1].limit).toBe(1 - 3 * step);
  });

  it('directional: false never asks it; no directionalStep method means the plain bound', () => {
    const ev = withDirectional(still, () => 1e9);
    const r = conservativeAdvance(ev, 0.8, { tolerance: tol, directional: false, maxIterations: 20 });
    expect(ev.calls).toEqual([]);
    expect(r.directionalSteps).toBe(0);
    const bare = conservativeAdvance({ distance: still }, 0.8, {
      tolerance: tol,
      directional: true,
      maxIterations: 20,
    });
    expect(bare).toEqual(r);
  });

  it('is not asked when the plain step already reaches s = 1', () => {
    const ev = withDirectional(
      () => 0.5,
      () => 1e9,
    );
    const r = conservativeAdvance(ev, 0.1, { tolerance: tol, directional: true });
    expect(r.iterations).toBe(1);
    expect(ev.calls).toEqual([]);
  });
});

describe("conservativeAdvance: 'auto' switches to the directional bound after 8 stalled steps", () => {
  const tol = 1e-6;

  it('a sliding gap of 4 tol: 8 plain steps, then one directional step across: separate in 9', () => {
    const ev = withDirectional(
      () => 4e-6,
      () => 1e9,
    );
    const r = conservativeAdvance(ev, 0.8, { tolerance: tol });
    expect(r).toMatchObject({
      status: 'separate',
      toi: 1,
      distance: 4e-6,
      iterations: 9,
      directionalSteps: 1,
    });
    expect(ev.calls.length).toBe(1);
    expect(ev.calls[0].s).toBe(plainIterates(() => 4e-6, 0.8, tol, 8)[8]);
  });

  it('a sliding gap of 0.02: each step covers a few per cent of what is left, it never switches', () => {
    const ev = withDirectional(
      () => 0.02,
      () => 1e9,
    );
    const r = conservativeAdvance(ev, 0.8, { tolerance: tol });
    expect(r).toMatchObject({
      status: 'separate',
      toi: 1,
      distance: 0.02,
      iterations: 41,
      directionalSteps: 0,
    });
    expect(ev.calls).toEqual([]);
  });

  it('a step that closes the margin resets the count: 7 stalls, a drop, 8 stalls, then the switch', () => {
    // the gap by evaluation: 4 tol for the first 8 (s = 0 and 7 stalled steps), then 2 tol
    let calls = 0;
    const ev = withDirectional(
      () => (calls++ < 8 ? 4e-6 : 2e-6),
      () => 1e9,
    );
    const r = conservativeAdvance(ev, 0.8, { tolerance: tol });
    expect(r.status).toBe('separate');
    expect(r.iterations).toBe(17);
    expect(r.directionalSteps).toBe(1);
    expect(ev.calls.length).toBe(1);
  });

  it('exactly 8: with maxIterations = 8 it has not asked yet; at 9 it has', () => {
    const make = () =>
      withDirectional(
        () => 4e-6,
        () => 1e9,
      );
    const e8 = make();
    expect(conservativeAdvance(e8, 0.8, { tolerance: tol, maxIterations: 8 }).status).toBe('not-converged');
    expect(e8.calls.length).toBe(0);
    const e9 = make();
    expect(conservativeAdvance(e9, 0.8, { tolerance: tol, maxIterations: 9 }).status).toBe('separate');
    expect(e9.calls.length).toBe(1);
  });
});

describe('conservativeAdvance: the horizon option', () => {
  const d = (s: number): number => 0.3 + 0.2 * Math.cos(7 * s);

  it('stops before the first iterate past the horizon: not converged, horizonReached, the last iterate below it', () => {
    const iterates = plainIterates(d, 2.5, 1e-4, 60);
    for (const horizon of [0, 1e-9, 0.05, 0.3, 0.5]) {
      const r = conservativeAdvance({ distance: d }, 2.5, { tolerance: 1e-4, horizon });
      const k = iterates.findIndex((s) => s > horizon) - 1;
      expect(r).toMatchObject({
        status: 'not-converged',
        horizonReached: true,
        toi: iterates[k],
        iterations: k,
      });
      expect(r.toi).toBeLessThanOrEqual(horizon);
      expect(r.distance).toBe(d(r.toi));
    }
  });

  it('a horizon at or past 1 changes nothing, and horizonReached is false when the loop ends by itself', () => {
    const full = conservativeAdvance({ distance: d }, 2.5, { tolerance: 1e-4 });
    expect(full.horizonReached).toBe(false);
    for (const horizon of [1, 2, Number.POSITIVE_INFINITY]) {
      expect(conservativeAdvance({ distance: d }, 2.5, { tolerance: 1e-4, horizon })).toEqual(full);
    }
  });

  it('a contact before the horizon is found as without it', () => {
    const closing = (s: number): number => Math.abs(0.5 - s);
    const full = conservativeAdvance({ distance: closing }, 2, { tolerance: 1e-6 });
    expect(full.status).toBe('contact');
    expect(conservativeAdvance({ distance: closing }, 2, { tolerance: 1e-6, horizon: 0.6 })).toEqual(full);
  });

  it('a negative, NaN or non-number horizon: INVALID_OPTION naming it', () => {
    for (const horizon of [-1, -1e-300, Number.NaN, '0.5']) {
      let caught: unknown;
      try {
        conservativeAdvance({ distance: d }, 1, { tolerance: 1e-6, horizon } as unknown as AdvanceOptions);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(FirstTouchError);
      expect((caught as FirstTouchError).code).toBe('INVALID_OPTION');
      expect((caught as FirstTouchError).message).toContain('horizon');
    }
  });
});

describe('conservativeAdvance: bad input', () => {
  const ok: DistanceEvaluator = { distance: () => 1 };

  function throwsNaming(f: () => unknown, code: string, word: string): void {
    let caught: unknown;
    try {
      f();
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(FirstTouchError);
    expect((caught as FirstTouchError).code).toBe(code);
    expect((caught as FirstTouchError).message).toContain(word);
  }

  it('the tolerance is required: the loop knows nothing of the bodies', () => {
    throwsNaming(() => conservativeAdvance(ok, 1, {}), 'INVALID_OPTION', 'tolerance');
    throwsNaming(
      () => conservativeAdvance(ok, 1, null as unknown as AdvanceOptions),
      'INVALID_OPTION',
      'tolerance',
    );
    throwsNaming(
      () => conservativeAdvance(ok, 1, undefined as unknown as AdvanceOptions),
      'INVALID_OPTION',
      'tolerance',
    );
  });

  it('a tolerance that is not a positive finite number', () => {
    for (const tolerance of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '1']) {
      throwsNaming(
        () => conservativeAdvance(ok, 1, { tolerance } as unknown as AdvanceOptions),
        'INVALID_OPTION',
        'tolerance',
      );
    }
  });

  it('maxIterations and directional', () => {
    for (const maxIterations of [0, -3, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '10']) {
      throwsNaming(
        () => conservativeAdvance(ok, 1, { tolerance: 1e-6, maxIterations } as unknown as AdvanceOptions),
        'INVALID_OPTION',
        'maxIterations',
      );
    }
    for (const directional of ['yes', 1, 'true', 0]) {
      throwsNaming(
        () => conservativeAdvance(ok, 1, { tolerance: 1e-6, directional } as unknown as AdvanceOptions),
        'INVALID_OPTION',
        'directional',
      );
    }
  });

  it('μ negative, NaN, infinite or not a number', () => {
    for (const mu of [-1, -1e-300, Number.NaN, Number.POSITIVE_INFINITY, '1']) {
      throwsNaming(() => conservativeAdvance(ok, mu as number, { tolerance: 1e-6 }), 'INVALID_OPTION', 'mu');
    }
  });

  it('an evaluator without distance(s)', () => {
    for (const ev of [null, undefined, {}, { distance: 1 }, 'distance']) {
      throwsNaming(
        () => conservativeAdvance(ev as unknown as DistanceEvaluator, 1, { tolerance: 1e-6 }),
        'INVALID_OPTION',
        'evaluator',
      );
    }
  });

  it('an evaluator returning NaN, a negative, an infinite gap or a non-number: NON_FINITE', () => {
    for (const bad of [Number.NaN, -1e-9, Number.POSITIVE_INFINITY, '1', undefined]) {
      throwsNaming(
        () => conservativeAdvance({ distance: () => bad as number }, 1, { tolerance: 1e-6 }),
        'NON_FINITE',
        'evaluator.distance',
      );
      // also when the bad value comes later, at a step
      throwsNaming(
        () =>
          conservativeAdvance({ distance: (s) => (s === 0 ? 1 : (bad as number)) }, 1, { tolerance: 1e-6 }),
        'NON_FINITE',
        'evaluator.distance',
      );
    }
  });
});
