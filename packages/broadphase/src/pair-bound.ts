import { bodyLayout, type StepBodies, windowChords } from './bodies.js';

/** The ball-and-box advancement of a pair stops after this many steps (the pair then runs). */
const REFINE_STEPS = 128;
/** The ball-and-box advancement stops at a step shorter than this share of the way to the target. */
const STALL = 1 / 16;

/**
 * A cheap, certified lower bound g of the gap of a pair over the window [0, h], less a rounding
 * slack: the largest of
 * - the gap of the balls about the origins, each carried by its body's translation (so it holds
 *   the body at every s, whatever the turn);
 * - the gap of the boxes at s = 0 carried by the translations and grown by the chords of the turns
 *   over the window (world axes; Euclidean, the exact gap of two aligned boxes);
 * - in 3-D, the same for the oriented boxes (each body's box in its own frame, placed at s = 0):
 *   the Euclidean gap of their projections on the axes of one frame (the other box lies in its
 *   aligned box in that frame), for either frame, and the gap along each cross product of an axis
 *   of one with an axis of the other (separating axes).
 *
 * Each term is a gap `|p + s v| − r` along a fixed axis (or a Euclidean norm of such over
 * orthonormal axes, or the ball's centre distance), so g changes no faster than
 * `|Δ_i − Δ_j| ≤ μ_i + μ_j`.
 *
 * The bound: let `s'_0 = 0`, `s'_{k+1} = s'_k + (g(s'_k) − tol) / μ` (μ a hair over the pair's
 * speed bound), while `g(s'_k) > tol` and k stays within the iteration cap. The map `s ↦ s + (g(s)
 * − tol) / μ` is monotone and below the pair's own advancement step `s ↦ s + (d(s) − tol/2) / μ`
 * on [0, h] (g ≤ d there), so by induction the pair's k-th iterate is past h or at least `s'_k`;
 * and g > tol on [0, s'_k), so no contact comes before `s'_k` either. So the pair's reported toi,
 * whatever its status, is past h or at least `s'_k`.
 *
 * @example
 * ```ts
 * import { PairBound, stepBodies3 } from '@firsttouch/broadphase/internal';
 * import { box } from '@firsttouch/mesh';
 * import { poseFromAxisAngle } from '@firsttouch/pose';
 * const at = (x: number) => poseFromAxisAngle([0, 0, 1], 0, [x, 0, 0]);
 * const step = stepBodies3([box(1), box(1)], [at(0), at(3)], [at(1), at(3)]);
 * // the pair cannot touch before the first body has crossed the gap of 2
 * console.log(new PairBound(step, 1e-6, 1, 1000).advance(0, 1, 1) > 1); // true
 * ```
 */
export class PairBound {
  readonly #b: StepBodies;
  readonly #tol: number;
  // each body's chord over the window; undefined over the whole step (the records' spins)
  readonly #spin: Float64Array | undefined;
  readonly #cap: number;
  // the axes of the pair being advanced: gap |p + s v| − r each; 0..dim−1 the world axes, then
  // (3-D) frame i, frame j (3 each), then up to 9 cross axes
  readonly #p = new Float64Array(18);
  readonly #v = new Float64Array(18);
  readonly #r = new Float64Array(18);
  #axes = 0;
  #frames = false;
  #frames3 = false;
  // the pair's oriented boxes (see StepBodies.orientedBox) and chords
  readonly #fi = new Float64Array(15);
  readonly #fj = new Float64Array(15);
  #grow = 0;
  // the balls: centre offset, its rate, the radii
  readonly #bp = new Float64Array(3);
  readonly #bv = new Float64Array(3);
  #br = 0;
  #slack = 0;
  // The numbers passed to and from #axis, #gap, #axesApart and #speedInto (an axis; s, then g; the
  // least gap and the target, in 3 and 4; the pair's speed in 5). A double passed to or returned
  // from a call the compiler does not inline is boxed on the heap: at 10⁵ bodies, some 5 MB of
  // garbage a call, which the typed array does not make.
  readonly #io = new Float64Array(6);
  /** What {@link PairBound.advanceInto} wrote last. */
  readonly reached = new Float64Array(1);

  /**
   * `spin`, when given, holds each body's chord over the window, as `spinOver(b, i, h)` computes it
   * (over the whole step, h = 1, the bodies' records hold it).
   */
  constructor(b: StepBodies, tolerance: number, h: number, maxIterations: number, spin?: Float64Array) {
    this.#b = b;
    this.#tol = tolerance;
    if (spin === undefined && h < 1) spin = windowChords(b, h, new Float64Array(b.count));
    this.#spin = spin;
    this.#cap = Math.min(maxIterations, REFINE_STEPS);
  }

  /** Sets up the axes of the pair (i, j): the balls and world boxes, and with `full` the oriented boxes. */
  #setup(i: number, j: number, full: boolean): void {
    const b = this.#b;
    const { dim } = b;
    const P = this.#p;
    const V = this.#v;
    const Rr = this.#r;
    const B = b.body;
    const L = bodyLayout(dim);
    const oi = L.stride * i;
    const oj = L.stride * j;
    const spin = this.#spin;
    const grow = spin === undefined ? B[oi + L.spin] + B[oj + L.spin] : spin[i] + spin[j];
    this.#grow = grow;
    for (let a = 0; a < dim; a++) {
      this.#bp[a] = B[oj + L.origin + a] - B[oi + L.origin + a];
      this.#bv[a] = B[oj + L.delta + a] - B[oi + L.delta + a];
      P[a] = 0.5 * (B[oj + a] + B[oj + dim + a]) - 0.5 * (B[oi + a] + B[oi + dim + a]);
      V[a] = this.#bv[a];
      Rr[a] = 0.5 * (B[oi + dim + a] - B[oi + a]) + 0.5 * (B[oj + dim + a] - B[oj + a]) + grow;
    }
    this.#br = B[oi + L.radius] + B[oj + L.radius];
    this.#slack = 1e-12 * (B[oi + L.scale] + B[oj + L.scale]);
    this.#axes = dim;
    this.#frames = false;
    const box = b.orientedBox;
    this.#frames3 = dim === 3 && box !== undefined;
    if (!full || box === undefined) return;
    const Fi = this.#fi;
    const Fj = this.#fj;
    box(i, Fi);
    box(j, Fj);
    // the frames' axes (the columns of R0), then the cross products of one's with the other's
    let n = 3;
    for (let x = 0; x < 15; x++) {
      if (x === 6) {
        // (a rotation's columns have length 1 to 1e-9, so none is dropped; if one were, no frames)
        this.#frames = n === 9;
        if (!this.#frames) n = 3;
      }
      this.#orientedAxis(x);
      n = this.#axis(n);
    }
    this.#axes = n;
  }

  /**
   * Writes the oriented boxes' axis x (0–14) into the first 3 numbers of #io: the columns of body
   * i's rotation, then of body j's, then the cross products of each of i's with each of j's.
   */
  #orientedAxis(x: number): void {
    const Fi = this.#fi;
    const Fj = this.#fj;
    const u = this.#io;
    if (x < 6) {
      const F = x < 3 ? Fi : Fj;
      const c = x < 3 ? x : x - 3;
      u[0] = F[c];
      u[1] = F[3 + c];
      u[2] = F[6 + c];
      return;
    }
    const a = ((x - 6) / 3) | 0;
    const c = (x - 6) % 3;
    u[0] = Fi[3 + a] * Fj[6 + c] - Fi[6 + a] * Fj[3 + c];
    u[1] = Fi[6 + a] * Fj[c] - Fi[a] * Fj[6 + c];
    u[2] = Fi[a] * Fj[3 + c] - Fi[3 + a] * Fj[c];
  }

  /**
   * Adds the axis u (the first 3 numbers of #io; normalised here; dropped when nearly zero) as entry
   * n: the oriented boxes' centre offset and its rate along u, and their projected half-widths grown
   * by the chords. Returns the next entry.
   */
  #axis(n: number): number {
    const u = this.#io;
    let ux = u[0],
      uy = u[1],
      uz = u[2];
    const len = Math.sqrt(ux * ux + uy * uy + uz * uz);
    if (!(len > 1e-6)) return n;
    ux /= len;
    uy /= len;
    uz /= len;
    const Fi = this.#fi;
    const Fj = this.#fj;
    let r = this.#grow;
    for (let k = 0; k < 3; k++) {
      r += Fi[12 + k] * Math.abs(Fi[k] * ux + Fi[3 + k] * uy + Fi[6 + k] * uz);
      r += Fj[12 + k] * Math.abs(Fj[k] * ux + Fj[3 + k] * uy + Fj[6 + k] * uz);
    }
    this.#p[n] = (Fj[9] - Fi[9]) * ux + (Fj[10] - Fi[10]) * uy + (Fj[11] - Fi[11]) * uz;
    this.#v[n] = this.#bv[0] * ux + this.#bv[1] * uy + this.#bv[2] * uz;
    this.#r[n] = r;
    return n + 1;
  }

  /**
   * True when, at each s of [0, target], one of g's axes alone (a world axis, an axis of either
   * oriented box, or a cross product of two) has `|p + s v| − r` ≥ `least`: each axis fails to
   * show it only on an open interval of s, and those intervals have no common point in [0, target]
   * (the 4-D box test of `boxesMeetInStep` over more axes). A single axis needs no shave: the
   * projection of an oriented box is exact for the parallelepiped its rotation's columns span. Call
   * after `#setup(i, j, false)`, with `least` in #io[3] and `target` in #io[4]; `least` holds a
   * rounding slack for p, v and r.
   */
  #axesApart(i: number, j: number): boolean {
    const least = this.#io[3];
    const target = this.#io[4];
    const P = this.#p;
    const V = this.#v;
    const Rr = this.#r;
    const { dim } = this.#b;
    let lo = 0;
    let hi = +target;
    const box = this.#b.orientedBox;
    const oriented = this.#frames3 && box !== undefined;
    for (let k = 0; k < (oriented ? dim + 15 : dim); k++) {
      let e = k;
      if (k >= dim) {
        if (k === dim) {
          box?.(i, this.#fi);
          box?.(j, this.#fj);
        }
        this.#orientedAxis(k - dim);
        // (into entry dim, which the world boxes' iterations do not read; dropped when tiny)
        if (this.#axis(dim) === dim) continue;
        e = dim;
      }
      // |p + s v| < r + least on an open interval of s (all or none when v = 0)
      const R = Rr[e] + least;
      const p = P[e];
      const v = V[e];
      if (v > 0) {
        lo = Math.max(lo, (-R - p) / v);
        hi = Math.min(hi, (R - p) / v);
      } else if (v < 0) {
        lo = Math.max(lo, (R - p) / v);
        hi = Math.min(hi, (-R - p) / v);
      } else if (!(Math.abs(p) < R)) return true;
      // (a hair over the quotients' rounding)
      if (lo > hi + 1e-12 * target) return true;
    }
    return false;
  }

  /** g at s for the pair set up last. */
  #gap(s: number): number {
    this.#io[0] = s;
    this.#gapIo();
    return this.#io[1];
  }

  /** Writes g at s (#io[0]) into #io[1], for the pair set up last (no double crosses the call). */
  #gapIo(): void {
    const s = this.#io[0];
    const { dim } = this.#b;
    const P = this.#p;
    const V = this.#v;
    const Rr = this.#r;
    let c2 = 0;
    let w2 = 0;
    for (let a = 0; a < dim; a++) {
      const c = this.#bp[a] + s * this.#bv[a];
      c2 += c * c;
      const q = Math.abs(P[a] + s * V[a]) - Rr[a];
      if (q > 0) w2 += q * q;
    }
    let g = Math.sqrt(c2) - this.#br;
    const w = Math.sqrt(w2);
    if (w > g) g = w;
    const n = this.#axes;
    let k = dim;
    if (this.#frames) {
      // the two frames: Euclidean over three orthonormal axes (shaved: R0 is orthonormal to 1e-9)
      for (let f = 0; f < 2; f++, k += 3) {
        let e2 = 0;
        for (let a = k; a < k + 3; a++) {
          const q = Math.abs(P[a] + s * V[a]) - Rr[a];
          if (q > 0) e2 += q * q;
        }
        const e = Math.sqrt(e2) * (1 - 1e-8);
        if (e > g) g = e;
      }
    }
    for (; k < n; k++) {
      const q = Math.abs(P[k] + s * V[k]) - Rr[k];
      if (q > g) g = q;
    }
    this.#io[1] = g - this.#slack;
  }

  /** The lower bound g of the pair's gap at s (valid for s in the window). */
  gap(i: number, j: number, s: number): number {
    this.#setup(i, j, true);
    return this.#gap(s);
  }

  /**
   * The pair's bound: advances `s'_k` from 0 until it passes `target`, or goes no further (g ≤ tol,
   * the step cap, or steps too short to pass `target` soon). Returns the last `s'_k`, or +∞ where
   * g stays so high over [0, target] that the `s'_k` pass `target` within the cap (see
   * {@link passGap}), shown in closed form by the balls or by one of g's axes at each s: the pair's
   * reported toi is at least the value returned when that is at most `target`, and past `target`
   * when the value is.
   */
  advance(i: number, j: number, target: number): number {
    this.advanceInto(i, j, target);
    return this.reached[0];
  }

  /**
   * {@link PairBound.advance}'s value written into {@link PairBound.reached} (no double crosses the
   * call: the broad phase's pair pass calls it for every candidate, each return boxed on the heap
   * otherwise).
   */
  advanceInto(i: number, j: number, target: number): void {
    if (!this.nearInto(i, j, target)) this.restInto(i, j, target);
  }

  /**
   * The first, cheap stage of {@link PairBound.advanceInto}, on the pair's records alone: true when
   * it decides the pair (its value written into {@link PairBound.reached}: the balls leave it out,
   * or the speeds give no bound), false when {@link PairBound.restInto} must finish it, which reads
   * the oriented boxes too (see {@link PairBound.touch}).
   */
  nearInto(i: number, j: number, target: number): boolean {
    const out = this.reached;
    const b = this.#b;
    const tol = this.#tol;
    this.#speedInto(i, j);
    const mu = this.#io[5];
    // at rest relative to each other: for the rest (the gap at s = 0 decides)
    if (!(mu > 0)) return false;
    // the pair's steps too short for the argument to survive rounding: no bound
    if (0.5 * tol < 1e-12 * mu) {
      out[0] = 0;
      return true;
    }
    // Most candidates of a window are left out in closed form, without the iterations (issue #30:
    // of the pebbles' candidates, 86 % by the balls, 12 % by the axes; the iterations and the
    // oriented boxes' setup were most of the pair pass).
    if (ballsApart(b, i, j, passGap(tol, mu, target, this.#cap), target)) {
      out[0] = Number.POSITIVE_INFINITY;
      return true;
    }
    return false;
  }

  /** Writes the pair's speed bound, a hair over μ_i + μ_j (what both stages step by), into #io[5]. */
  #speedInto(i: number, j: number): void {
    const body = this.#b.body;
    const L = bodyLayout(this.#b.dim);
    this.#io[5] = (body[L.stride * i + L.mu] + body[L.stride * j + L.mu]) * (1 + 1e-9);
  }

  /**
   * Reads what {@link PairBound.restInto} will read of the pair's oriented boxes, and returns a
   * number made of it (for the caller to keep, so that the reads are not dropped): a pass of these
   * over a few pairs has their cache misses in flight together, where the rest met them one at a
   * time (at 10⁵ bodies, the rotations of both bodies of a pair are far from any read before).
   */
  touch(i: number, j: number): number {
    const t = this.#b.orientedTouch;
    return t === undefined ? 0 : t(i) + t(j);
  }

  /** The rest of {@link PairBound.advanceInto}, for a pair {@link PairBound.nearInto} did not decide. */
  restInto(i: number, j: number, target: number): void {
    const out = this.reached;
    const tol = this.#tol;
    this.#speedInto(i, j);
    const mu = this.#io[5];
    if (!(mu > 0)) {
      // at rest relative to each other: the pair is Separate unless it touches at s = 0
      this.#setup(i, j, true);
      out[0] = this.#gap(0) > tol ? Number.POSITIVE_INFINITY : 0;
      return;
    }
    const least = passGap(tol, mu, target, this.#cap);
    // the world boxes first (cheap); the oriented boxes only for a pair they leave
    this.#setup(i, j, false);
    this.#io[3] = least + 2 * this.#slack;
    this.#io[4] = target;
    if (this.#axesApart(i, j)) {
      out[0] = Number.POSITIVE_INFINITY;
      return;
    }
    let s = 0;
    let full = false;
    for (let k = 0; k < this.#cap; k++) {
      const g = this.#gap(s);
      // shaved, so that the rounded iterate never passes the exact one
      const step = g > tol ? ((g - tol) / mu) * (1 - 1e-12) : 0;
      // closing in on g = tol: more steps would not pass the target soon
      if (step === 0 || step < STALL * (target - s)) {
        if (!full && this.#frames3) {
          // (each step may take its own lower bound of the gap: the argument holds step by step)
          full = true;
          this.#setup(i, j, true);
          k--;
          continue;
        }
        out[0] = step === 0 ? s : s + step - 4.5e-16;
        return;
      }
      s = s + step - 4.5e-16;
      if (s > target) {
        out[0] = s;
        return;
      }
    }
    out[0] = s;
  }
}

/**
 * The least g over [0, target] that makes the iterates `s'_k` of {@link PairBound} pass `target`
 * within `cap` steps: while `s'_k` ≤ target, each step, shaved as the loop shaves it, is then at
 * least δ with δ·cap past target (with room for the additions' rounding). The pair's own iterates
 * come no earlier than the `s'_k`, and g > tol holds no contact before them, so the pair cannot
 * report a toi at or before `target`.
 */
function passGap(tol: number, mu: number, target: number, cap: number): number {
  return (tol + (mu * ((target * (1 + 1e-6)) / cap + 4.5e-16)) / (1 - 1e-12)) * (1 + 1e-12);
}

/**
 * True when the balls' term of g (the balls about the two origins, each carried by its body's
 * translation), less the rounding slack, is at least `least` over [0, target]: its least value is
 * the distance of the origin from the segment that the origins' offset sweeps, less the radii.
 */
function ballsApart(b: StepBodies, i: number, j: number, least: number, target: number): boolean {
  const { dim, body } = b;
  const L = bodyLayout(dim);
  const oi = L.stride * i;
  const oj = L.stride * j;
  let cv = 0;
  let vv = 0;
  for (let a = 0; a < dim; a++) {
    const c = body[oj + L.origin + a] - body[oi + L.origin + a];
    const v = body[oj + L.delta + a] - body[oi + L.delta + a];
    cv += c * v;
    vv += v * v;
  }
  // the closest approach of the offset c + s v over [0, target], its point formed as a vector (no
  // cancellation in |c|² − (c·v)²/|v|²)
  let s = vv > 0 ? -cv / vv : 0;
  s = s > 0 ? (s < target ? s : target) : 0;
  let w2 = 0;
  for (let a = 0; a < dim; a++) {
    const c = body[oj + L.origin + a] - body[oi + L.origin + a];
    const v = body[oj + L.delta + a] - body[oi + L.delta + a];
    const w = c + s * v;
    w2 += w * w;
  }
  const r = body[oi + L.radius] + body[oj + L.radius];
  return Math.sqrt(w2) - r - 2e-12 * (body[oi + L.scale] + body[oj + L.scale]) >= least;
}
