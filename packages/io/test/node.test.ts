import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { box, icosphere } from '@firsttouch/mesh';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_MAX_STREAM_BYTES,
  readFileBytes,
  readFileBytesSync,
  readObjFile,
  readStlFile,
  writeObjFile,
  writeStlFile,
} from '../src/node.js';
import { asciiStl } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'firsttouch-io-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

  // Adversarial testing: readStlFile('/dev/zero'), readObjFile and the CLI grew to gigabytes (2.6 GB
  // in 15 s) and never answered; readStlFile(123) threw Node's own TypeError.
  it('refuses a never-ending file past maxBytes, every reader', async () => {
    const small = { maxBytes: 2 ** 20 };
    await expect(readStlFile('/dev/zero', small)).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
    await expect(readObjFile('/dev/zero', small)).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
    await expect(readFileBytes('/dev/zero', small)).rejects.toThrow(
      /\/dev\/zero goes on past maxBytes = 1048576 bytes/,
    );
    expect(() => readFileBytesSync('/dev/zero', small)).toThrow(/past maxBytes = 1048576 bytes/);
    await expect(readFileBytes('/dev/zero', { maxBytes: 0 })).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
  });

  it('the default bound holds too (256 MiB of /dev/zero, then refused)', { timeout: 120_000 }, async () => {
    expect(DEFAULT_MAX_FILE_BYTES).toBe(2 ** 30);
    expect(DEFAULT_MAX_STREAM_BYTES).toBe(2 ** 28);
    await expect(readStlFile('/dev/zero')).rejects.toThrow(/past maxBytes = 268435456 bytes/);
  });

  it('refuses a regular file larger than maxBytes from its size, and reads one of exactly maxBytes', async () => {
    const path = join(dir, 'cube.stl');
    await writeStlFile(path, box(1));
    const size = readFileSync(path).length;
    await expect(readStlFile(path, { maxBytes: size - 1 })).rejects.toThrow(
      new RegExp(`holds ${size} bytes, more than maxBytes = ${size - 1}`),
    );
    expect((await readStlFile(path, { maxBytes: size })).surface.facetCount).toBe(12);
    expect(readFileBytesSync(path, { maxBytes: size }).length).toBe(size);
  });

  it('reads a pipe whose size is unknown until it ends', async () => {
    if (spawnSync('mkfifo', ['--help']).error) return; // no mkfifo: nothing to test with
    const source = join(dir, 'piped.stl');
    await writeStlFile(source, icosphere(1, 1));
    const fifo = join(dir, 'pipe.stl');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const writer = spawn('sh', ['-c', `cat "${source}" > "${fifo}"`]);
    const closed = new Promise((done) => writer.on('close', done));
    const r = await readStlFile(fifo);
    expect(r.surface.facetCount).toBe(icosphere(1, 1).facetCount);
    expect(await closed).toBe(0);
  });

  it('refuses a path that is neither a string nor a URL, and a bad maxBytes', async () => {
    for (const path of [123, null, undefined, {}, ['a.stl']]) {
      await expect(readStlFile(path as unknown as string)).rejects.toMatchObject({
        name: 'FirstTouchError',
        code: 'INVALID_OPTION',
      });
      await expect(readObjFile(path as unknown as string)).rejects.toThrow(
        /readObjFile: path must be a string or a URL/,
      );
    }
    // (Node's own calls threw TypeErrors for these: ERR_INVALID_ARG_VALUE, ERR_INVALID_URL_SCHEME)
    for (const path of ['/tmp/a\0b.stl', new URL('http://example.com/x.stl')]) {
      await expect(readStlFile(path)).rejects.toMatchObject({
        name: 'FirstTouchError',
        code: 'INVALID_OPTION',
      });
      await expect(readObjFile(path)).rejects.toThrow(/readObjFile: path must name a file/);
    }
    // Adversarial testing: file URLs Node cannot turn into a path threw its TypeErrors
    // (ERR_INVALID_ARG_VALUE for an encoded NUL, ERR_INVALID_FILE_URL_HOST, ERR_INVALID_FILE_URL_PATH).
    for (const url of ['file:///tmp/a%00b.stl', 'file://remotehost/x.stl', 'file:///dir%2Fx.stl']) {
      await expect(readStlFile(new URL(url))).rejects.toMatchObject({
        name: 'FirstTouchError',
        code: 'INVALID_OPTION',
      });
      await expect(readObjFile(new URL(url))).rejects.toThrow(
        new RegExp(`readObjFile: path must name a file .*${url.replace(/[/.]/g, '\\$&')}`),
      );
      expect(() => readFileBytesSync(new URL(url))).toThrow(/readFileBytesSync: path must name a file/);
    }
    for (const maxBytes of [-1, 1.5, Number.NaN, 2 ** 31, '10']) {
      await expect(readStlFile('/dev/zero', { maxBytes } as unknown as { maxBytes: number })).rejects.toThrow(
        /readStlFile: maxBytes must be an integer in \[0, 2147483647\]/,
      );
    }
  });

  // Adversarial testing: the writers passed any path to Node, whose TypeErrors came out
  // (ERR_INVALID_ARG_TYPE for writeObjFile(5, …), ERR_INVALID_ARG_VALUE for a NUL byte).
  it('the writers refuse the paths the readers refuse, before writing anything', async () => {
    const bad: unknown[] = [
      5,
      null,
      {},
      '/tmp/a\0b.obj',
      new URL('http://example.com/x.obj'),
      new URL('file:///tmp/a%00b.obj'),
      new URL('file://remotehost/x.obj'),
      new URL('file:///dir%2Fx.obj'),
    ];
    for (const path of bad) {
      await expect(writeObjFile(path as string, box(1))).rejects.toMatchObject({
        name: 'FirstTouchError',
        code: 'INVALID_OPTION',
      });
      await expect(writeStlFile(path as string, box(1))).rejects.toThrow(/writeStlFile: path must/);
    }
    // a file URL that names a file is written
    const url = new URL(`file://${join(dir, 'url.obj')}`);
    await writeObjFile(url, box(1));
    expect((await readObjFile(url)).surface.facetCount).toBe(12);
  });
});
