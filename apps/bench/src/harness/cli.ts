import type { RunSize } from './scene.js';

/** The command line: `[--quick] [--json FILE] [--svg DIR] [--obj DIR] [--scene NAME]... [--detached]`. */
export interface CliOptions {
  size: RunSize;
  json?: string;
  svg?: string;
  /** Write the room scene's bodies (OBJ) and poses into this folder (`--obj DIR`). */
  obj?: string;
  scenes: string[];
  /** Detach an ArrayBuffer before the scenes (see `detachOneBuffer`). */
  detached: boolean;
  help: boolean;
}

export const USAGE = `usage: node --import tsx src/main.ts [--quick] [--json FILE] [--svg DIR] [--obj DIR] [--scene NAME]... [--detached]
  --quick       a short run (fewer queries and sizes; well under 2 minutes)
  --json FILE   write every figure (all timed runs, counters, checks) as JSON
  --svg DIR     write the plots (distance against mesh size, first impact against body count) as SVG into DIR
  --obj DIR     write the distance scene's room, robot (OBJ) and poses into DIR, for a peer timed elsewhere
  --scene NAME  run only this scene (repeatable): distance, distance-size, trees, ccd, planck2d, many, shapes, compounds, proximity, batch, world, affine, convex, cast
  --detached    detach an ArrayBuffer first, as a process that posts buffers to a worker does: V8 then
                checks every typed-array access (the state of the runs before 2026-11-30's run 12)`;

/** Parses argv (without node and the script); throws on an unknown or incomplete option. */
export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { size: 'full', scenes: [], detached: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${arg} needs a value\n${USAGE}`);
      return v;
    };
    if (arg === '--quick') options.size = 'quick';
    else if (arg === '--json') options.json = value();
    else if (arg === '--svg') options.svg = value();
    else if (arg === '--obj') options.obj = value();
    else if (arg === '--scene') options.scenes.push(value());
    else if (arg === '--detached') options.detached = true;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  return options;
}
