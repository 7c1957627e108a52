import { rectangle } from '@firsttouch/mesh';
import { pose2 } from '@firsttouch/pose';
import { type ImpactEvent, World2 } from '@firsttouch/world';
import { BoxShape, World as PlanckWorld, Vec2 } from 'planck';
import { formatNumber } from '../harness/format.js';
import { Rng } from '../harness/prng.js';
import type { Row, SceneContext } from '../harness/scene.js';
import { pairedRatio, timeSideBySide } from '../harness/timing.js';

/** Half the room's side, the walls' thickness, a bullet's side, the bar's half-length and half-width. */
const HALF = 0.5;
const WALL = 0.002;
const BULLET = 0.01;
const BAR = [0.3, 0.015] as const;
/**
 * Bullet speed (per second) and the bar's turn (per second, one turn: its tips at 1.9, under the
 * bullets' speed), 60 steps a second. (A bar whose tips outrun the bullets drives into bullets the
 * world has stopped, impact after impact at one instant, up to `maxImpacts`: see the world's README.)
 */
const SPEED = 3;
const SPIN = 2 * Math.PI;
const DT = 1 / 60;

/** The scene: each bullet's start and velocity (per second), drawn once for both worlds. */
interface BulletStart {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

function bulletStarts(n: number, rng: Rng): BulletStart[] {
  return Array.from({ length: n }, (_, k) => {
    const a = rng.uniform(0, 2 * Math.PI);
    return {
      x: -0.45 + 0.9 * ((k % 10) / 9),
      y: 0.15 + 0.1 * Math.floor(k / 10),
      vx: SPEED * Math.cos(a),
      vy: SPEED * Math.sin(a),
    };
  });
}

/** The walls: centre and half-extents. */
const WALLS: [number, number, number, number][] = [
  [-HALF, 0, WALL / 2, HALF + WALL],
  [HALF, 0, WALL / 2, HALF + WALL],
  [0, -HALF, HALF + WALL, WALL / 2],
  [0, HALF, HALF + WALL, WALL / 2],
];

/** A bullet whose centre is past a wall's inner face went through it (or is in it). */
const outside = (x: number, y: number) => Math.max(Math.abs(x), Math.abs(y)) > HALF - WALL / 2;

/**
 * The scene in planck's world (Box2D's): static walls, a kinematic bar turning, the bullets dynamic,
 * flagged as bullets (continuous collision against every body), restitution 1, no friction, no
 * gravity. Returns the bullets found outside the room at any step's end.
 */
function runPlanck(starts: BulletStart[], steps: number): number {
  const world = new PlanckWorld({ gravity: Vec2(0, 0) });
  for (const [x, y, hx, hy] of WALLS) {
    world.createBody({ type: 'static', position: Vec2(x, y) }).createFixture(new BoxShape(hx, hy), {
      friction: 0,
      restitution: 1,
    });
  }
  const bar = world.createBody({ type: 'kinematic', position: Vec2(0, 0), angularVelocity: SPIN });
  bar.createFixture(new BoxShape(BAR[0], BAR[1]), { friction: 0, restitution: 1 });
  const bodies = starts.map((b) => {
    const body = world.createBody({
      type: 'dynamic',
      position: Vec2(b.x, b.y),
      linearVelocity: Vec2(b.vx, b.vy),
      bullet: true,
      allowSleep: false,
    });
    body.createFixture(new BoxShape(BULLET / 2, BULLET / 2), { density: 1, friction: 0, restitution: 1 });
    body.setFixedRotation(true);
    return body;
  });
  const out = new Set<number>();
  for (let s = 0; s < steps; s++) {
    world.step(DT);
    bodies.forEach((b, k) => {
      const p = b.getPosition();
      if (outside(p.x, p.y)) out.add(k);
    });
  }
  return out.size;
}

/**
 * The same scene in firsttouch's World2, the callback an elastic bounce (bullets of equal mass swap
 * their normal velocities; off a wall or the bar, whose contact point's velocity counts, a bullet's
 * normal velocity reverses). Returns the bullets found outside the room at any step's end or impact.
 */
function runWorld2(
  starts: BulletStart[],
  steps: number,
): { outside: number; impacts: number; capped: number } {
  const world = new World2();
  for (const [x, y, hx, hy] of WALLS)
    world.add(rectangle(2 * hx, 2 * hy), { pose: pose2(0, [x, y]), kind: 'static' });
  const barId = world.add(rectangle(2 * BAR[0], 2 * BAR[1]), { pose: pose2(0, [0, 0]), kind: 'kinematic' });
  const shape = rectangle(BULLET, BULLET);
  const velocity = new Map<number, number[]>();
  const ids = starts.map((b) => {
    const id = world.add(shape, { pose: pose2(0, [b.x, b.y]), shared: true });
    velocity.set(id, [b.vx * DT, b.vy * DT]);
    return id;
  });
  const out = new Set<number>();
  let impacts = 0;
  let capped = 0;
  const onImpact = (e: ImpactEvent, w: World2): void => {
    impacts++;
    const left = 1 - e.toi;
    const n = e.normal;
    if (!(left > 0) || !Number.isFinite(n[0])) return;
    const v = e.ids.map((id, side) => {
      const own = velocity.get(id);
      if (own) return own;
      // the bar's contact point: ω × p, a turn of SPIN·DT a step
      const p = e.points[side];
      return id === barId ? [-SPIN * DT * p[1], SPIN * DT * p[0]] : [0, 0];
    });
    const closing = (v[0][0] - v[1][0]) * n[0] + (v[0][1] - v[1][1]) * n[1];
    if (!(closing > 0)) return;
    const both = velocity.has(e.ids[0]) && velocity.has(e.ids[1]);
    e.ids.forEach((id, side) => {
      if (!velocity.has(id)) return;
      const sign = side === 0 ? -1 : 1;
      const nv = [0, 1].map((a) => v[side][a] + sign * (both ? 1 : 2) * closing * n[a]);
      velocity.set(id, nv);
      const p = w.pose(id);
      w.setTarget(id, pose2(0, [p.t[0] + nv[0] * left, p.t[1] + nv[1] * left]));
    });
  };
  for (let s = 0; s < steps; s++) {
    const bar = world.pose(barId);
    world.setTarget(barId, pose2(bar.angle + SPIN * DT, [0, 0]));
    for (const id of ids) {
      const p = world.pose(id);
      const v = velocity.get(id)!;
      world.setTarget(id, pose2(0, [p.t[0] + v[0], p.t[1] + v[1]]));
    }
    if (world.step(onImpact).status !== 'complete') capped++;
    for (const id of ids) {
      const p = world.pose(id).t;
      if (outside(p[0], p[1])) out.add(id);
    }
  }
  return { outside: out.size, impacts, capped };
}

/**
 * 2-D: the scene in planck's world (bullets flagged) beside World2, both timed side by side (a batch
 * builds the world and runs every step), pass-throughs of each counted by the same check.
 */
export function planckWorldRows(
  ctx: SceneContext,
  bullets: number,
  steps: number,
  rows: Row[],
  figures: Record<string, number>,
): string {
  ctx.log(`world: ${bullets} bullets in 2-D, planck's world beside World2, ${steps} steps`);
  const starts = bulletStarts(bullets, new Rng(0x5eed2d));
  let planckOut = 0;
  let worldOut = { outside: 0, impacts: 0, capped: 0 };
  const t = timeSideBySide(
    [
      {
        name: 'world2',
        queries: steps,
        batch: () => {
          worldOut = runWorld2(starts, steps);
          return worldOut.outside;
        },
      },
      {
        name: 'planck',
        queries: steps,
        batch: () => {
          planckOut = runPlanck(starts, steps);
          return planckOut;
        },
      },
    ],
    ctx.timing,
  );
  const tw = t.get('world2')!;
  const tp = t.get('planck')!;
  const ratio = pairedRatio(tp, tw);
  Object.assign(figures, {
    'planck2d.worldMsPerStep': tw.perQueryUs / 1000,
    'planck2d.planckMsPerStep': tp.perQueryUs / 1000,
    'planck2d.ratio': ratio,
    'planck2d.worldOutside': worldOut.outside,
    'planck2d.planckOutside': planckOut,
    'planck2d.worldImpacts': worldOut.impacts,
    'planck2d.worldCapped': worldOut.capped,
  });
  rows.push({
    scene: 'world',
    case: `2-D: ${bullets} bullets, walls ${WALL} thick, a spinning bar, ${steps} steps`,
    firsttouch: tw.perQueryUs,
    peer: "planck's world (bullets flagged)",
    peerTime: tp.perQueryUs,
    pairedRatio: ratio,
    extra: {
      'World2 through a wall': `${worldOut.outside} of ${bullets}`,
      'planck through a wall': `${planckOut} of ${bullets}`,
      'World2 impacts': worldOut.impacts,
      'World2 steps capped': worldOut.capped,
    },
  });
  return `2-D: World2 lets ${worldOut.outside} of ${bullets} bullets through the walls, planck's world (bullets flagged) ${planckOut}; planck's step takes ${formatNumber(ratio)}× World2's (a batch: build the world, run ${steps} steps).`;
}
