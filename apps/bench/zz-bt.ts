import { Surface } from '@firsttouch/mesh';
import { MeshBVH } from 'three-mesh-bvh';
import { bunnyData } from './src/bunny-data.js';
import { toGeometry } from './src/peers/three-mesh-bvh.js';
const d = bunnyData();
const bunny = Surface.fromIndexed(d.positions.flat(), d.cells.flat());
const positions = bunny.positions, indices = bunny.indices;
const geometry = toGeometry(bunny);
const R = 40, B = 50;
const med = (x: number[]) => [...x].sort((p, q) => p - q)[x.length >> 1];
const a: number[] = [], b: number[] = [], c: number[] = [], e: number[] = [], g: number[] = [];
for (let r = 0; r < R; r++) {
  let t0 = performance.now(); for (let i = 0; i < B; i++) Surface.fromIndexed(positions, indices).tree(); a.push((performance.now() - t0) / B);
  const ss = Array.from({ length: B }, () => Surface.fromIndexed(positions, indices));
  t0 = performance.now(); for (let i = 0; i < B; i++) ss[i].tree(); b.push((performance.now() - t0) / B);
  t0 = performance.now(); for (let i = 0; i < B; i++) Surface.fromIndexed(positions, indices); e.push((performance.now() - t0) / B);
  const gs = Array.from({ length: B }, () => toGeometry(bunny));
  t0 = performance.now(); for (let i = 0; i < B; i++) new MeshBVH(gs[i]); c.push((performance.now() - t0) / B);
  t0 = performance.now(); for (let i = 0; i < B; i++) new MeshBVH(toGeometry(bunny)); g.push((performance.now() - t0) / B);
}
console.log('µs: fromIndexed+tree', (1000 * med(a)).toFixed(0), 'tree alone', (1000 * med(b)).toFixed(0), 'fromIndexed alone', (1000 * med(e)).toFixed(0), 'MeshBVH', (1000 * med(c)).toFixed(0), 'toGeometry+MeshBVH', (1000 * med(g)).toFixed(0));
