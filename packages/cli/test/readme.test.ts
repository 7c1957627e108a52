// The README's session, run as written: the files it describes are made here, every `$ firsttouch`
// line runs the built tool in their folder, and what it prints must be the lines that follow it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeObj, writeStl } from '@firsttouch/io';
import { box, icosphere, naca4 } from '@firsttouch/mesh';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = join(import.meta.dirname, '..');
const cli = join(packageDir, 'dist', 'main.js');
const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'firsttouch-readme-'));

/** The session's commands and the output under each, from the README's console blocks. */
function session(): { command: string; output: string }[] {
  const steps: { command: string; output: string[] }[] = [];
  for (const block of readme.matchAll(/```console\n([\s\S]*?)```/g)) {
    for (const line of block[1].trimEnd().split('\n')) {
      if (line.startsWith('$ ')) steps.push({ command: line.slice(2), output: [] });
      else steps.at(-1)?.output.push(line);
    }
  }
  return steps.map((s) => ({ command: s.command, output: s.output.join('\n') }));
}

/** A command line split as a shell would split these: on spaces, with double-quoted words. */
function words(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(() => {
  writeFileSync(join(dir, 'ball.stl'), writeStl(icosphere(0.3, 2), { format: 'ascii', name: 'ball' }));
  writeFileSync(join(dir, 'pebble.obj'), writeObj(box(0.04, 2)));
  writeFileSync(join(dir, 'wing.stl'), writeStl(naca4('0012', 1, 1, 50)));
  const scene = readme.match(/```json\n([\s\S]*?)```/);
  writeFileSync(join(dir, 'scene.json'), scene ? scene[1] : '');
});

describe("the README's session", () => {
  const steps = session();
  it('has the four commands', () => {
    expect(steps.map((s) => words(s.command).slice(0, 2))).toEqual([
      ['firsttouch', 'toi'],
      ['firsttouch', 'distance'],
      ['firsttouch', 'first-impact'],
      ['firsttouch', 'slice'],
    ]);
  });
  for (const { command, output } of steps) {
    it(command, () => {
      const [, ...args] = words(command);
      const r = spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout.trimEnd()).toBe(output);
    });
  }
  it('wrote the SVG it says it wrote', () => {
    expect(existsSync(join(dir, 'wing.svg'))).toBe(true);
    expect(readFileSync(join(dir, 'wing.svg'), 'utf8')).toMatch(/^<svg[\s\S]*<polyline[\s\S]*<\/svg>\n$/);
  });
});
