import { describe, expect, it } from 'vitest';
import { alternatedRatio, timeAlternated } from '../src/harness/alternated.js';
import { parseArgs } from '../src/harness/cli.js';
import { formatNumber } from '../src/harness/format.js';
import { mulberry32, Rng } from '../src/harness/prng.js';
import { machineProbe, probeSink } from '../src/harness/probe.js';
import { ratioOf } from '../src/harness/scene.js';
import { median } from '../src/harness/stats.js';
import { linePlotSvg } from '../src/harness/svg.js';
import { markdownTable } from '../src/harness/table.js';
import { pairedRatio, type Timing, timeSideBySide } from '../src/harness/timing.js';
import { watched } from '../src/harness/watched.js';

describe('harness', () => {
  it('watched counts the collections inside a call, and none in a call that allocates nothing', () => {
    // tens of megabytes of short-lived arrays: the young generation is collected many times
    const busy = watched(() => {
      const ring: number[][] = new Array(1024);
      for (let i = 0; i < 1_000_000; i++) ring[i & 1023] = [i, i + 1, i + 2];
      return ring[0][0];
    });
    expect(busy.value).toBe(999_424);
    expect(busy.collections).toBeGreaterThan(0);
    expect(busy.collectionMs).toBeGreaterThan(0);
    expect(busy.ms).toBeGreaterThan(0);
    const idle = watched(() => {
      let x = 0;
      for (let i = 0; i < 1000; i++) x += i;
      return x;
    });
    expect(idle.value).toBe(499_500);
    expect(idle.collections).toBe(0);
    expect(idle.faults).toBeGreaterThanOrEqual(0);
  });

  it('mulberry32 repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(43)()).not.toBe(xs[0]);
  });

  it('draws unit vectors and unit quaternions', () => {
    const rng = new Rng(1);
    for (let i = 0; i < 100; i++) {
      expect(Math.hypot(...rng.unitVector3())).toBeCloseTo(1, 12);
      expect(Math.hypot(...rng.quaternion())).toBeCloseTo(1, 12);
      const k = rng.int(3, 8);
      expect(k >= 3 && k <= 8 && Number.isInteger(k)).toBe(true);
    }
  });

  it('times the machine probe in CPU milliseconds, on a workload that always computes the same numbers', () => {
    const first = machineProbe();
    const sink = probeSink();
    expect(Number.isFinite(first) && first > 0).toBe(true);
    // Every timing sorts the same sequence: the sink grows by the same amount at each probe.
    machineProbe();
    const step = probeSink() - sink;
    machineProbe();
    expect(probeSink() - sink).toBeCloseTo(2 * step, 9);
    expect(step).toBeGreaterThan(0);
  });

  it('takes medians of odd and even counts', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('formats numbers to 3 significant digits', () => {
    expect(formatNumber(1234.5)).toBe('1235');
    expect(formatNumber(12.345)).toBe('12.3');
    expect(formatNumber(0.012345)).toBe('0.0123');
    expect(formatNumber(1.2e-8)).toBe('1.20e-8');
    expect(formatNumber(null)).toBe('—');
  });

  it('aligns a Markdown table and escapes pipes in cells', () => {
    const t = markdownTable(['a', 'bb'], [['|x|', '1']], [false, true]);
    expect(t.split('\n')).toEqual(['| a     | bb |', '| ----- | -: |', '| \\|x\\| |  1 |']);
  });

  it('times contenders side by side with the median of their runs', () => {
    let calls = 0;
    const t = timeSideBySide([{ name: 'x', queries: 10, batch: () => ++calls }], { warmup: 2, runs: 5 });
    expect(calls).toBe(7);
    expect(t.get('x')!.runsMs).toHaveLength(5);
    expect(t.get('x')!.perQueryUs).toBeGreaterThanOrEqual(0);
  });

  it('takes the ratio round by round, so that a change of the machine’s speed cancels', () => {
    // The peer takes twice firsttouch's time a query in every round but the last, in which the machine
    // slowed down between the two batches: the medians come from different rounds and read 4.
    const timing = (queries: number, runsMs: number[]): Timing => ({
      batchMs: median(runsMs),
      perQueryUs: (1000 * median(runsMs)) / queries,
      runsMs,
      queries,
    });
    const ft = timing(100, [1, 1, 3, 3, 1.5]);
    const peer = timing(50, [1, 1, 3, 3, 3]);
    expect(pairedRatio(peer, ft)).toBe(2);
    expect(peer.perQueryUs / ft.perQueryUs).toBe(4);
    // A peer timed in fewer rounds is paired over those only.
    expect(pairedRatio(timing(50, [1, 1]), ft)).toBe(2);
    const row = { scene: 's', case: 'c', firsttouch: 1, peer: 'p', peerTime: 3, extra: {} };
    expect(ratioOf(row)).toBe(3);
    expect(ratioOf({ ...row, pairedRatio: 2 })).toBe(2);
  });

  it('writes an SVG line plot with one polyline a series', () => {
    const svg = linePlotSvg({
      title: 't <1>',
      xLabel: 'x',
      yLabel: 'y',
      logX: true,
      logY: true,
      series: [
        {
          name: 'a',
          points: [
            [80, 10],
            [320, 30],
            [1280, 90],
          ],
        },
        {
          name: 'b',
          points: [
            [80, 100],
            [320, 200],
            [1280, 300],
          ],
        },
      ],
    });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<polyline/g)).toHaveLength(2);
    expect(svg).toContain('t &lt;1&gt;');
  });

  it('parses the command line', () => {
    expect(parseArgs(['--quick', '--json', 'out/x.json'])).toMatchObject({
      size: 'quick',
      json: 'out/x.json',
    });
    expect(parseArgs([])).toMatchObject({ size: 'full', scenes: [], detached: false });
    expect(parseArgs(['--detached', '--scene', 'planck2d'])).toMatchObject({
      detached: true,
      scenes: ['planck2d'],
    });
    expect(parseArgs(['--obj', 'out/room'])).toMatchObject({ obj: 'out/room' });
    expect(() => parseArgs(['--json'])).toThrow();
    expect(() => parseArgs(['--fast'])).toThrow();
  });
});

describe('timeAlternated', () => {
  it('runs each contender once a round after its warm-up, the order turning, and sums what they return', () => {
    const calls: string[] = [];
    const t = timeAlternated(
      [
        {
          name: 'a',
          queries: 2,
          batch: () => {
            calls.push('a');
            return 1;
          },
        },
        {
          name: 'b',
          queries: 4,
          batch: () => {
            calls.push('b');
            return 10;
          },
        },
      ],
      1,
      3,
    );
    expect(calls).toEqual(['a', 'b', 'a', 'b', 'b', 'a', 'a', 'b']);
    expect(t.get('a')!.cpuMs.length).toBe(3);
    expect(t.get('b')!.wallMs.length).toBe(3);
    expect(t.get('a')!.checksum).toBe(4);
    expect(t.get('b')!.checksum).toBe(40);
    for (const ms of [...t.get('a')!.cpuMs, ...t.get('a')!.wallMs]) expect(ms).toBeGreaterThanOrEqual(0);
  });

  it('alternatedRatio: the median of the rounds’ ratios of time a query', () => {
    const peer = { cpuMs: [8, 30, 12], wallMs: [8, 8, 8], queries: 2, checksum: 0 };
    const ours = { cpuMs: [1, 2, 3], wallMs: [2, 2, 2], queries: 1, checksum: 0 };
    // a query: peer 4, 15, 6 against 1, 2, 3: ratios 4, 7.5, 2
    expect(alternatedRatio(peer, ours, 'cpu')).toBe(4);
    expect(alternatedRatio(peer, ours, 'wall')).toBe(2);
  });
});
