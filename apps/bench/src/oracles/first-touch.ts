/** What a ground truth says about one step. */
export interface TouchTruth {
  /** The gap fell to `threshold` (0: the bodies touched, decided exactly by orient2d / orient3d) during the step. */
  touched: boolean;
  /** First s at which it did, to `resolution` (a time at which the gap is within the threshold); NaN if never. */
  s: number;
  /**
   * Somewhere other than just before the contact found (or anywhere, when none was found), an
   * interval of length `resolution` could not be proved free of contact: the bodies came within
   * about μ·resolution without touching at the evaluated instants. A graze too fine to call.
   */
  grazing: boolean;
  /** The smallest gap seen at the evaluated instants (exact where it is below the cut-off, if any). */
  minGap: number;
  /** Distance calls spent. */
  evaluations: number;
}

/** How hard the oracle looks. */
export interface TouchOptions {
  /** Uniform samples over [0, 1] (intervals between them are then refined where needed). */
  samples?: number;
  /** Gap regarded as contact; 0 is exact touching. */
  threshold?: number;
  /** Bisection stops when the bracket is this short in s. */
  resolution?: number;
}

/**
 * The gap of the two bodies at s. `enough` is a gap that already settles every question the
 * search asks: a caller may return any certified lower bound ≥ `enough` instead of the exact gap
 * when the gap is at least that (a distance query with `maxDistance`), and must return the exact
 * gap below it.
 */
export type GapAt = (s: number, enough: number) => number;

/**
 * The first instant in [0, 1] at which a gap that is Lipschitz in s with constant `mu` falls to the
 * threshold: sampled at `samples` uniform instants, and certified between them. An interval whose
 * end gaps (above the threshold) add up to more than μ·(length) cannot hold a contact; any other
 * interval is split in two, left half first, so the contact found is the first one. Independent of
 * any time-of-impact code: it only evaluates the gap.
 */
export function certifiedFirstTouch(gapAt: GapAt, mu: number, options: TouchOptions = {}): TouchTruth {
  const samples = options.samples ?? 256;
  const threshold = options.threshold ?? 0;
  const resolution = options.resolution ?? 1e-10;
  // Every interval the search looks at is at most 1/samples long: a gap of threshold + μ/samples
  // (at both ends) clears it, so a lower bound at least that large decides as well as the exact gap.
  const enough = threshold + mu / samples;
  let evaluations = 0;
  let minGap = Number.POSITIVE_INFINITY;
  // Start of the first interval that reached the resolution without a verdict.
  let unresolved = Number.POSITIVE_INFINITY;
  const gap = (s: number): number => {
    evaluations++;
    const d = gapAt(s, enough);
    if (d < minGap) minGap = d;
    return d;
  };
  const reached = (d: number) => d <= threshold;

  // The first s in [sL, sR] where the gap reaches the threshold, or null; gL is not reached.
  // Near a contact the Lipschitz bound cannot clear the last stretch before it (the gap tends to 0
  // there), so the intervals that reach the resolution undecided are noted, not reported as contacts.
  const first = (sL: number, gL: number, sR: number, gR: number): number | null => {
    if (!reached(gR) && gL - threshold + (gR - threshold) > mu * (sR - sL)) return null;
    if (sR - sL <= resolution) {
      if (reached(gR)) return sR;
      unresolved = Math.min(unresolved, sL);
      return null;
    }
    const sM = 0.5 * (sL + sR);
    const gM = gap(sM);
    if (reached(gM)) return first(sL, gL, sM, gM) ?? sM;
    return first(sL, gL, sM, gM) ?? first(sM, gM, sR, gR);
  };

  let sPrev = 0;
  let gPrev = gap(0);
  if (reached(gPrev)) return { touched: true, s: 0, grazing: false, minGap, evaluations };
  for (let i = 1; i <= samples; i++) {
    const s = i / samples;
    const g = gap(s);
    const hit = first(sPrev, gPrev, s, g);
    if (hit !== null) {
      // Undecided stretches right before the contact are its approach, not a separate graze.
      return { touched: true, s: hit, grazing: unresolved < hit - 1e3 * resolution, minGap, evaluations };
    }
    sPrev = s;
    gPrev = g;
  }
  return { touched: false, s: Number.NaN, grazing: unresolved <= 1, minGap, evaluations };
}
