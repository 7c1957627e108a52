/**
 * Labels the connected components of a set of elements (facets or segments) that are connected
 * when they share a vertex. Vertices are shared when their coordinates are bit-identical, so a
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
  // Weld bit-identical vertices: an open-addressing hash of the coordinates' bits.
  const canonical = weldIdentical(positions, dim, vertexCount);
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

/** For each vertex, the first vertex with bit-identical coordinates. */
function weldIdentical(positions: Float64Array, dim: number, n: number): Uint32Array {
  const bits = new Uint32Array(positions.buffer, positions.byteOffset, positions.length * 2);
  let size = 1;
  while (size < 2 * n) size *= 2;
  const table = new Int32Array(size).fill(-1);
  const canonical = new Uint32Array(n);
  const words = 2 * dim;
  for (let v = 0; v < n; v++) {
    let h = 0x811c9dc5;
    for (let w = 0; w < words; w++) {
      // −0 and +0 are the same point: hash and compare them as +0.
      const x = bits[v * words + w];
      const word = (w & 1) === 1 && x === 0x80000000 && bits[v * words + w - 1] === 0 ? 0 : x;
      h = Math.imul(h ^ word, 0x01000193);
    }
    let slot = (h >>> 0) & (size - 1);
    for (;;) {
      const other = table[slot];
      if (other < 0) {
        table[slot] = v;
        canonical[v] = v;
        break;
      }
      let same = true;
      for (let a = 0; a < dim; a++) {
        if (positions[other * dim + a] !== positions[v * dim + a]) {
          same = false;
          break;
        }
      }
      if (same) {
        canonical[v] = other;
        break;
      }
      slot = (slot + 1) & (size - 1);
    }
  }
  return canonical;
}
