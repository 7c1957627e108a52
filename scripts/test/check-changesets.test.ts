import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkChangesets, pendingChangesets } from '../check-changesets.mjs';

const workspace = join(import.meta.dirname, '..', '..');
const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/** A copy of the workspace's changesets with `extra` files added. */
function changesetsWith(extra: Record<string, string>): string {
  const dir = tempDir('firsttouch-changesets-test-');
  cpSync(join(workspace, '.changeset'), dir, { recursive: true });
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('check-changesets: changeset status over every pending changeset', () => {
  it("passes on the workspace's own changesets", () => {
    const r = checkChangesets();
    expect(r.output).not.toMatch(/🦋\s+error/);
    expect(r.status).toBe(0);
    expect(r.pending).toBe(pendingChangesets(join(workspace, '.changeset')).length);
  });

  it('fails on a changeset without its opening frontmatter line', () => {
    const dir = changesetsWith({ 'broken.md': "\n'@firsttouch/pose': patch\n---\n\nNo opening line.\n" });
    const r = checkChangesets({ changesets: dir });
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/could not parse changeset - missing or invalid frontmatter/);
  });

  it('fails on a changeset with a heading where the frontmatter goes (the first release of pose)', () => {
    const text = "---\n\n## '@firsttouch/pose': minor\n\nFirst release.\n";
    const r = checkChangesets({ changesets: changesetsWith({ 'pose-heading.md': text }) });
    expect(r.status).not.toBe(0);
  });

  it('fails on a changeset that names a package outside the workspace', () => {
    const text = "---\n'@firsttouch/nowhere': patch\n---\n\nA package that does not exist.\n";
    const r = checkChangesets({ changesets: changesetsWith({ 'nowhere.md': text }) });
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/@firsttouch\/nowhere/);
  });

  it('passes with no pending changeset at all (right after a release)', () => {
    const empty = tempDir('firsttouch-changesets-none-');
    writeFileSync(join(empty, 'README.md'), '# Changesets\n');
    const r = checkChangesets({ changesets: empty });
    expect(r.status).toBe(0);
    expect(r.pending).toBe(0);
  });
});
