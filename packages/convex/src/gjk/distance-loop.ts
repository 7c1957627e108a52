import type { GjkState } from './gjk-state.js';

/** |v| below this share of the scale is q on the difference (overlap or touching). */
export const OVERLAP_SHARE = 1e-15;

/**
 * Supports in a row that leave |v| unshrunk before the search gives up: a simplex's worth. Near
 * parallel faces a new support turns v by an angle whose effect on |v| is of second order (below
 * |v|'s rounding) while the simplex moves onto the nearest face, which takes up to a simplex of new
 * points; one stall ending the search left |v| 1e-9 of the scene above the gap (DECISIONS.md).
 */
export const STALLS = 4;

/** Fresh starts a distance makes after stalls, at most (see `runDistance`). */
export const RESTARTS = 2;

/** A stall restarts only while |v| and the lower bound lie this share of the scene apart. */
export const RESTART_GAP = 1e-12;

/**
 * GJK from the state's simplex to the distance between the query point and the difference of the
 * cores: it stops when |v| (an upper bound) and the largest gap along a search direction (a lower
 * bound, certified: every support is exact) agree within `relative · |v|` (`relative`, `maxIterations`
 * and `stopAbove` from the state's `limits`) plus the state's
 * `absoluteTolerance` share of the scene's scale, when the
 * simplex encloses q, when the lower bound less the margins exceeds `stopAbove`, when a support
 * repeats a point of the simplex or |v| stays above the least it reached for `STALLS` supports in a row
 * (rounding) after `RESTARTS` fresh starts from the last support (the nearest simplex of the stalls
 * kept), or after `maxIterations` supports.
 * Sets the state's result fields; allocates nothing.
 */
export function runDistance(g: GjkState): void {
  const relative = g.limits[0];
  const maxIterations = g.limits[1];
  const stopAbove = g.limits[2];
  const S = g.simplex;
  g.measure();
  const floor = OVERLAP_SHARE * g.scale;
  const slack = g.absoluteTolerance * g.scale;
  let overlap = g.warm();
  let lower = Number.NEGATIVE_INFINITY;
  let ax = 0,
    ay = 0,
    az = 0;
  let converged = overlap;
  let stalls = 0;
  // The least |v|² a support has left: a stall is a support that does not bring |v| below it. Against
  // the last |v| alone, a simplex that swings between two segments whose |v| differ by an ulp reset
  // the count at every other support and ran to maxIterations (a needle 3e-11 across: 128 supports).
  let least = Number.POSITIVE_INFINITY;
  let iterations = 0;
  // fresh starts after a stall, and |v|² of the best stalled simplex kept
  let restarts = 0;
  let keptVv = Number.POSITIVE_INFINITY;
  const v = S.v;
  while (!overlap && iterations < maxIterations) {
    const vx = v[0],
      vy = v[1],
      vz = v[2];
    const vv = vx * vx + vy * vy + vz * vz;
    if (S.n > 0 && vv <= floor * floor) {
      overlap = true;
      converged = true;
      break;
    }
    const norm = Math.sqrt(vv);
    iterations++;
    const known = g.support();
    const o = 3 * S.n;
    // Every point of the difference lies at least this far from q along v̂.
    const along = (vx * S.y[o] + vy * S.y[o + 1] + vz * S.y[o + 2]) / norm;
    if (along > lower) {
      lower = along;
      ax = vx / norm;
      ay = vy / norm;
      az = vz / norm;
      // The two supports behind the bound (a caller bounding how fast it can close needs them).
      const la = g.lowerPointA;
      const lb = g.lowerPointB;
      la[0] = S.a[o];
      la[1] = S.a[o + 1];
      la[2] = S.a[o + 2];
      lb[0] = S.b[o];
      lb[1] = S.b[o + 1];
      lb[2] = S.b[o + 2];
    }
    if (S.n === 0) {
      // The first point: v was only a direction, no bound on the distance (|v| is B's offset), so it
      // becomes the point before any stop: a stop above the cutoff at the first support had reported
      // that offset as the distance (a triangle 9.5 from a ball of radius 1 at an offset of 0.5:
      // intersecting).
      S.n = 1;
      S.reduce();
      if (lower - g.margin > stopAbove) break;
      continue;
    }
    if (lower - g.margin > stopAbove) break;
    if (norm - lower <= relative * norm + slack) {
      converged = true;
      break;
    }
    if (known) break;
    if (stalls >= STALLS) {
      // Stalled: on curved cores (a flat cone and cylinder) the simplex can settle with |v| 1e-9
      // above the gap, each new support turning it by less than its rounding. A fresh start from
      // the last support finds another simplex, nearer the gap (an adversarial probe's 4 434 flat
      // or needle pairs: the worst 1.5e-10 of the scene above it, 3.1e-12 after); the stalled one
      // is kept and taken back where a start ends farther. Only a stall far from the rule starts
      // again: the common one, rounding at the rule's edge, would spend supports for nothing.
      if (restarts >= RESTARTS || norm - lower <= RESTART_GAP * g.scale) break;
      if (restarts === 0 || vv < keptVv) {
        g.stalled.copyFrom(S);
        keptVv = vv;
      }
      restarts++;
      stalls = 0;
      least = Number.POSITIVE_INFINITY;
      S.move(S.n, 0);
      S.n = 1;
      S.reduce();
      continue;
    }
    S.n++;
    if (S.reduce()) {
      overlap = true;
      converged = true;
      break;
    }
    const shrunk = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    if (shrunk < vv && shrunk < least) {
      least = shrunk;
      stalls = 0;
    } else stalls++;
  }
  if (restarts > 0 && !overlap && v[0] * v[0] + v[1] * v[1] + v[2] * v[2] > keptVv) S.copyFrom(g.stalled);
  g.iterations = iterations;
  g.overlap = overlap;
  g.converged = converged;
  g.coreUpper = overlap ? 0 : Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  g.coreLower = overlap ? 0 : lower > 0 ? lower : 0;
  const on = g.coreLower > 0;
  g.axis[0] = on ? ax : 0;
  g.axis[1] = on ? ay : 0;
  g.axis[2] = on ? az : 0;
}
