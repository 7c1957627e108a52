import type { SectionGraph } from './graph.js';
import { NO_SPOKE, SENSE_UNKNOWN } from './pieces.js';

/** A chain of nodes of a {@link SectionGraph}: a loop (last node joined to the first) or open. */
export interface NodeChain {
  nodes: number[];
  closed: boolean;
}

/**
 * Splits the section graph into chains. At a node of degree 2 a chain passes through. Where more
 * segments meet (two loops touching at a point, a loop touching itself), they are paired as the
 * section just below the plane joins them (the graph's spokes: see `pairsBelow`), or where that does
 * not tell, sorted by angle about the node and paired with their neighbours, (0, 1), (2, 3), …; either
 * way chains touch there but never cross. At a node of odd degree (a crossing of an open surface's border) one segment
 * is left unpaired and a chain ends. Open chains are walked first, from their ends; what is left
 * forms loops. Every segment is used exactly once.
 */
export function splitChains(g: SectionGraph): NodeChain[] {
  const edgeCount = g.from.length;
  // Half-edge h = 2 e + side sits at node from[e] (side 0) or to[e] (side 1).
  const at = (h: number) => (h & 1 ? g.to[h >> 1] : g.from[h >> 1]);
  const nodeCount = g.u.length;
  const first = new Uint32Array(nodeCount + 1);
  for (let h = 0; h < 2 * edgeCount; h++) first[at(h) + 1]++;
  for (let i = 0; i < nodeCount; i++) first[i + 1] += first[i];
  const incident = new Uint32Array(2 * edgeCount);
  const fill = first.slice(0, nodeCount);
  for (let h = 0; h < 2 * edgeCount; h++) incident[fill[at(h)]++] = h;
  const partner = new Int32Array(2 * edgeCount).fill(-1);
  // The spokes' links, by node (only nodes where more than two segments meet read them).
  const links = g.links ?? new Uint32Array(0);
  const linkFirst = new Map<number, number[]>();
  for (let k = 0; k < links.length; k += 3) {
    const list = linkFirst.get(links[k]);
    if (list === undefined) linkFirst.set(links[k], [k]);
    else list.push(k);
  }
  const linksAt = (node: number): number[][] =>
    (linkFirst.get(node) ?? []).map((k) => [links[k + 1], links[k + 2]]);
  for (let node = 0; node < nodeCount; node++) {
    const lo = first[node];
    const hi = first[node + 1];
    if (hi - lo === 2) {
      partner[incident[lo]] = incident[lo + 1];
      partner[incident[lo + 1]] = incident[lo];
    } else if (hi - lo > 2) {
      const around = Array.from(incident.subarray(lo, hi));
      around.sort((h, k) => compareDirections(g, node, at(h ^ 1), at(k ^ 1)));
      const pairs = pairsBelow(g, around, linksAt(node));
      if (pairs !== null) {
        for (let i = 0; i < around.length; i++) if (pairs[i] >= 0) partner[around[i]] = around[pairs[i]];
      } else {
        for (let i = 0; i + 1 < around.length; i += 2) {
          partner[around[i]] = around[i + 1];
          partner[around[i + 1]] = around[i];
        }
      }
    }
  }
  const used = new Uint8Array(edgeCount);
  const chains: NodeChain[] = [];
  for (let h = 0; h < 2 * edgeCount; h++) {
    if (partner[h] >= 0 || used[h >> 1]) continue;
    const nodes = [at(h)];
    let cur = h;
    for (;;) {
      used[cur >> 1] = 1;
      const other = cur ^ 1;
      nodes.push(at(other));
      cur = partner[other];
      if (cur < 0) break;
    }
    chains.push({ nodes, closed: false });
  }
  for (let e = 0; e < edgeCount; e++) {
    if (used[e]) continue;
    const start = 2 * e;
    const nodes = [at(start)];
    let cur = start;
    for (;;) {
      used[cur >> 1] = 1;
      const other = cur ^ 1;
      const next = partner[other];
      if (next === start) break;
      nodes.push(at(other));
      // Every node of a loop has a partner (chain ends were all walked above): a guard, not a case.
      if (next < 0) break;
      cur = next;
    }
    chains.push({ nodes, closed: partner[cur ^ 1] === start });
  }
  return chains;
}

/**
 * The pairing of the segments `around` a node (sorted by angle) that the section just below the plane
 * makes, or null where it does not tell: index i's partner is index `pairs[i]`. Just below, each end
 * at a vertex on the plane lies on its spoke, a hair from the vertex, and the facets about the vertex
 * with both other corners below join their two spokes there (`links`); the spokes joined form runs,
 * and a run with two ends joins them. Ends left over (not at a vertex, in a run with one end or
 * more than two: an open or non-manifold surface, segments that cancelled) are paired by the side of
 * the solid ({@link turnLeft}), or where that is not known with their angular neighbours among
 * themselves; and should the whole cross itself (interleaved pairs), null.
 */
function pairsBelow(g: SectionGraph, around: number[], links: number[][]): Int32Array | null {
  if (g.spokeFrom === undefined || g.spokeTo === undefined) return null;
  const d = around.length;
  const spoke = around.map((h) => ((h & 1 ? g.spokeTo : g.spokeFrom) as Uint32Array)[h >> 1]);
  // The runs: the spokes' classes under the links (union–find on a map: few spokes a node).
  const parent = new Map<number, number>();
  const root = (x: number): number => {
    let r = x;
    for (let p = parent.get(r); p !== undefined && p !== r; p = parent.get(r)) r = p;
    for (let y = x, p = parent.get(y); p !== undefined && p !== r; p = parent.get(y)) {
      parent.set(y, r);
      y = p;
    }
    return r;
  };
  for (const [a, b] of links) {
    const ra = root(a);
    const rb = root(b);
    if (ra !== rb) parent.set(ra, rb);
  }
  const members = new Map<number, number[]>();
  const left: number[] = [];
  for (let i = 0; i < d; i++) {
    if (spoke[i] === NO_SPOKE) {
      left.push(i);
      continue;
    }
    const r = root(spoke[i]);
    const list = members.get(r);
    if (list === undefined) members.set(r, [i]);
    else list.push(i);
  }
  const pairs = new Int32Array(d).fill(-1);
  for (const list of members.values()) {
    if (list.length === 2) {
      pairs[list[0]] = list[1];
      pairs[list[1]] = list[0];
    } else left.push(...list);
  }
  left.sort((x, y) => x - y);
  if (!turnLeft(g, around, left, pairs)) {
    if (left.length === d) return null;
    for (let i = 0; i + 1 < left.length; i += 2) {
      pairs[left[i]] = left[i + 1];
      pairs[left[i + 1]] = left[i];
    }
  }
  // Interleaved pairs would cross: in angular order, each pair must close the last one opened.
  const open: number[] = [];
  for (let i = 0; i < d; i++) {
    const j = pairs[i];
    if (j < 0) continue;
    if (j > i) open.push(i);
    else if (open.pop() !== j) return null;
  }
  return pairs;
}

/**
 * Pairs the ends `left` (indices into `around`, in angular order) by the side of the solid: where
 * every one's side is known and they alternate, arriving and leaving about the node (the solid on
 * the left of the way each loop runs), each arriving end takes the leaving end next to it clockwise,
 * the sharpest turn to the left, so that solids that only touch at the node stay apart (two squares
 * sharing a corner are two loops, whichever way they sit). False, with nothing paired, otherwise.
 */
function turnLeft(g: SectionGraph, around: number[], left: number[], pairs: Int32Array): boolean {
  const sense = g.sense;
  const k = left.length;
  if (sense === undefined || k < 2 || k % 2 === 1) return false;
  const arriving = new Array<boolean>(k);
  for (let i = 0; i < k; i++) {
    const h = around[left[i]];
    const sd = sense[h >> 1];
    if (sd === SENSE_UNKNOWN) return false;
    // the solid on the left from `from` to `to`: the end at `to` (h odd) arrives
    arriving[i] = (sd === 1) === ((h & 1) === 1);
  }
  for (let i = 0; i < k; i++) if (arriving[i] === arriving[(i + 1) % k]) return false;
  for (let i = 0; i < k; i++) {
    if (!arriving[i]) continue;
    const j = (i + k - 1) % k;
    pairs[left[i]] = left[j];
    pairs[left[j]] = left[i];
  }
  return true;
}

/**
 * Orders the directions from `node` to `p` and to `q` by angle in [0, 2π) from +u, decided by half
 * plane and the sign of the cross product; equal directions by the node number of their end.
 */
function compareDirections(g: SectionGraph, node: number, p: number, q: number): number {
  const pu = g.u[p] - g.u[node];
  const pv = g.v[p] - g.v[node];
  const qu = g.u[q] - g.u[node];
  const qv = g.v[q] - g.v[node];
  const hp = pv > 0 || (pv === 0 && pu > 0) ? 0 : 1;
  const hq = qv > 0 || (qv === 0 && qu > 0) ? 0 : 1;
  if (hp !== hq) return hp - hq;
  const cross = pu * qv - pv * qu;
  if (cross > 0) return -1;
  if (cross < 0) return 1;
  return p - q;
}
