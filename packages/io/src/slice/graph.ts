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
}

/**
 * Welds the endpoints of `segments` (4 numbers a segment) by exact equality and cancels equal
 * segments in pairs: a segment that comes an even number of times is not on the section (two facets
 * touching the plane along an edge from the same side; interior edges of in-plane facets), one that
 * comes an odd number of times is, once. Sorting, not hashing: the result does not depend on the
 * order of the facets.
 */
export function sectionGraph(segments: Float64Array): SectionGraph {
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
  let n = 0;
  for (let s = 0; s < segmentCount; s++) {
    const p = node[2 * s];
    const q = node[2 * s + 1];
    if (p === q) continue;
    a[n] = Math.min(p, q);
    b[n] = Math.max(p, q);
    n++;
  }
  const edges = new Uint32Array(n);
  for (let e = 0; e < n; e++) edges[e] = e;
  edges.sort((e, f) => a[e] - a[f] || b[e] - b[f]);
  const from: number[] = [];
  const to: number[] = [];
  for (let k = 0; k < n; ) {
    let j = k + 1;
    while (j < n && a[edges[j]] === a[edges[k]] && b[edges[j]] === b[edges[k]]) j++;
    if ((j - k) % 2 === 1) {
      from.push(a[edges[k]]);
      to.push(b[edges[k]]);
    }
    k = j;
  }
  return {
    u: Float64Array.from(us),
    v: Float64Array.from(vs),
    from: Uint32Array.from(from),
    to: Uint32Array.from(to),
  };
}
