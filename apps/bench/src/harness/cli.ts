import type { RunSize } from './scene.js';

/** The command line: `[--quick] [--json FILE] [--svg DIR] [--scene NAME]...`. */
export interface CliOptions {
  size: RunSize;
  json?: string;
  svg?: string;
  scenes: string[];
  help: boolean;
}

export const USAGE = `usage: node --import tsx src/main.ts [--quick] [--json FILE] [--svg DIR] [--scene NAME]...
  --quick       a short run (fewer queries and sizes; well under 2 minutes)
  --json FILE   write every figure (all timed runs, counters, checks) as JSON
  --svg DIR     write the plots (distance against mesh size, first impact against body count) as SVG into DIR
  --scene NAME  run only this scene (repeatable): distance, distance-size, ccd, convex, planck2d, many`;

/** Parses argv (without node and the script); throws on an unknown or incomplete option. */
export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { size: 'full', scenes: [], help: false };
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
    else if (arg === '--scene') options.scenes.push(value());
    else if (arg === '--help' || arg === '-h') options.help = true;
    else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  return options;
}
