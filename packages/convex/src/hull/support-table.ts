import { plainCopy } from '../plain.js';
import { farthest3, TABLE_RANGE_HIGH, TABLE_RANGE_LOW } from '../support.js';
import { adjacency } from './hull-adjacency.js';

/**
 * A hull's supports by direction cells: the sphere of directions cut into the 6·k² cells of a cube
 * map, and for each cell the vertices that can be the farthest along a direction in it (ascending).
 * A support then computes its cell and compares those few vertices, in place of every vertex
 * (`tableSupport` in `support.ts`, the same answer as the scan: DECISIONS.md, "Supports").
 */
export interface SupportTable {
  /** Cells along each side of a cube face. */
  readonly k: number;
  /** Cell c's vertices: `points[start[c] .. start[c + 1])`. */
  readonly start: Uint16Array;
  /** Vertex indices (a table is built below 256 vertices). */
  readonly points: Uint8Array;
}

/** Hull vertices from which `convexHull` builds a table (DECISIONS.md: measured on random hulls). */
export const TABLE_FROM = 40;
/** Hull vertices from which no table is built (the indices are bytes; larger hulls climb). */
export const TABLE_BELOW = 256;

/**
 * The share of a hull's reach allowed for the rounding of the heights a scan compares (a few ulps of
 * the reach; this is a thousand times that): a vertex whose computed height is the largest along d
 * is within it of being the exact farthest along d, so it passes the cell's test below.
 */
const ROUNDING_SHARE = 1e-12;
/** Angle (radians, as a chord) each cell is grown by: a direction's computed cell may be its neighbour. */
const CELL_PADDING = 1e-9;

/**
 * The table of a hull of `count` vertices (`points`, x y z each) whose facets are `facets` (local
 * indices, a closed convex surface), or null when the hull is too small or too large for one, or its
 * reach is outside the table's range.
 *
 * Vertex v can be a computed farthest point along a unit direction d of cell C only if, for each of
 * its hull neighbours u, d·(v − u) ≥ −2e with e the rounding of a height (at most a few ulps of the
 * reach: the scan's comparisons say v's computed height is not below u's). With c the cell's centre
 * and ρ ≥ |d − c| for every d of C (the farthest corner, grown by the padding), d·(v − u) ≤
 * c·(v − u) + ρ|v − u|; so the table keeps every v with c·(v − u) + ρ|v − u| + σ ≥ 0 for all its
 * neighbours, σ the rounding share of the reach. The farthest point among a cell's vertices, first
 * index first, is then the scan's answer for any direction of the cell. Allocates once; linear in
 * cells × edges.
 */
export function supportTable(
  points: Float64Array,
  count: number,
  facets: ArrayLike<number>,
  reach: number,
): SupportTable | null {
  if (count < TABLE_FROM || count >= TABLE_BELOW || facets.length === 0) return null;
  if (!(reach >= TABLE_RANGE_LOW && reach <= TABLE_RANGE_HIGH)) return null;
  const { start: first, neighbours } = adjacency(count, facets);
  // The scan takes the points as the shape's scans do (a plain array: one kind of array at its reads).
  const plain = plainCopy(points);
  // Each directed edge v → u once: v − u and its length.
  const edges = neighbours.length;
  const wx = new Float64Array(edges);
  const wy = new Float64Array(edges);
  const wz = new Float64Array(edges);
  const wl = new Float64Array(edges);
  for (let v = 0; v < count; v++) {
    for (let e = first[v]; e < first[v + 1]; e++) {
      const u = neighbours[e];
      wx[e] = points[3 * v] - points[3 * u];
      wy[e] = points[3 * v + 1] - points[3 * u + 1];
      wz[e] = points[3 * v + 2] - points[3 * u + 2];
      // (Within the table's range a square underflows only for lengths far below σ.)
      wl[e] = Math.sqrt(wx[e] * wx[e] + wy[e] * wy[e] + wz[e] * wz[e]);
    }
  }
  const sigma = ROUNDING_SHARE * reach;
  /** Vertex v passes cell (c, ρ)'s test on all its edges. */
  const passes = (v: number, cx: number, cy: number, cz: number, rho: number): boolean => {
    for (let e = first[v], end = first[v + 1]; e < end; e++) {
      if (cx * wx[e] + cy * wy[e] + cz * wz[e] + rho * wl[e] + sigma < 0) return false;
    }
    return true;
  };
  const seen = new Int32Array(count);
  const queue = new Int32Array(count);
  const k = Math.max(2, Math.ceil(Math.sqrt(count / 4)));
  const cells = 6 * k * k;
  const start = new Uint16Array(cells + 1);
  const kept: number[] = [];
  const c = [0, 0, 0];
  const corner = [0, 0, 0];
  for (let f = 0; f < 6; f++) {
    const axis = f >> 1;
    const sign = (f & 1) === 0 ? 1 : -1;
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) {
        const a0 = -1 + (2 * i) / k,
          a1 = -1 + (2 * (i + 1)) / k,
          b0 = -1 + (2 * j) / k,
          b1 = -1 + (2 * (j + 1)) / k;
        unit(axis, sign, 0.5 * (a0 + a1), 0.5 * (b0 + b1), c);
        // The farthest point of a cell (a convex spherical quadrangle) from its centre is a corner.
        const rho =
          Math.max(
            chord(axis, sign, a0, b0, c, corner),
            chord(axis, sign, a0, b1, c, corner),
            chord(axis, sign, a1, b0, c, corner),
            chord(axis, sign, a1, b1, c, corner),
          ) *
            (1 + 1e-6) +
          CELL_PADDING;
        const cx = c[0],
          cy = c[1],
          cz = c[2];
        // The vertices that pass, searched from the farthest along c over the edges that lead to
        // passing ones (DECISIONS.md: every vertex the table needs is reached).
        const stamp = (f * k + i) * k + j + 1;
        const first0 = farthest3(plain, cx, cy, cz);
        seen[first0] = stamp;
        queue[0] = first0;
        let head = 0;
        let tail = 1;
        while (head < tail) {
          const v = queue[head++];
          for (let e = first[v], end = first[v + 1]; e < end; e++) {
            const u = neighbours[e];
            if (seen[u] === stamp) continue;
            seen[u] = stamp;
            if (passes(u, cx, cy, cz, rho)) queue[tail++] = u;
          }
        }
        const from = kept.length;
        for (let q = 0; q < tail; q++) kept.push(queue[q]);
        sortTail(kept, from);
        start[(f * k + i) * k + j + 1] = kept.length;
      }
    }
  }
  // (Offsets are 16-bit: a table that large would not save a scan anyway.)
  if (kept.length > 0xffff) return null;
  return Object.freeze({ k, start, points: Uint8Array.from(kept) });
}

/** `list[from ..]` in ascending order, in place (a cell's few vertices: insertion). */
function sortTail(list: number[], from: number): void {
  for (let a = from + 1; a < list.length; a++) {
    const x = list[a];
    let b = a - 1;
    for (; b >= from && list[b] > x; b--) list[b + 1] = list[b];
    list[b + 1] = x;
  }
}

/** |corner − c| for the unit direction of cube-map coordinates (a, b) on the face (into `out`). */
function chord(axis: number, sign: number, a: number, b: number, c: number[], out: number[]): number {
  unit(axis, sign, a, b, out);
  const x = out[0] - c[0],
    y = out[1] - c[1],
    z = out[2] - c[2];
  return Math.sqrt(x * x + y * y + z * z);
}

/** The unit direction of cube-map coordinates (a, b) on the face ±`axis` into `out`. */
function unit(axis: number, sign: number, a: number, b: number, out: number[]): void {
  const l = Math.sqrt(1 + a * a + b * b);
  out[axis] = sign / l;
  out[(axis + 1) % 3] = a / l;
  out[(axis + 2) % 3] = b / l;
}
