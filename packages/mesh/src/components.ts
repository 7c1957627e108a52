import { weldPoints } from './distinct-points.js';

/**
 * Labels the connected components of a set of elements (facets or segments) that are connected
 * when they share a vertex. Vertices are shared when their coordinates are equal (0 and −0 alike), so a
 * triangle soup (every facet with its own three vertices) is connected as its indexed form would be.
 * Labels are 0, 1, 2, ... in the order of each component's first element.
 */
export function labelComponents(
  positions: Float64Array,
  dim: 2 | 3,
  elements: Uint32Array,
  arity: 2 | 3,
): Uint32Array {
  const vertexCount = positions.length / dim;
  // Weld vertices of equal coordinates (the package's one weld)
  const canonical = weldIdentical(positions, dim);
  const parent = new Uint32Array(vertexCount);
  for (let i = 0; i < vertexCount; i++) parent[i] = i;
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  const count = elements.length / arity;
  for (let e = 0; e < count; e++) {
    const r0 = find(canonical[elements[arity * e]]);
    for (let k = 1; k < arity; k++) {
      const r = find(canonical[elements[arity * e + k]]);
      if (r !== r0) parent[r] = r0;
    }
  }
  const labelOfRoot = new Int32Array(vertexCount).fill(-1);
  const labels = new Uint32Array(count);
  let next = 0;
  for (let e = 0; e < count; e++) {
    const root = find(canonical[elements[arity * e]]);
    if (labelOfRoot[root] < 0) labelOfRoot[root] = next++;
    labels[e] = labelOfRoot[root];
  }
  return labels;
}

/** For each vertex, the first vertex with the same coordinates (0 and −0 the same). */
function weldIdentical(positions: Float64Array, dim: 2 | 3): Uint32Array {
  const { index, first } = weldPoints(positions, dim, false);
  const canonical = new Uint32Array(index.length);
  for (let v = 0; v < index.length; v++) canonical[v] = first[index[v]];
  return canonical;
}
