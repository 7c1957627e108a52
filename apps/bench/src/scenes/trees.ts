import { box, icosphere, rssOf, Surface } from '@firsttouch/mesh';
import { MeshBVH } from 'three-mesh-bvh';
import { Rng } from '../harness/prng.js';
import type { Row, Scene, SceneContext, SceneResult } from '../harness/scene.js';
import { median } from '../harness/stats.js';
import { nowMs } from '../harness/timing.js';
import { type Watched, watched } from '../harness/watched.js';
import { toGeometry } from '../peers/three-mesh-bvh.js';

const SEED = 0x5eed06;

/** Facets of the random soup, the box's subdivisions, the icosphere's level, and build rounds. */
const SIZES = {
  tiny: { soup: 2_000, box: 8, level: 2, rounds: 1 },
  quick: { soup: 100_000, box: 91, level: 6, rounds: 5 },
  full: { soup: 1_000_000, box: 289, level: 8, rounds: 7 },
};

/**
 * `n` facets with their own vertices (3n of them), centred uniformly in the unit cube, each vertex
 * within 0.005 of its centre on each axis: a facet's vertices lie anywhere in memory relative to its
 * neighbours in space, the build's worst case for reading them.
 */
export function randomSoup(n: number, rng: Rng): Surface {
  const xyz = new Float64Array(9 * n);
  for (let f = 0; f < n; f++) {
    const cx = rng.next(),
      cy = rng.next(),
      cz = rng.next();
    for (let v = 0; v < 3; v++) {
      xyz[9 * f + 3 * v] = cx + rng.uniform(-0.005, 0.005);
      xyz[9 * f + 3 * v + 1] = cy + rng.uniform(-0.005, 0.005);
      xyz[9 * f + 3 * v + 2] = cz + rng.uniform(-0.005, 0.005);
    }
  }
  return Surface.fromTriangles(xyz);
}

/** Fresh pages a build may touch and still count as quiet (a quarter of a megabyte). */
const QUIET_FAULTS = 64;

/** A build that met no collection and touched at most {@link QUIET_FAULTS} fresh pages. */
function calm(w: Watched<unknown>): boolean {
  return w.collections === 0 && w.faults <= QUIET_FAULTS;
}

/** A build's milliseconds, marked g (a collection inside) and f (fresh pages past the quiet count). */
function marked(w: Watched<unknown>): string {
  return `${w.ms.toFixed(0)}${w.collections > 0 ? 'g' : ''}${w.faults > QUIET_FAULTS ? 'f' : ''}`;
}

/** Bytes of a MeshBVH's node buffers (it reorders the geometry's own index rather than keep an order). */
function meshBvhBytes(bvh: MeshBVH): number {
  const roots = (bvh as unknown as { _roots: ArrayBuffer[] })._roots;
  return roots.reduce((s, r) => s + r.byteLength, 0);
}

/**
 * The mesh issue's build and memory goals: the tree of a large surface (a random soup, a subdivided
 * box, an icosphere: 10⁶ facets and more in the full run) built from scratch, firsttouch's
 * `Surface.tree()` against three-mesh-bvh's `new MeshBVH(geometry)` with its default options, the two
 * in turn, the first one alternating each round (each round builds from fresh inputs, made outside
 * the timed region); then the bytes a facet each keeps, and firsttouch's rectangle swept spheres (the
 * second volume a body gets when its partner is large: `rssOf`), their build time (one
 * build) and bytes.
 */
export const treesScene: Scene = {
  name: 'trees',
  title: 'Tree build time and memory on large surfaces',
  run(ctx: SceneContext): SceneResult {
    const size = SIZES[ctx.size];
    const rows: Row[] = [];
    const figures: Record<string, number> = {};
    const shapes: Array<{ key: string; label: string; make: () => Surface }> = [
      { key: 'soup', label: 'random soup', make: () => randomSoup(size.soup, new Rng(SEED)) },
      { key: 'box', label: `box(1, ${size.box})`, make: () => box(1, size.box) },
      { key: 'icosphere', label: `icosphere(1, ${size.level})`, make: () => icosphere(1, size.level) },
    ];
    for (const { key, label, make } of shapes) {
      const source = make();
      const n = source.facetCount;
      ctx.log(`trees: ${label} (${n} facets), ${size.rounds} rounds`);
      const ft: Array<Watched<unknown>> = [];
      const three: Array<Watched<unknown>> = [];
      const rss: number[] = [];
      let treeBytes = 0;
      let rssBytes = 0;
      let threeBytes = 0;
      // One build of each first (not recorded): the JIT's first pass over the build code.
      Surface.fromIndexed(source.positions, source.indices).tree();
      new MeshBVH(toGeometry(source));
      for (let r = 0; r < size.rounds; r++) {
        for (const side of r % 2 === 0 ? ['ft', 'three'] : ['three', 'ft']) {
          if (side === 'ft') {
            const s = Surface.fromIndexed(source.positions, source.indices);
            const w = watched(() => s.tree());
            ft.push(w);
            treeBytes = w.value.byteLength;
            // The RSS (seconds at 10⁶ facets) in the first round only.
            if (r === 0) {
              const t1 = nowMs();
              rssBytes = rssOf(s).byteLength;
              rss.push(nowMs() - t1);
            }
          } else {
            const geometry = toGeometry(source);
            const w = watched(() => new MeshBVH(geometry));
            three.push(w);
            threeBytes = meshBvhBytes(w.value);
          }
        }
      }
      const ftMs = ft.map((w) => w.ms);
      const threeMs = three.map((w) => w.ms);
      const ratios = ftMs.map((t, r) => threeMs[r] / t);
      // The rounds where neither build met a collection or fresh pages (see harness/watched.ts).
      const quiet = ratios.filter((_, r) => calm(ft[r]) && calm(three[r]));
      const collected = (ws: Array<Watched<unknown>>) => ws.filter((w) => w.collections > 0).length;
      rows.push({
        scene: 'trees',
        case: `tree build, ${label} (${n} facets)`,
        firsttouch: 1000 * median(ftMs),
        peer: 'three-mesh-bvh',
        peerTime: 1000 * median(threeMs),
        pairedRatio: median(ratios),
        extra: {
          'tree B/facet': treeBytes / n,
          'tree + RSS B/facet': (treeBytes + rssBytes) / n,
          'RSS build ms (one)': rss[0],
          'three-mesh-bvh B/facet': threeBytes / n,
          'tree ms, each round': ft.map(marked).join(' '),
          'three-mesh-bvh ms, each round': three.map(marked).join(' '),
          'rounds with a collection inside, ours / peer': `${collected(ft)} / ${collected(three)} of ${ft.length}`,
          'ratio over the quiet rounds':
            quiet.length > 0 ? `${median(quiet).toFixed(3)} (${quiet.length})` : '—',
        },
      });
      figures[`${key}.facets`] = n;
      figures[`${key}.treeMs`] = median(ftMs);
      figures[`${key}.threeMs`] = median(threeMs);
      figures[`${key}.quietRounds`] = quiet.length;
      if (quiet.length > 0) figures[`${key}.quietRatio`] = median(quiet);
      figures[`${key}.rssMs`] = rss[0];
      figures[`${key}.treeBytesPerFacet`] = treeBytes / n;
      figures[`${key}.allBytesPerFacet`] = (treeBytes + rssBytes) / n;
      figures[`${key}.threeBytesPerFacet`] = threeBytes / n;
    }
    return {
      rows,
      plots: [],
      figures,
      notes: [
        'Each round’s build time is marked g where a collection ran inside it (V8’s GCProfiler: a scavenge, or the end of an incremental marking that the bytes allocated just before had started) and f where it touched more than 64 fresh pages; the quiet rounds are those where neither build was marked. Times are per build (µs in the time columns). firsttouch builds its tree once a surface, lazily; the RSS only for a body met with a large partner. three-mesh-bvh (default options: the SAH-free CENTER split, 10 triangles a leaf) reorders the geometry’s index in place instead of keeping an order array, and works in float32.',
      ],
    };
  },
};
