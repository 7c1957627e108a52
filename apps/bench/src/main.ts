import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { detachOneBuffer } from './bunny-data.js';
import { parseArgs, USAGE } from './harness/cli.js';
import { formatNumber } from './harness/format.js';
import { loadAverage, machineInfo } from './harness/machine.js';
import { machineProbe, probeSink } from './harness/probe.js';
import { ratioOf, type SceneResult, TIMING } from './harness/scene.js';
import { linePlotSvg } from './harness/svg.js';
import { resultTable } from './harness/table.js';
import { nowMs, sinkValue } from './harness/timing.js';
import { SCENES } from './scenes/index.js';

// Runs the scenes one after the other in this process, prints one table per scene and a table of
// all rows at the end, then writes the JSON and the plots when asked.
async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const chosen = options.scenes.length ? SCENES.filter((s) => options.scenes.includes(s.name)) : SCENES;
  const unknown = options.scenes.filter((n) => !SCENES.some((s) => s.name === n));
  if (unknown.length)
    throw new Error(`unknown scene ${unknown.join(', ')}; scenes: ${SCENES.map((s) => s.name).join(', ')}`);
  const machine = machineInfo();
  if (options.detached) detachOneBuffer();
  console.log(
    `firsttouch bench (${options.size}${options.detached ? ', an ArrayBuffer detached' : ''}), node ${machine.node}, ${machine.cpus} CPUs, load ${machine.loadAverage.join(' ')}`,
  );
  const started = nowMs();
  const results: Array<{
    name: string;
    title: string;
    seconds: number;
    probeMs: [number, number];
    result: SceneResult;
  }> = [];
  for (const scene of chosen) {
    // The machine probe around each scene: its figures are read against it (README, "Two speeds").
    const probeBefore = machineProbe();
    const t0 = nowMs();
    const result = await scene.run({
      size: options.size,
      timing: TIMING[options.size],
      log: (line) => process.stderr.write(`  … ${line}\n`),
      objDir: options.obj,
    });
    const seconds = (nowMs() - t0) / 1000;
    const probeMs: [number, number] = [probeBefore, machineProbe()];
    results.push({ name: scene.name, title: scene.title, seconds, probeMs, result });
    console.log(
      `\n## ${scene.title} (${scene.name}, ${formatNumber(seconds)} s, machine probe ${probeMs.map((x) => formatNumber(x)).join(' → ')} ms)\n`,
    );
    console.log(resultTable(result.rows));
    for (const note of result.notes) console.log(`\n- ${note}`);
  }
  const total = (nowMs() - started) / 1000;
  const loadAfter = loadAverage();
  console.log(`\n## All rows (${formatNumber(total)} s in all, load at the end ${loadAfter.join(' ')})\n`);
  console.log(resultTable(results.flatMap((r) => r.result.rows)));

  if (options.svg) {
    mkdirSync(options.svg, { recursive: true });
    for (const plot of results.flatMap((r) => r.result.plots)) {
      const file = join(options.svg, plot.file);
      writeFileSync(file, linePlotSvg(plot));
      console.log(`plot written: ${file}`);
    }
  }
  if (options.json) {
    mkdirSync(dirname(options.json), { recursive: true });
    const report = {
      date: new Date().toISOString(),
      size: options.size,
      detached: options.detached,
      timing: TIMING[options.size],
      machine,
      loadAfter,
      seconds: total,
      scenes: results.map((r) => ({
        name: r.name,
        title: r.title,
        seconds: r.seconds,
        probeMs: r.probeMs,
        rows: r.result.rows.map((row) => ({ ...row, ratio: ratioOf(row) })),
        figures: r.result.figures,
        notes: r.result.notes,
        plots: r.result.plots,
      })),
      sink: sinkValue() + probeSink(),
    };
    writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`figures written: ${options.json}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
