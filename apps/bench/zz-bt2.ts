import v8 from 'node:v8';
import { Surface } from '@firsttouch/mesh';
import { MeshBVH } from 'three-mesh-bvh';
import { bunnyData } from './src/bunny-data.js';
import { toGeometry } from './src/peers/three-mesh-bvh.js';
import { timeSideBySide } from './src/harness/timing.js';
import { TIMING } from './src/harness/scene.js';
const d = bunnyData();
const raw = Surface.fromIndexed(d.positions.flat(), d.cells.flat());
const bunny = process.argv[2] === 'unit' ? raw.translate([0,0,0]) : raw;
const positions = bunny.positions, indices = bunny.indices;
const geometry = toGeometry(bunny);
const builds = +(process.argv[3] ?? 3);
const gcs: Record<string, number> = { ft: 0, three: 0 };
const prof = (k: string, f: () => number) => () => { const p = new v8.GCProfiler(); p.start(); const s = f(); gcs[k] += p.stop().statistics.length; return s; };
const t = timeSideBySide([
  { name: 'ft', queries: builds, batch: prof('ft', () => { let s = 0; for (let i = 0; i < builds; i++) s += Surface.fromIndexed(positions, indices).tree().nodeCount; return s; }) },
  { name: 'three', queries: builds, batch: prof('three', () => { let s = 0; for (let i = 0; i < builds; i++) s += new MeshBVH(geometry).geometry.index?.count ?? 0; return s; }) },
], TIMING.quick);
console.log('ft µs', t.get('ft')!.perQueryUs.toFixed(0), t.get('ft')!.runsMs.map(x=>(1000*x/builds).toFixed(0)).join(' '), '| three µs', t.get('three')!.perQueryUs.toFixed(0), t.get('three')!.runsMs.map(x=>(1000*x/builds).toFixed(0)).join(' '), 'gcs', JSON.stringify(gcs));
