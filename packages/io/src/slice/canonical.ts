import { BoxTree } from './box-tree.js';
import type { NodeChain } from './chains.js';
import type { SectionGraph } from './graph.js';

/**
 * Puts the chains in canonical form, so that a section's vertex and segment indices do not depend on
 * the order of the facets or of their vertices:
 *
 * - a loop runs counter-clockwise when it is an outer boundary and clockwise when it is a hole. A
 *   loop is a hole when a point of it (the middle of one of its segments) lies inside an odd number
 *   of the other loops (even-odd rule). A loop of zero area takes the direction below that gives the
 *   smaller sequence;
 * - a loop starts at its lexicographically smallest vertex (by u, then v); if it passes there more than
 *   once, at the pass that gives the smallest sequence of vertices. An open chain starts at the
 *   smaller of its two ends;
 * - chains are ordered by their sequences of vertices, compared lexicographically (so by start vertex
 *   first).
 *
 * Node numbers are in lexicographic order of the points (see {@link SectionGraph}), so comparing
 * numbers compares points.
 *
 * The loops that may hold a loop's point are those whose bounding box holds it (closed); a
 * {@link BoxTree} of the boxes finds exactly those, so a section of L small loops apart costs
 * O(L log L) rather than a test of every pair. Each one found is then decided by the same even-odd
 * test as ever, and only the count's parity is used, so the order they are found in does not matter.
 */
export function canonicalChains(g: SectionGraph, chains: NodeChain[]): NodeChain[] {
  const loops = chains.filter((c) => c.closed);
  const boxes = new Float64Array(4 * loops.length);
  for (let k = 0; k < loops.length; k++) boundingBox(g, loops[k].nodes, boxes, 4 * k);
  // Each loop's scale: the areas and crossings below multiply differences of coordinates, which
  // overflowed past about 1e154 and underflowed below 1e-162 (a box's loop came out clockwise at
  // 1e-170); far from unit size they are taken at unit size, scaled by a power of two (exact).
  const scales = new Int32Array(loops.length);
  for (let k = 0; k < loops.length; k++) scales[k] = scaleOf(boxes, 4 * k);
  const tree = new BoxTree(boxes);
  const out: NodeChain[] = [];
  // (the loops in `loops` come in the chains' order: the k-th closed chain is loops[k])
  let k0 = 0;
  for (const chain of chains) {
    const nodes = chain.nodes;
    if (!chain.closed) {
      out.push({
        nodes: nodes[0] > nodes[nodes.length - 1] ? nodes.slice().reverse() : nodes,
        closed: false,
      });
      continue;
    }
    const area = signedArea2(g, nodes, scales[k0++]);
    const qu = (g.u[nodes[0]] + g.u[nodes[1]]) / 2;
    const qv = (g.v[nodes[0]] + g.v[nodes[1]]) / 2;
    let depth = 0;
    const found = tree.holding(qu, qv);
    for (let i = 0; i < found; i++) {
      const k = tree.found[i];
      // By identity, as ever: the loop itself is not among the others.
      if (loops[k] === chain) continue;
      if (contains(g, loops[k].nodes, qu, qv, scales[k])) depth++;
    }
    const forward = smallestRotation(nodes);
    const backward = smallestRotation(nodes.slice().reverse());
    let best: number[];
    if (area === 0) best = compareSequences(forward, backward) <= 0 ? forward : backward;
    else best = area > 0 === (depth % 2 === 0) ? forward : backward;
    out.push({ nodes: best, closed: true });
  }
  out.sort((a, b) => compareSequences(a.nodes, b.nodes) || Number(b.closed) - Number(a.closed));
  return out;
}

/** Twice the signed area of the loop (positive when counter-clockwise), about its first vertex. */
function signedArea2(g: SectionGraph, nodes: number[], e: number): number {
  const u0 = g.u[nodes[0]];
  const v0 = g.v[nodes[0]];
  let sum = 0;
  for (let i = 1; i + 1 < nodes.length; i++) {
    const a = nodes[i];
    const b = nodes[i + 1];
    if (e === 0) sum += (g.u[a] - u0) * (g.v[b] - v0) - (g.u[b] - u0) * (g.v[a] - v0);
    else sum += apart(g.u[a], u0, e) * apart(g.v[b], v0, e) - apart(g.u[b], u0, e) * apart(g.v[a], v0, e);
  }
  return sum;
}

/** Even-odd test of the point (qu, qv) against the loop, by a ray towards +u. */
function contains(g: SectionGraph, nodes: number[], qu: number, qv: number, e: number): boolean {
  let inside = false;
  for (let i = 0, j = nodes.length - 1; i < nodes.length; j = i++) {
    const ui = g.u[nodes[i]];
    const vi = g.v[nodes[i]];
    const uj = g.u[nodes[j]];
    const vj = g.v[nodes[j]];
    if (vi > qv === vj > qv) continue;
    const crosses =
      e === 0
        ? qu < ui + ((qv - vi) * (uj - ui)) / (vj - vi)
        : apart(qu, ui, e) < (apart(qv, vi, e) * apart(uj, ui, e)) / apart(vj, vi, e);
    if (crosses) inside = !inside;
  }
  return inside;
}

/** Loops whose extent lies within 2^±400 are measured as they are (scale 0). */
const PLAIN = 400;

/**
 * The power of two e that brings the extent of the box at `o` (min u, min v, max u, max v) near 1,
 * or 0 where its products of differences can neither overflow nor underflow.
 */
function scaleOf(boxes: Float64Array, o: number): number {
  let m = Math.max(boxes[o + 2] - boxes[o], boxes[o + 3] - boxes[o + 1]);
  // (an extent past float64, from -1e308 to 1e308: its largest coordinate is as large)
  if (!(m < Number.POSITIVE_INFINITY)) m = Math.max(-boxes[o], -boxes[o + 1], boxes[o + 2], boxes[o + 3]);
  if (!(m > 0)) return 0;
  const k = Math.floor(Math.log2(m));
  // (an infinite coordinate, which no section of a surface holds, is left to the plain products)
  return (k > -PLAIN && k < PLAIN) || !Number.isFinite(k) ? 0 : -k;
}

/**
 * (a − b) · 2^e, exact but for rounding of the difference: coordinates scaled first where e < 0
 * (their difference may overflow), the difference first where e > 0 (the scaled coordinates may
 * overflow; the difference of tiny numbers is exact). 2^e in two factors: 2^1074 overflows.
 */
function apart(a: number, b: number, e: number): number {
  const h = e >> 1;
  const f1 = 2 ** h;
  const f2 = 2 ** (e - h);
  return e < 0 ? a * f1 * f2 - b * f1 * f2 : (a - b) * f1 * f2;
}

/** The loop's box (min u, min v, max u, max v) into `out[o..o + 4)`. */
function boundingBox(g: SectionGraph, nodes: number[], out: Float64Array, o: number): void {
  let lu = Infinity;
  let lv = Infinity;
  let hu = -Infinity;
  let hv = -Infinity;
  for (const n of nodes) {
    lu = Math.min(lu, g.u[n]);
    lv = Math.min(lv, g.v[n]);
    hu = Math.max(hu, g.u[n]);
    hv = Math.max(hv, g.v[n]);
  }
  out[o] = lu;
  out[o + 1] = lv;
  out[o + 2] = hu;
  out[o + 3] = hv;
}

/** The rotation of a loop that starts at its smallest node and, among such, is smallest. */
function smallestRotation(nodes: number[]): number[] {
  let min = nodes[0];
  for (const n of nodes) if (n < min) min = n;
  let best: number[] | undefined;
  for (let i = 0; i < nodes.length; i++) {
    if (nodes[i] !== min) continue;
    const rotated = nodes.slice(i).concat(nodes.slice(0, i));
    if (best === undefined || compareSequences(rotated, best) < 0) best = rotated;
  }
  return best as number[];
}

function compareSequences(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
