import { NO_SPOKE, SENSE_UNKNOWN } from './pieces.js';

/**
 * The section as a graph: nodes are the distinct points (numbered in lexicographic order, by u then
 * v, so comparing node numbers compares points), edges the segments that remain once segments of
 * zero length are dropped and equal segments cancel in pairs.
 */
export interface SectionGraph {
  /** Node coordinates. */
  u: Float64Array;
  v: Float64Array;
  /** Edge `e` joins nodes `from[e] < to[e]`. */
  from: Uint32Array;
  to: Uint32Array;
  /**
   * With spokes: where an edge's end is a vertex on the plane, the spoke it leaves the vertex by
   * there (the vertex below of the surface edge whose crossing the end is, as a number that is the
   * same for vertices at the same point), else `NO_SPOKE` (also for an edge that came from several
   * segments, an odd number).
   */
  spokeFrom?: Uint32Array;
  spokeTo?: Uint32Array;
  /**
   * With spokes: the segments of zero length between two spokes of one node, as triples (node, spoke,
   * spoke): just below the plane, the short piece that joins the two edges' crossings by the vertex.
   */
  links?: Uint32Array;
  /**
   * With senses: 1 where the solid lies on the left of edge e run from `from[e]` to `to[e]` (facets
   * wound about outward normals), 0 on the right, `SENSE_UNKNOWN` where not known (an outline, or an
   * edge from several segments).
   */
  sense?: Uint8Array;
}

/**
 * Welds the endpoints of `segments` (4 numbers a segment) by exact equality and cancels equal
 * segments in pairs: a segment that comes an even number of times is not on the section (two facets
 * touching the plane along an edge from the same side; interior edges of in-plane facets), one that
 * comes an odd number of times is, once. Sorting, not hashing: the result does not depend on the
 * order of the facets.
 */
export function sectionGraph(
  segments: Float64Array,
  spokes?: Uint32Array,
  positions?: Float64Array,
  senses?: Uint32Array,
): SectionGraph {
  const pointCount = segments.length / 2;
  const order = new Uint32Array(pointCount);
  for (let i = 0; i < pointCount; i++) order[i] = i;
  order.sort((p, q) => segments[2 * p] - segments[2 * q] || segments[2 * p + 1] - segments[2 * q + 1]);
  const node = new Uint32Array(pointCount);
  const us: number[] = [];
  const vs: number[] = [];
  for (let k = 0; k < pointCount; k++) {
    const p = order[k];
    const pu = segments[2 * p];
    const pv = segments[2 * p + 1];
    const last = us.length - 1;
    if (last < 0 || us[last] !== pu || vs[last] !== pv) {
      us.push(pu);
      vs.push(pv);
    }
    node[p] = us.length - 1;
  }
  // Edges as (smaller node, larger node), zero-length ones dropped, then sorted to find equal ones.
  const segmentCount = pointCount / 2;
  const a = new Uint32Array(segmentCount);
  const b = new Uint32Array(segmentCount);
  const source = new Uint32Array(segmentCount);
  const ids = spokes !== undefined && positions !== undefined ? spokeIds(spokes, positions) : undefined;
  const links: number[] = [];
  let n = 0;
  for (let s = 0; s < segmentCount; s++) {
    const p = node[2 * s];
    const q = node[2 * s + 1];
    if (p === q) {
      if (ids !== undefined && ids[2 * s] !== NO_SPOKE && ids[2 * s + 1] !== NO_SPOKE)
        links.push(p, ids[2 * s], ids[2 * s + 1]);
      continue;
    }
    a[n] = Math.min(p, q);
    b[n] = Math.max(p, q);
    source[n] = s;
    n++;
  }
  const edges = new Uint32Array(n);
  for (let e = 0; e < n; e++) edges[e] = e;
  edges.sort((e, f) => a[e] - a[f] || b[e] - b[f]);
  const from: number[] = [];
  const to: number[] = [];
  const spokeFrom: number[] = [];
  const spokeTo: number[] = [];
  const sense: number[] = [];
  for (let k = 0; k < n; ) {
    let j = k + 1;
    while (j < n && a[edges[j]] === a[edges[k]] && b[edges[j]] === b[edges[k]]) j++;
    if ((j - k) % 2 === 1) {
      from.push(a[edges[k]]);
      to.push(b[edges[k]]);
      if (ids !== undefined) {
        // (one segment: its ends' spokes; several: which one is left is not known)
        const s = source[edges[k]];
        const first = node[2 * s] === a[edges[k]];
        spokeFrom.push(j - k === 1 ? ids[first ? 2 * s : 2 * s + 1] : NO_SPOKE);
        spokeTo.push(j - k === 1 ? ids[first ? 2 * s + 1 : 2 * s] : NO_SPOKE);
      }
      if (senses !== undefined) {
        const s = source[edges[k]];
        const known = j - k === 1 && senses[s] !== SENSE_UNKNOWN;
        sense.push(known ? (node[2 * s] === a[edges[k]] ? senses[s] : 1 - senses[s]) : SENSE_UNKNOWN);
      }
    }
    k = j;
  }
  const graph: SectionGraph = {
    u: Float64Array.from(us),
    v: Float64Array.from(vs),
    from: Uint32Array.from(from),
    to: Uint32Array.from(to),
  };
  if (ids !== undefined) {
    graph.spokeFrom = Uint32Array.from(spokeFrom);
    graph.spokeTo = Uint32Array.from(spokeTo);
    graph.links = Uint32Array.from(links);
  }
  if (senses !== undefined) graph.sense = Uint8Array.from(sense);
  return graph;
}

/**
 * Each end's spoke as a number that is the same for vertices at the same point (a soup's copies of
 * a vertex are one spoke): the rank of its coordinates among the spokes' (`NO_SPOKE` kept).
 */
function spokeIds(spokes: Uint32Array, positions: Float64Array): Uint32Array {
  const ids = new Uint32Array(spokes.length).fill(NO_SPOKE);
  const used: number[] = [];
  for (let k = 0; k < spokes.length; k++) if (spokes[k] !== NO_SPOKE) used.push(k);
  const differ = (p: number, q: number) =>
    positions[p] - positions[q] || positions[p + 1] - positions[q + 1] || positions[p + 2] - positions[q + 2];
  used.sort((k, l) => differ(3 * spokes[k], 3 * spokes[l]));
  let id = -1;
  let last = -1;
  for (const k of used) {
    const p = 3 * spokes[k];
    if (last < 0 || differ(p, last) !== 0) {
      id++;
      last = p;
    }
    ids[k] = id;
  }
  return ids;
}
