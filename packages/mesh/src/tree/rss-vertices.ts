import type { BoundingTree } from './build.js';

/**
 * Facets under the blocks of the first level, then each next level's blocks hold this many times
 * as many (see {@link RssVertices}).
 */
const FIRST_BLOCK = 1;
const BLOCK_GROWTH = 8;
/**
 * A coarser level is kept only if it lists at most this share of the entries of the level below: on
 * a closed mesh each vertex is shared by about six facets and a level of blocks 8 times as large
 * lists 20–50 % fewer; on a soup of separate facets (nothing shared) no level lists fewer, and
 * none is built.
 */
const KEEP_SHARE = 0.9;

/**
 * The vertices the RSS fit reads, node by node, in contiguous runs of coordinates, each vertex
 * listed once a block. The fit of a node reads every vertex under it four times; listed facet by
 * facet (3 a facet) a closed mesh repeats each vertex about six times at every level of the tree.
 *
 * Levels: at level t the tree is cut into blocks, the largest nodes of at most `FIRST_BLOCK ·
 * BLOCK_GROWTH^t` facets (and the leaves), in facet order; a block lists the distinct vertices of
 * its facets in order of first use (the first is the first corner of its first facet). A node above
 * the cut is a run of whole blocks, so its vertices are one run of the level's list, duplicates
 * left only where blocks meet. Each node is read at the coarsest level it lies above. Levels are
 * made one from the other, reading the finer list in order (the first one from the facets through
 * the tree's order: the only reads scattered in memory); at most two exist at a time.
 *
 * Use: {@link RssVertices.next} moves to the next level and tells whether there is one; then
 * {@link RssVertices.reads} tells which nodes read this level and {@link RssVertices.begin},
 * {@link RssVertices.end} give a node's run (in vertices) in {@link RssVertices.coords}.
 *
 * @example
 * ```ts
 * import { box, RssVertices } from '@firsttouch/mesh';
 * const s = box(1, 16); // 3 072 facets, 1 538 vertices
 * const v = new RssVertices(s.positions, s.indices, s.tree());
 * let read = 0;
 * const levels: number[] = [];
 * while (v.next()) {
 *   levels.push(v.coords.length / 3);
 *   for (let n = 0; n < s.tree().nodeCount; n++) if (v.reads(n)) read++;
 * }
 * console.log(read === s.tree().nodeCount, levels[0] < 3 * s.facetCount); // true true
 * ```
 */
export class RssVertices {
  /** The current level's vertices, x y z each. */
  coords = new Float64Array(0);
  readonly #positions: Float64Array;
  readonly #indices: Uint32Array;
  readonly #tree: BoundingTree;
  /** Each node's facets: `order[first[i] .. last[i])`. */
  readonly #first: Uint32Array;
  readonly #last: Uint32Array;
  /** Facets under each node's parent (the root: the number of facets plus one). */
  readonly #parentCount: Float64Array;
  /** Each block's run in the current level's list (begin, end), by node: 0 for other nodes. */
  #runs = new Uint32Array(0);
  /**
   * Each entry's vertex, as the entry of the first level that listed it first (vertices that are
   * near in the tree get near numbers, so that {@link #seen} is read nearly in order).
   */
  #ids = new Uint32Array(0);
  /** Entries of the current level, and of the next one (as counted when it was chosen). */
  #size = 0;
  #nextSize = 0;
  /** The current level's block limit (0 before the first); nodes under a parent of more facets read it ... */
  #limit = 0;
  /** ... up to parents of this many (the next level's limit, or beyond every node at the last). */
  #upto = 0;
  /** Per vertex: its latest entry in the first level (−1 before any). */
  readonly #latest: Int32Array;
  /** Per entry of the first level: the last block of a coarser level that listed its vertex. */
  #seen = new Int32Array(0);
  #block = 0;

  constructor(positions: Float64Array, indices: Uint32Array, tree: BoundingTree) {
    this.#positions = positions;
    this.#indices = indices;
    this.#tree = tree;
    const n = tree.nodeCount;
    const { child, count } = tree;
    const first = new Uint32Array(n);
    const last = new Uint32Array(n);
    // Children have larger numbers than their parent: a backward pass is bottom-up.
    for (let node = n - 1; node >= 0; node--) {
      if (count[node] > 0) {
        first[node] = child[node];
        last[node] = child[node] + count[node];
      } else {
        first[node] = first[node + 1];
        last[node] = last[child[node]];
      }
    }
    const parentCount = new Float64Array(n);
    if (n > 0) parentCount[0] = tree.elementCount + 1;
    for (let node = 0; node < n; node++) {
      if (count[node] > 0) continue;
      const c = last[node] - first[node];
      parentCount[node + 1] = c;
      parentCount[child[node]] = c;
    }
    this.#first = first;
    this.#last = last;
    this.#parentCount = parentCount;
    const vertices = Math.floor(positions.length / 3);
    this.#latest = new Int32Array(vertices).fill(-1);
  }

  /**
   * Moves to the next level (the first one on the first call): false when every node has read one.
   */
  next(): boolean {
    const tree = this.#tree;
    const facets = tree.elementCount;
    if (this.#limit === 0) {
      if (tree.nodeCount === 0) return false;
      this.#build(FIRST_BLOCK);
    } else {
      if (this.#upto > facets) return false;
      this.#build(this.#upto);
    }
    // A coarser level is made if it lists enough fewer vertices; else this one serves every node
    // above (a level of blocks 8 times larger that shares too little, the next would share less).
    const limit = BLOCK_GROWTH * this.#limit;
    this.#nextSize = limit <= facets ? this.#count(limit) : Number.POSITIVE_INFINITY;
    this.#upto = this.#nextSize <= KEEP_SHARE * this.#size ? limit : facets + 2;
    return true;
  }

  /** Node `node` reads the current level (each node reads exactly one). */
  reads(node: number): boolean {
    const p = this.#parentCount[node];
    return p > this.#limit && p <= this.#upto;
  }

  /** The first vertex of node `node`'s run (a node that {@link reads} this level). */
  begin(node: number): number {
    return this.#runs[2 * this.#blockAt(node, true)];
  }

  /** The end (exclusive) of node `node`'s run. */
  end(node: number): number {
    return this.#runs[2 * this.#blockAt(node, false) + 1];
  }

  /** The leftmost (or rightmost) block of the current level at or under `node`. */
  #blockAt(node: number, left: boolean): number {
    const { child, count } = this.#tree;
    const limit = this.#limit;
    let b = node;
    while (count[b] === 0 && this.#last[b] - this.#first[b] > limit) b = left ? b + 1 : child[b];
    return b;
  }

  /** Whether node `node` is a block of the level of limit `limit`. */
  #isBlock(node: number, limit: number): boolean {
    if (!(this.#parentCount[node] > limit)) return false;
    return this.#tree.count[node] > 0 || this.#last[node] - this.#first[node] <= limit;
  }

  /** Entries a level of limit `limit` would list, made from the current one. */
  #count(limit: number): number {
    const seen = this.#seen;
    const ids = this.#ids;
    const n = this.#tree.nodeCount;
    let size = 0;
    for (let node = 0; node < n; node++) {
      if (!this.#isBlock(node, limit)) continue;
      const id = ++this.#block;
      const to = this.end(node);
      for (let k = this.begin(node); k < to; k++) {
        const v = ids[k];
        if (seen[v] !== id) {
          seen[v] = id;
          size++;
        }
      }
    }
    return size;
  }

  /**
   * Makes the level of `limit` the current one: its list from the facets (the first level), or from
   * the current list, whose runs its blocks are unions of. Blocks come in node order, which is facet
   * order.
   */
  #build(limit: number): void {
    const first = this.#limit === 0;
    const n = this.#tree.nodeCount;
    const oldIds = this.#ids;
    const old = this.coords;
    // The first level in one pass into room for three vertices a facet (what it lists for a soup of
    // separate facets), the others as counted when they were chosen: they read a list in order, the
    // first one reads the facets' vertices anywhere in memory.
    const room = first ? 3 * this.#tree.elementCount : this.#nextSize;
    let ids = new Uint32Array(room);
    let coords = new Float64Array(3 * room);
    const runs = new Uint32Array(2 * n);
    let k = 0;
    for (let node = 0; node < n; node++) {
      if (!this.#isBlock(node, limit)) continue;
      const id = ++this.#block;
      const from = k;
      if (first) k = this.#listFacets(node, ids, coords, k);
      else {
        const seen = this.#seen;
        const to = this.end(node);
        for (let j = this.begin(node); j < to; j++) {
          const v = oldIds[j];
          if (seen[v] === id) continue;
          seen[v] = id;
          ids[k] = v;
          coords[3 * k] = old[3 * j];
          coords[3 * k + 1] = old[3 * j + 1];
          coords[3 * k + 2] = old[3 * j + 2];
          k++;
        }
      }
      runs[2 * node] = from;
      runs[2 * node + 1] = k;
    }
    const size = k;
    if (first) {
      ids = ids.subarray(0, size);
      coords = coords.subarray(0, 3 * size);
      this.#seen = new Int32Array(size);
    }
    this.#runs = runs;
    this.#ids = ids;
    this.coords = coords;
    this.#size = size;
    this.#limit = limit;
  }

  /** Lists block `node`'s distinct vertices from its facets (the first level) from entry `from` on. */
  #listFacets(node: number, ids: Uint32Array, coords: Float64Array, from: number): number {
    const latest = this.#latest;
    const p = this.#positions;
    const idx = this.#indices;
    const order = this.#tree.order;
    let k = from;
    for (let f = this.#first[node]; f < this.#last[node]; f++) {
      const o = 3 * order[f];
      for (let c = 0; c < 3; c++) {
        const v = idx[o + c];
        const before = latest[v];
        if (before >= from) continue;
        // Numbered by its first entry (that of an earlier block, read back from there).
        ids[k] = before >= 0 ? ids[before] : k;
        latest[v] = k;
        coords[3 * k] = p[3 * v];
        coords[3 * k + 1] = p[3 * v + 1];
        coords[3 * k + 2] = p[3 * v + 2];
        k++;
      }
    }
    return k;
  }
}
