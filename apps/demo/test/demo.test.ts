import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const app = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('the main job, as a user runs it', () => {
  it('prints the four runs and writes the five SVG figures', () => {
    const out = mkdtempSync(join(tmpdir(), 'firsttouch-demo-'));
    const r = spawnSync(process.execPath, [join(app, 'dist/demo/main.js'), out], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    for (const run of ['run 1', 'run 2', 'run 3', 'run 4']) expect(r.stdout).toContain(`$ ${run}`);
    expect(r.stderr).toContain('run 4/4');
    // the world's run: bullets through thin walls, none through
    expect(r.stdout).toContain('$ the world: no pass-through');
    expect(r.stdout).toMatch(/bullets through a wall 0, pairs intersecting 0/);
    for (const f of [
      'run1-gap.svg',
      'run2-iterates.svg',
      'run3-bodies.svg',
      'run4-scene.svg',
      'run4-sliding.svg',
    ]) {
      const path = join(out, f);
      expect(existsSync(path)).toBe(true);
      const svg = readFileSync(path, 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      expect(svg).not.toContain('NaN');
    }
  });
});
