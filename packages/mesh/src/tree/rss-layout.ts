/**
 * Rectangle swept spheres (RSS, as in PQP) over the nodes of a surface tree, same numbering, in 16-bit
 * integers: `RSS_STRIDE` a node, 24 bytes. A node's volume is every point within r of the
 * rectangle { c + s a0 + u a1 : |s| ≤ l0, |u| ≤ l1 }, where (see `rssNode`) the axes a0, a1 are
 * `data` times `RSS_AXIS`, the centre c is `origin` plus `data` times `step`, and l0, l1, r are
 * `sizes` times `step`. The decoded numbers define the volume exactly (the axes need not be
 * orthonormal for that) and r is measured against them, so each volume contains its node's vertices
 * whatever the rounding to 16 bits; `step`, a power of two, makes every decoded offset exact.
 *
 * @example
 * ```ts
 * import { box, rssOf } from '@firsttouch/mesh';
 * import { RSS_STRIDE } from '@firsttouch/mesh/internal';
 * const s = box([1, 1, 1]);
 * const v = rssOf(s);
 * console.log(v.data.length === RSS_STRIDE * s.tree().nodeCount, v.byteLength / s.tree().nodeCount); // true 24
 * ```
 */
export interface RssVolumes {
  /** `RSS_STRIDE` integers a node: a0, a1 (offset 0 and 3), the centre (offset `RSS_C`). */
  readonly data: Int16Array;
  /** The same buffer read unsigned: the half-lengths (offset `RSS_L`) and the radius (`RSS_R`). */
  readonly sizes: Uint16Array;
  /** The grid's origin in the body frame: the centre of the surface's bounding box. */
  readonly origin: Float64Array;
  /** The grid's step (a power of two): centres, half-lengths and radii are whole multiples of it. */
  readonly step: number;
  /** Bytes held by `data` (`sizes` shares them). */
  readonly byteLength: number;
}

/**
 * Integers a node in {@link RssVolumes}.
 *
 * @example
 * ```ts
 * import { icosphere, rssOf } from '@firsttouch/mesh';
 * import { RSS_STRIDE } from '@firsttouch/mesh/internal';
 * console.log(rssOf(icosphere(1, 2)).data.length / RSS_STRIDE); // 319
 * ```
 */
export const RSS_STRIDE = 12;
/**
 * Offset of the centre (3 integers) in a node's entry; the axes a0, a1 are at offsets 0 and 3.
 *
 * @example
 * ```ts
 * import { box, rssOf } from '@firsttouch/mesh';
 * import { RSS_C } from '@firsttouch/mesh/internal';
 * const v = rssOf(box([2, 2, 2]));
 * const c = v.data.subarray(RSS_C, RSS_C + 3); // the root's centre, in grid steps from the box centre
 * console.log(Math.max(...c.map(Math.abs)) <= 2); // true
 * ```
 */
export const RSS_C = 6;
/**
 * Offset of the half-lengths l0, l1 in a node's entry (read from `sizes`).
 *
 * @example
 * ```ts
 * import { box, rssOf } from '@firsttouch/mesh';
 * import { RSS_L } from '@firsttouch/mesh/internal';
 * const v = rssOf(box([2, 2, 2]));
 * console.log(v.sizes[RSS_L] > 0); // true
 * ```
 */
export const RSS_L = 9;
/**
 * Offset of the radius r in a node's entry (read from `sizes`).
 *
 * @example
 * ```ts
 * import { box, rssOf } from '@firsttouch/mesh';
 * import { RSS_R } from '@firsttouch/mesh/internal';
 * console.log(rssOf(box([2, 2, 2])).sizes[RSS_R] >= 0); // true
 * ```
 */
export const RSS_R = 11;
/**
 * The axes' unit: a stored axis component q stands for q · 2⁻¹⁵ (stored as the nearest integer to
 * 32 767 times the unit axis, so a decoded axis is a little shorter than 1, never longer).
 *
 * @example
 * ```ts
 * import { box, rssOf } from '@firsttouch/mesh';
 * import { RSS_AXIS } from '@firsttouch/mesh/internal';
 * const a = rssOf(box([4, 2, 1])).data; // the root's first axis lies along x
 * console.log(Math.abs(a[0] * RSS_AXIS) > 0.999); // true
 * ```
 */
export const RSS_AXIS = 2 ** -15;

/**
 * Node i's volume decoded into `out` (12 numbers): a0, a1, the centre c (body frame), l0, l1, r.
 *
 * @example
 * ```ts
 * import { box, rssOf } from '@firsttouch/mesh';
 * import { rssNode } from '@firsttouch/mesh/internal';
 * const out = new Float64Array(12);
 * rssNode(rssOf(box([2, 2, 2])), 0, out); // the root: its centre near the cube's
 * console.log(Math.hypot(out[6], out[7], out[8]) < 1e-3, out[11] > 0); // true true
 * ```
 */
export function rssNode(v: RssVolumes, i: number, out: Float64Array): void {
  const q = v.data;
  const o = RSS_STRIDE * i;
  for (let k = 0; k < 6; k++) out[k] = q[o + k] * RSS_AXIS;
  const h = v.step;
  for (let k = 0; k < 3; k++) out[6 + k] = v.origin[k] + q[o + RSS_C + k] * h;
  out[9] = v.sizes[o + RSS_L] * h;
  out[10] = v.sizes[o + RSS_L + 1] * h;
  out[11] = v.sizes[o + RSS_R] * h;
}
