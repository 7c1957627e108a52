import type { GjkPair, Shape } from '@firsttouch/convex';
import { CORE_POINTS, farthest3, tableSupport } from '@firsttouch/convex/internal';
import type { RigidMotion } from '@firsttouch/pose';

/**
 * The directional step of two convex shapes (`ShapeMotion`'s), with its scratch: from GJK's last
 * distance at s, a step over which the separation of the shapes along GJK's axis n stays above
 * tol/2. Allocates nothing.
 *
 * **The bound.** n is fixed in the world from s on (A's frame at s is the frame of the computation).
 * The separation f(τ) = min over B of n·y − max over A of n·x is a lower bound of the gap while it
 * is positive, and f(s) is GJK's certified lower bound. A body turning by θ ≥ 0 about the world axis
 * k through its origin c (`RigidMotion`: the origin moves by Δ on a line) carries its point
 * y = c + r to c + δΔ + Q(θδ) r after δ, Q the turn about k. With w = n × k,
 * g(δ) = n·Q(θδ) r has g(0) = n·r, g′(0) = θ n·(k × r) = θ w·r and
 * |g″| = θ² |n·(Q r)⊥| ≤ θ² |w| ρ, ρ the largest distance of a point of the body from the turning
 * axis (|n⊥| = |n × k| = |w|). By Taylor, n·Q(θδ) r ≥ (n + θδ w)·r − θ² |w| ρ δ² / 2 for every point,
 * so, taking the least over B and the largest over A,
 *
 *   f(s + δ) ≥ L(δ) = n·(c_B − c_A) − δ n·(Δ_A − Δ_B) − h_B(−(n + θ_B δ w_B)) − h_A(n + θ_A δ w_A)
 *                     − c1 δ² / 2,     c1 = θ_A² |w_A| ρ_A + θ_B² |w_B| ρ_B,
 *
 * h the support function of a body about its origin at s (h(u) = max u·r, its margin included: the
 * supports measure L exactly, one of each turning shape). L(0) = f(s). A support function is convex
 * and the argument is affine in δ, so L is **concave** in δ: if L(0) and L(δ) are both ≥ tol/2, so is
 * every L(τ) between, and the step δ is certified; if L(δ) < tol/2, the chord from (0, L(0)) to
 * (δ, L(δ)) lies below L, and the δ' where it meets tol/2 is certified. The step probes L once, where
 * the supports' own closing rate (their speed along n, the rate of f at s where the support is one
 * point) with the quadratic term would take f to tol/2, and takes the probe or the chord's point.
 * (A second probe where L's tangent at the first meets tol/2 cut 0.3 % of the steps on the bench's
 * hulls and cost 5 % of the time: dropped.) Beside it stands the step along the largest closing rate
 * cMax = n·(Δ_A − Δ_B) + θ_A |w_A| ρ_A + θ_B |w_B| ρ_B (seed 000's bound, each turn's share along n),
 * which needs no support and is taken when the probes give less.
 *
 * @example
 * ```ts
 * import { cuboid } from '@firsttouch/convex';
 * import { ShapeMotion } from '@firsttouch/ccd';
 * import { identityPose, poseFromAxisAngle, RigidMotion } from '@firsttouch/pose';
 * // a long stick turning fast as it passes a box: the step keeps the separation above tol/2
 * const still = new RigidMotion(identityPose(), identityPose());
 * const stick = new RigidMotion(poseFromAxisAngle([0, 0, 1], 0, [0, 3, 0]), poseFromAxisAngle([0, 0, 1], 3, [0, 1.5, 0]));
 * const bodies = new ShapeMotion(cuboid(1, 1, 1), cuboid(1.5, 0.1, 0.1), still, stick);
 * const gap = bodies.distance(0);
 * const step = bodies.directionalStep(0, gap, 1e-6, 0, 1);
 * console.log(gap.toFixed(2), step > 0 && step < 1); // 1.90 true
 * ```
 */
export class ShapeStep {
  /** w_A, w_B (the world, then A's frame at s). */
  readonly #wA = new Float64Array(3);
  readonly #wB = new Float64Array(3);
  /** A support's direction in its shape's frame, and the support. */
  readonly #dir = new Float64Array(3);
  readonly #sup = new Float64Array(3);
  /**
   * `#rise`'s tilt e and its answer: fields, not an argument and a return value (doubles through a
   * call that is not inlined are boxed).
   */
  #tilt = 0;
  #rose = 0;
  /** Supports the probes have asked (both shapes), since construction. */
  supports = 0;
  /** Steps longer than the one along the largest closing rate (a probe certified them), since construction. */
  lengthened = 0;

  /**
   * The numbers of {@link ShapeStep.step}, in and out: `spinA`, `spinB` (the turns times the bodies'
   * largest distances from their turning axes, |θ| ρ), the tolerance and the limit, then the step (no
   * number crosses its call: see ccd's loop-io.ts).
   */
  readonly io = new Float64Array(5);

  /**
   * The step from s for shapes `a`, `b` moving by `ma`, `mb`, from `g`'s last distance at s: A's
   * rotation `RA` in the world, B's placement in A's frame (`R`, `t`), the rest in {@link
   * ShapeStep.io}; into `io[4]`, 0 when the bound is not above tol/2.
   */
  step(
    g: GjkPair,
    a: Shape<3>,
    b: Shape<3>,
    ma: RigidMotion,
    mb: RigidMotion,
    RA: Float64Array,
    R: Float64Array,
    t: Float64Array,
  ): void {
    const io = this.io;
    const spinA = io[0];
    const spinB = io[1];
    const tolerance = io[2];
    const limit = io[3];
    const margin = g.lowerBound - 0.5 * tolerance;
    if (!(margin > 0)) {
      io[4] = 0;
      return;
    }
    const n = g.lowerAxis;
    const x = n[0],
      y = n[1],
      z = n[2];
    // n in the world.
    const nx = RA[0] * x + RA[1] * y + RA[2] * z,
      ny = RA[3] * x + RA[4] * y + RA[5] * z,
      nz = RA[6] * x + RA[7] * y + RA[8] * z;
    const dA = ma.delta;
    const dB = mb.delta;
    const along = nx * (dA[0] - dB[0]) + ny * (dA[1] - dB[1]) + nz * (dA[2] - dB[2]);
    const wA = this.#wA;
    const wB = this.#wB;
    const sA = spinA > 0 ? spinA * across(nx, ny, nz, ma.axis, wA) : 0;
    const sB = spinB > 0 ? spinB * across(nx, ny, nz, mb.axis, wB) : 0;
    const cMax = along + sA + sB;
    let best = cMax > 0 ? margin / cMax : limit;
    if (!(sA > 0 || sB > 0) || best >= limit) {
      io[4] = best;
      return;
    }
    // From here on A's frame at s: w, and the supports behind GJK's bound (x* of A, y* of B).
    const thetaA = ma.theta;
    const thetaB = mb.theta;
    toFrame(RA, wA);
    toFrame(RA, wB);
    const pa = g.lowerPointA;
    const pb = g.lowerPointB;
    // The supports' own closing rate along n (their witness speed), at most cMax.
    let rate = along;
    if (sA > 0) rate += thetaA * (wA[0] * pa[0] + wA[1] * pa[1] + wA[2] * pa[2]);
    if (sB > 0) rate -= thetaB * (wB[0] * (pb[0] - t[0]) + wB[1] * (pb[1] - t[1]) + wB[2] * (pb[2] - t[2]));
    if (rate > cMax) rate = cMax;
    const c1 = thetaA * sA + thetaB * sB;
    // L is measured to rounding of the scene's size: the probes aim that much above tol/2.
    const room = margin - 1e-15 * (Math.abs(t[0]) + Math.abs(t[1]) + Math.abs(t[2]) + a.reach + b.reach);
    if (!(room > 0)) {
      io[4] = best;
      return;
    }
    const seed = best;
    let probe = stepUnder(room, rate, c1, cMax);
    if (probe > limit) probe = limit;
    if (!(probe > best)) {
      io[4] = best;
      return;
    }
    // f(s) − L(probe).
    let drop = probe * (along + 0.5 * c1 * probe);
    if (sA > 0) {
      this.#tilt = thetaA * probe;
      this.#rise(a, null, n, wA, pa, t);
      drop += this.#rose;
    }
    if (sB > 0) {
      this.#tilt = thetaB * probe;
      this.#rise(b, R, n, wB, pb, t);
      drop += this.#rose;
    }
    if (drop <= room) best = probe;
    else {
      // The chord from (0, f(s)) to (probe, L(probe)) meets tol/2 here: below L, so certified.
      const chord = probe * (room / drop);
      if (chord > best) best = chord;
    }
    if (best > seed) this.lengthened++;
    io[4] = best;
  }

  /**
   * How much a shape's support grows from the bound's direction to the tilted one (A's frame): for A
   * (`R` null), h_A(n + e w) − n·x*, x* its support along n; for B (`R` its rotation in A's frame,
   * `t` its origin), h_B(−(n + e w)) + n·(y* − t), y* its support against n. The margin's share
   * grows with |n + e w| = √(1 + e² |w|²) (w ⊥ n). e is `#tilt`; the answer goes to `#rose`.
   */
  #rise(
    shape: Shape<3>,
    R: Float64Array | null,
    n: Float64Array,
    w: Float64Array,
    p: Float64Array,
    t: Float64Array,
  ): void {
    const e = this.#tilt;
    const sign = R === null ? 1 : -1;
    const ux = sign * (n[0] + e * w[0]),
      uy = sign * (n[1] + e * w[1]),
      uz = sign * (n[2] + e * w[2]);
    const d = this.#dir;
    if (R === null) {
      d[0] = ux;
      d[1] = uy;
      d[2] = uz;
    } else {
      d[0] = R[0] * ux + R[3] * uy + R[6] * uz;
      d[1] = R[1] * ux + R[4] * uy + R[7] * uz;
      d[2] = R[2] * ux + R[5] * uy + R[8] * uz;
    }
    const q = this.#sup;
    if (shape.core === CORE_POINTS && !shape.climb) {
      // A hull's scan (or its support table) in place, the direction in locals (as GJK's own supports).
      const P = shape.scan;
      const i =
        3 *
        (shape.cellK > 0
          ? tableSupport(P, shape.cellK, shape.cellStart, shape.cellPoints, d[0], d[1], d[2])
          : farthest3(P, d[0], d[1], d[2]));
      q[0] = P[i];
      q[1] = P[i + 1];
      q[2] = P[i + 2];
    } else shape.support(d, q);
    this.supports++;
    const h = d[0] * q[0] + d[1] * q[1] + d[2] * q[2];
    const ox = R === null ? 0 : t[0],
      oy = R === null ? 0 : t[1],
      oz = R === null ? 0 : t[2];
    const h0 = sign * (n[0] * (p[0] - ox) + n[1] * (p[1] - oy) + n[2] * (p[2] - oz));
    const m = shape.margin;
    this.#rose = h - h0 + (m > 0 ? m * (Math.sqrt(ux * ux + uy * uy + uz * uz) - 1) : 0);
  }
}

/**
 * |n × k| for a unit n and the motion's axis k (a unit vector, or zeros for no turn), at most 1 (a
 * rounding above it would only lengthen the closing rate); n × k into `w`.
 */
function across(nx: number, ny: number, nz: number, k: Float64Array, w: Float64Array): number {
  const cx = ny * k[2] - nz * k[1],
    cy = nz * k[0] - nx * k[2],
    cz = nx * k[1] - ny * k[0];
  w[0] = cx;
  w[1] = cy;
  w[2] = cz;
  const c = Math.sqrt(cx * cx + cy * cy + cz * cz);
  return c < 1 ? c : 1;
}

/** Rᵀ v into v: a world vector in the frame of rotation R. */
function toFrame(R: Float64Array, v: Float64Array): void {
  const x = v[0],
    y = v[1],
    z = v[2];
  v[0] = R[0] * x + R[3] * y + R[6] * z;
  v[1] = R[1] * x + R[4] * y + R[7] * z;
  v[2] = R[2] * x + R[5] * y + R[8] * z;
}

/**
 * The δ > 0 at which ∫₀^δ min(c0 + c1 τ, cMax) dτ reaches `margin` > 0 (+∞ when it never does;
 * c0 ≤ cMax, c1 ≥ 0): the quadratic's root while the rate climbs, then the line at cMax. Only a guess
 * of where to probe: nothing is certified by it.
 */
function stepUnder(margin: number, c0: number, c1: number, cMax: number): number {
  if (!(c1 > 0)) return c0 > 0 ? margin / c0 : Number.POSITIVE_INFINITY;
  const corner = (cMax - c0) / c1;
  const spent = corner * (c0 + 0.5 * c1 * corner);
  if (spent >= margin) {
    // c1 δ² / 2 + c0 δ = margin, in the form without cancellation for either sign of c0.
    const root = Math.sqrt(c0 * c0 + 2 * c1 * margin);
    return c0 >= 0 ? (2 * margin) / (c0 + root) : (root - c0) / c1;
  }
  return cMax > 0 ? corner + (margin - spent) / cMax : Number.POSITIVE_INFINITY;
}
