// The vertex runs the RSS fit reads: every node reads one level, and its run there lists exactly the
// vertices of its facets (each at least once, no other), first of all the first corner of its first
// facet (the fit measures from it). Checked against the tree's own facet ranges, on closed meshes
// (where the levels share vertices), soups (where nothing is shared: one level) and random index
// soups with repeated vertices.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { box, icosphere, RssVertices, Surface } from '../src/index.js';
import { rng } from './helpers.js';

interface Reading {
  levels: number[];
  readers: number;
  wrong: string[];
}

/** Walks every level and checks each node's run against the vertices of its facets. */
function check(s: Surface): Reading {
  const t = s.tree();
  const v = new RssVertices(s.positions, s.indices, t);
  const readBy = new Uint8Array(t.nodeCount);
  const levels: number[] = [];
  const wrong: string[] = [];
  while (v.next()) {
    levels.push(v.coords.length / 3);
    for (let node = 0; node < t.nodeCount; node++) {
      if (!v.reads(node)) continue;
      readBy[node]++;
      let l = node;
      while (t.count[l] === 0) l++;
      let r = node;
      while (t.count[r] === 0) r = t.child[r];
      const want = new Set<string>();
      const key = (x: number, y: number, z: number) => `${x},${y},${z}`;
      for (let k = t.child[l]; k < t.child[r] + t.count[r]; k++) {
        for (let c = 0; c < 3; c++) {
          const w = 3 * s.indices[3 * t.order[k] + c];
          want.add(key(s.positions[w], s.positions[w + 1], s.positions[w + 2]));
        }
      }
      const got = new Set<string>();
      const a = v.begin(node);
      const b = v.end(node);
      for (let i = a; i < b; i++) got.add(key(v.coords[3 * i], v.coords[3 * i + 1], v.coords[3 * i + 2]));
      const firstCorner = 3 * s.indices[3 * t.order[t.child[l]]];
      const head = key(v.coords[3 * a], v.coords[3 * a + 1], v.coords[3 * a + 2]);
      const same = got.size === want.size && [...want].every((x) => got.has(x));
      if (
        !same ||
        b - a < want.size ||
        head !== key(s.positions[firstCorner], s.positions[firstCorner + 1], s.positions[firstCorner + 2])
      ) {
        wrong.push(`node ${node} at level ${levels.length - 1}`);
      }
    }
  }
  const readers = readBy.reduce((n, x) => n + (x === 1 ? 1 : 0), 0);
  return { levels, readers, wrong };
}

/** n facets over a pool of m vertices picked at random (repeats inside a facet included). */
function indexSoup(seed: number, n: number, m: number): Surface {
  const r = rng(seed);
  const p = Array.from({ length: 3 * m }, () => 2 * r() - 1);
  const ix = Array.from({ length: 3 * n }, () => Math.floor(r() * m));
  return Surface.fromIndexed(p, ix);
}

describe('the RSS fit’s vertex runs', () => {
  it('list exactly each node’s vertices, every node reading one level (closed meshes share)', () => {
    for (const s of [box(1, 12), icosphere(1, 3), box([3, 1, 0.5], 5)]) {
      const got = check(s);
      expect(got.wrong).toEqual([]);
      expect(got.readers).toBe(s.tree().nodeCount);
      // The first level lists each vertex about twice (leaves of 2 facets), the coarser ones fewer.
      expect(got.levels.length).toBeGreaterThan(2);
      expect(got.levels[0]).toBeLessThan(3 * s.facetCount);
      for (let k = 1; k < got.levels.length; k++) expect(got.levels[k]).toBeLessThan(got.levels[k - 1]);
    }
  });

  it('make one level for a soup of separate facets (nothing to share)', () => {
    const r = rng(7);
    const p = Array.from({ length: 9 * 500 }, () => r());
    const s = Surface.fromTriangles(p);
    const got = check(s);
    expect(got.wrong).toEqual([]);
    expect(got.readers).toBe(s.tree().nodeCount);
    expect(got.levels).toEqual([1500]);
  });

  it('fast-check: facets over a random pool of vertices', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 3, max: 300 }),
        (seed, n, m) => {
          const s = indexSoup(seed, n, m);
          const got = check(s);
          return got.wrong.length === 0 && got.readers === s.tree().nodeCount;
        },
      ),
      { numRuns: 60 },
    );
  });
});
