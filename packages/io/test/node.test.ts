import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { box, icosphere } from '@firsttouch/mesh';
import { describe, expect, it } from 'vitest';
import { readObjFile, readStlFile, writeObjFile, writeStlFile } from '../src/node.js';
import { asciiStl } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'firsttouch-io-'));

describe('@firsttouch/io/node', () => {
  it('writes and reads STL files, binary and ASCII', async () => {
    const s = icosphere(1, 2);
    const bin = join(dir, 'ball.stl');
    await writeStlFile(bin, s, { name: 'ball' });
    expect(readFileSync(bin).length).toBe(84 + 50 * s.facetCount);
    const r = await readStlFile(bin);
    expect(r.format).toBe('binary');
    expect(r.name).toBe('ball');
    expect(r.surface.facetCount).toBe(s.facetCount);
    const txt = join(dir, 'ball-ascii.stl');
    await writeStlFile(txt, s, { format: 'ascii' });
    const a = await readStlFile(txt);
    expect(a.format).toBe('ascii');
    for (let f = 0; f < s.facetCount; f++) expect(a.surface.facet(f)).toEqual(s.facet(f));
  });

  it('reads a file a user wrote (CRLF, upper case), and passes options on', async () => {
    const path = join(dir, 'user.stl');
    writeFileSync(
      path,
      asciiStl([{ name: 'u', facets: [[0, 0, 0, 1, 0, 0, 0, 1, 0]] }], { eol: '\r\n', upper: true }),
    );
    expect((await readStlFile(path, { format: 'ascii' })).name).toBe('u');
  });

  it('writes and reads OBJ files', async () => {
    const path = join(dir, 'crate.obj');
    await writeObjFile(path, box(1, 2), { name: 'crate' });
    const r = await readObjFile(path);
    expect(r.name).toBe('crate');
    expect(Array.from(r.surface.indices)).toEqual(Array.from(box(1, 2).indices));
  });

  it('a missing file rejects with the file system error', async () => {
    await expect(readStlFile(join(dir, 'missing.stl'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
