// The certified answer about a gap along a step s ∈ [0, 1] that changes no faster than `lipschitz`
// a unit of s (a translation by r: |r|): sampled, and every interval between two samples either
// proved to stay above the threshold (two cones of slope `lipschitz` from its ends) or split, left
// half first, down to a width of 1e-12.

export interface Sweep {
  /** The gap came within the threshold somewhere (or could, within the width limit). */
  below: boolean;
  /** The first s found there (a sample at or below the threshold, or a limit-width interval's start). */
  s: number;
  /** Gap evaluations. */
  evaluations: number;
}

export function firstBelow(
  gap: (s: number) => number,
  lipschitz: number,
  threshold: number,
  from = 0,
  to = 1,
  samples = 64,
): Sweep {
  let evaluations = 0;
  const g = (s: number) => {
    evaluations++;
    return gap(s);
  };
  let s0 = from;
  let g0 = g(s0);
  if (g0 <= threshold) return { below: true, s: s0, evaluations };
  for (let k = 1; k <= samples; k++) {
    const s1 = from + ((to - from) * k) / samples;
    const g1 = g(s1);
    // Depth-first over the interval's halves, left first.
    const stack: Array<[number, number, number, number]> = [[s0, g0, s1, g1]];
    while (stack.length > 0) {
      const [a, ga, b, gb] = stack.pop()!;
      if (ga <= threshold) return { below: true, s: a, evaluations };
      if ((ga + gb - lipschitz * (b - a)) / 2 > threshold) continue;
      if (b - a < 1e-12) return { below: true, s: a, evaluations };
      const m = 0.5 * (a + b);
      const gm = g(m);
      stack.push([m, gm, b, gb], [a, ga, m, gm]);
    }
    if (g1 <= threshold) return { below: true, s: s1, evaluations };
    s0 = s1;
    g0 = g1;
  }
  return { below: false, s: to, evaluations };
}
