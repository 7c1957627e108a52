import { box, type Surface, surfaceDistance } from '@firsttouch/mesh';
import { type Pose3, poseFromAxisAngle } from '@firsttouch/pose';
import { type ImpactEvent, StepStatus, World } from '@firsttouch/world';
import { fixed } from './format.js';

/** What the world run found. */
export interface WorldRun {
  bullets: number;
  steps: number;
  impacts: number;
  /** Impacts by what was hit. */
  wallHits: number;
  barHits: number;
  bulletHits: number;
  /** The oracle's counts for the world: bullets found past a wall, pairs found intersecting. */
  crossed: number;
  intersecting: number;
  /** Exact distance checks the oracle ran. */
  checks: number;
  /** The same bullets stepped discretely (moved to each step's end, bounced when found in a wall). */
  naiveCrossed: number;
  capped: number;
}

/** Half the room's side; the walls' thickness; a bullet's side; its speed a step. */
const HALF = 0.5;
const WALL = 0.002;
const BULLET = 0.01;
const SPEED = 0.05;

/** mulberry32, so the run is the same every time. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random unit vector. */
function direction(r: () => number): number[] {
  for (;;) {
    const v = [2 * r() - 1, 2 * r() - 1, 2 * r() - 1];
    const l = Math.hypot(v[0], v[1], v[2]);
    if (l > 0.1 && l <= 1) return v.map((x) => x / l);
  }
}

/** `R` turned by `angle` about `axis` (the turn applied after R). */
function turned(R: ArrayLike<number>, axis: number[], angle: number): Float64Array {
  const q = poseFromAxisAngle(axis, angle).R;
  const out = new Float64Array(9);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      out[3 * i + j] = q[3 * i] * R[j] + q[3 * i + 1] * R[3 + j] + q[3 * i + 2] * R[6 + j];
  return out;
}

/**
 * The world's demo: bullets (cubes of side 0.01) at 0.05 a step, five times their size and 25 times
 * the walls' thickness, in a closed room of walls 0.002 thick with a bar spinning in the middle
 * (kinematic: a quarter turn every 3 steps). The callback is an elastic bounce (bullets of equal
 * mass swap their normal velocities; off a wall or the bar a bullet's normal velocity reverses).
 * An oracle counts, after every step and at every impact, the bullets past a wall's inner face and
 * the pairs whose exact distance finds them intersecting. The same bullets stepped discretely
 * (moved to each step's end, bounced when found inside a wall) are counted the same way.
 */
export function worldRun(bullets = 40, steps = 300): WorldRun {
  if (bullets > 40) throw new RangeError('at most 40 bullets: four rows of ten fit above the bar');
  const r = rng(0x27);
  const world = new World();
  const walls: [Surface, number[]][] = [
    [box([WALL, 2 * HALF, 2 * HALF]), [-HALF, 0, 0]],
    [box([WALL, 2 * HALF, 2 * HALF]), [HALF, 0, 0]],
    [box([2 * HALF, WALL, 2 * HALF]), [0, -HALF, 0]],
    [box([2 * HALF, WALL, 2 * HALF]), [0, HALF, 0]],
    [box([2 * HALF, 2 * HALF, WALL]), [0, 0, -HALF]],
    [box([2 * HALF, 2 * HALF, WALL]), [0, 0, HALF]],
  ];
  const kind = new Map<number, 'wall' | 'bar' | 'bullet'>();
  for (const [b, c] of walls)
    kind.set(world.add(b, { pose: poseFromAxisAngle([0, 0, 1], 0, c), kind: 'static' }), 'wall');
  const bar = box([0.6, 0.03, 0.03]);
  const barId = world.add(bar, { pose: poseFromAxisAngle([0, 1, 0], 0, [0, 0, 0]), kind: 'kinematic' });
  kind.set(barId, 'bar');
  const shape = box(BULLET);
  const velocity = new Map<number, number[]>();
  const start: number[][] = [];
  for (let k = 0; k < bullets; k++) {
    // on a lattice above the bar, a little apart
    const c = [-0.45 + 0.1 * (k % 10), 0.15 + 0.1 * Math.floor(k / 10), 0.2 * (r() - 0.5)];
    start.push(c);
    const id = world.add(shape, { pose: poseFromAxisAngle(direction(r), 6 * r(), c), shared: true });
    kind.set(id, 'bullet');
    velocity.set(
      id,
      direction(r).map((x) => x * SPEED),
    );
  }
  const naiveVelocity = new Map([...velocity].map(([id, v]) => [id, [...v]]));
  const ids = [...kind.keys()];
  const bulletIds = ids.filter((id) => kind.get(id) === 'bullet');
  const out: WorldRun = {
    bullets,
    steps,
    impacts: 0,
    wallHits: 0,
    barHits: 0,
    bulletHits: 0,
    crossed: 0,
    intersecting: 0,
    checks: 0,
    naiveCrossed: 0,
    capped: 0,
  };
  const bodyOf = (id: number): Surface => (id === barId ? bar : shape);
  const crossed = new Set<number>();
  /** The oracle at one instant: bullets past a wall's inner face, and intersecting pairs among bullets and bar. */
  const check = (): void => {
    const poses = new Map<number, Pose3>(ids.map((id) => [id, world.pose(id)]));
    for (const id of bulletIds) {
      const t = poses.get(id)!.t;
      if (Math.max(Math.abs(t[0]), Math.abs(t[1]), Math.abs(t[2])) > HALF - WALL / 2) crossed.add(id);
    }
    const near = [...bulletIds, barId];
    for (let a = 0; a < near.length; a++) {
      for (let b = a + 1; b < near.length; b++) {
        const ta = poses.get(near[a])!.t;
        const tb = poses.get(near[b])!.t;
        // bounding spheres: a bullet's radius is under 0.009, the bar's under 0.31
        const reach = (near[a] === barId || near[b] === barId ? 0.31 : 0.009) + 0.009;
        if (Math.hypot(ta[0] - tb[0], ta[1] - tb[1], ta[2] - tb[2]) > reach) continue;
        out.checks++;
        const d = surfaceDistance(bodyOf(near[a]), bodyOf(near[b]), {
          poseA: poses.get(near[a])!,
          poseB: poses.get(near[b])!,
        });
        if (d.intersecting) out.intersecting++;
      }
    }
  };
  const onImpact = (e: ImpactEvent, w: World): void => {
    out.impacts++;
    const what = e.ids.map((id) => kind.get(id));
    if (what.includes('wall')) out.wallHits++;
    else if (what.includes('bar')) out.barHits++;
    else out.bulletHits++;
    check();
    const left = 1 - e.toi;
    const n = e.normal;
    if (!(left > 0) || !Number.isFinite(n[0])) return;
    // the bar's contact point moves too: its velocity there, from the quarter turn every 3 steps
    const barSpeed = (p: Float64Array) => [(Math.PI / 6) * p[2], 0, -(Math.PI / 6) * p[0]];
    const v = e.ids.map(
      (id, side) => velocity.get(id) ?? (kind.get(id) === 'bar' ? barSpeed(e.points[side]) : [0, 0, 0]),
    );
    const closing = (v[0][0] - v[1][0]) * n[0] + (v[0][1] - v[1][1]) * n[1] + (v[0][2] - v[1][2]) * n[2];
    if (!(closing > 0)) return;
    const both = what[0] === 'bullet' && what[1] === 'bullet';
    e.ids.forEach((id, side) => {
      if (what[side] !== 'bullet') return;
      const sign = side === 0 ? -1 : 1;
      const nv = v[side].map((x, a) => x + sign * (both ? 1 : 2) * closing * n[a]);
      velocity.set(id, nv);
      const p = w.pose(id);
      const t = w.target(id) ?? p;
      w.setTarget(id, { R: t.R, t: [0, 1, 2].map((a) => p.t[a] + nv[a] * left) });
    });
  };
  // the discrete stepping: origins only, a wall found overlapping the bullet bounces it
  const naive = new Map(bulletIds.map((id, k) => [id, [...start[k]]]));
  const naiveCrossed = new Set<number>();
  for (let s = 0; s < steps; s++) {
    world.setTarget(barId, { R: turned(world.pose(barId).R, [0, 1, 0], Math.PI / 6), t: [0, 0, 0] });
    for (const id of bulletIds) {
      const p = world.pose(id);
      const v = velocity.get(id)!;
      world.setTarget(id, { R: turned(p.R, [1, 0, 0], 0.2), t: [0, 1, 2].map((a) => p.t[a] + v[a]) });
    }
    const result = world.step(onImpact);
    if (result.status !== StepStatus.Complete) out.capped++;
    check();
    for (const id of bulletIds) {
      const c = naive.get(id)!;
      const v = naiveVelocity.get(id)!;
      for (let a = 0; a < 3; a++) {
        c[a] += v[a];
        const depth = Math.abs(c[a]) + BULLET / 2 - (HALF - WALL / 2);
        // in the wall (it overlaps it): bounce; past its outer face: it went through
        if (Math.abs(c[a]) - BULLET / 2 > HALF + WALL / 2) naiveCrossed.add(id);
        else if (depth > 0 && Math.sign(v[a]) === Math.sign(c[a])) v[a] = -v[a];
      }
    }
  }
  out.crossed = crossed.size;
  out.naiveCrossed = naiveCrossed.size;
  return out;
}

/** The run, printed. */
export function printWorld(r: WorldRun): string[] {
  return [
    `${r.bullets} bullets (side ${BULLET}) at ${SPEED} a step, walls ${WALL} thick, a bar spinning a quarter turn in 3 steps; ${r.steps} steps`,
    `impacts ${r.impacts}: ${r.wallHits} on walls, ${r.barHits} on the bar, ${r.bulletHits} between bullets; steps cut short by maxImpacts ${r.capped}`,
    `oracle (every step's end and every impact, ${r.checks} exact distances): bullets through a wall ${r.crossed}, pairs intersecting ${r.intersecting}`,
    `the same bullets stepped discretely: ${r.naiveCrossed} of ${r.bullets} went through a wall (${fixed((100 * r.naiveCrossed) / r.bullets, 0)} %)`,
  ];
}
