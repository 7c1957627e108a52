import type { SectionGraph } from './graph.js';

/** A chain of nodes of a {@link SectionGraph}: a loop (last node joined to the first) or open. */
export interface NodeChain {
  nodes: number[];
  closed: boolean;
}

/**
 * Splits the section graph into chains. At a node of degree 2 a chain passes through. Where more
 * segments meet (two loops touching at a point, a loop touching itself), the segments are sorted by
 * angle about the node and paired with their neighbours, (0, 1), (2, 3), …, so that chains touch
 * there but never cross. At a node of odd degree (a crossing of an open surface's border) one segment
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
  for (let node = 0; node < nodeCount; node++) {
    const lo = first[node];
    const hi = first[node + 1];
    if (hi - lo === 2) {
      partner[incident[lo]] = incident[lo + 1];
      partner[incident[lo + 1]] = incident[lo];
    } else if (hi - lo > 2) {
      const around = Array.from(incident.subarray(lo, hi));
      around.sort((h, k) => compareDirections(g, node, at(h ^ 1), at(k ^ 1)));
      for (let i = 0; i + 1 < around.length; i += 2) {
        partner[around[i]] = around[i + 1];
        partner[around[i + 1]] = around[i];
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
