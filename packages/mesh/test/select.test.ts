// The tree build's quickselect lists the stops of Hoare's scans and pairs them instead of running
// the scans (src/tree/select.ts). Its permutation is the tree's `order`, so it is held here, bit for
// bit, to the plain scans: every range length from 1 to past a few blocks, keys random, tied,
// sorted, reversed, in runs, with the median anywhere in the range.

import { describe, expect, it } from 'vitest';
import { CROSS_I, partition, SELECT_SCRATCH, select } from '../src/tree/select.js';
import { rng } from './helpers.js';
import { plainPartition, plainSelect } from './plain-select.js';

/** Keys of `n` elements (`dim` each) of one kind: 0 random, 1 few values, 2 sorted, 3 reversed, 4 runs. */
function keys(n: number, dim: number, kind: number, random: () => number): Float64Array {
  const key = new Float64Array(n * dim);
  for (let i = 0; i < key.length; i++) {
    const e = Math.floor(i / dim);
    if (kind === 0) key[i] = random();
    else if (kind === 1) key[i] = Math.floor(random() * 3) - (random() < 0.1 ? 0 : -0);
    else if (kind === 2) key[i] = e + Math.floor(random() * 2);
    else if (kind === 3) key[i] = -e;
    else key[i] = e % 128 < 64 ? 0 : 1 + (e % 5);
  }
  return key;
}

describe('select', () => {
  it('leaves the permutation of the plain scans', () => {
    const random = rng(30);
    const scratch = new Int32Array(SELECT_SCRATCH);
    const lengths = [1, 2, 3, 4, 5, 8, 63, 64, 65, 127, 255, 256, 257, 258, 300, 511, 777, 1500, 4100];
    let differ = 0;
    let cases = 0;
    for (const n of lengths) {
      for (let trial = 0; trial < 24; trial++) {
        const dim = trial % 2 === 0 ? 3 : 2; // the build's: 3 for a surface, 2 for a curve
        const key = keys(n + 6, dim, trial % 5, random);
        const order = Uint32Array.from({ length: n + 6 }, (_, i) => i);
        // A range inside the array (elements on both sides stay put), the median anywhere in it.
        const lo = 3;
        const hi = lo + n - 1;
        const k = lo + Math.floor(random() * n);
        const axis = Math.floor(random() * dim);
        const [k1, o1, k2, o2] = [key.slice(), order.slice(), key.slice(), order.slice()];
        plainSelect(o1, k1, dim, axis, lo, hi, k);
        select(o2, k2, dim, axis, lo, hi, k, scratch);
        cases++;
        const same = o1.every((v, i) => v === o2[i]) && k1.every((v, i) => Object.is(v, k2[i]));
        if (!same) differ++;
      }
    }
    expect(cases).toBe(lengths.length * 24);
    expect(differ).toBe(0);
  });

  it('ends where the plain scans end when the listed run holds no stop of one scan', () => {
    // 300 keys around the pivot 10 (the median of key[0], key[149], key[299]): one swap from the
    // blocks (0 with 290), then nothing left of the crossing at 281 stops the left scan, which ends
    // at the first key above the pivot past the listed run. Mirrored for the right scan. Every k.
    const at = new Float64Array(300);
    at[0] = 10;
    for (let p = 281; p < 290; p++) at[p] = 20;
    for (let p = 291; p < 300; p++) at[p] = 20;
    const scratch = new Int32Array(SELECT_SCRATCH);
    let differ = 0;
    for (const mirror of [false, true]) {
      // Two numbers a key (the build's are 2 or 3), the second telling the elements apart.
      const key = new Float64Array(600);
      for (let p = 0; p < 300; p++) {
        key[2 * p] = mirror ? -at[299 - p] : at[p];
        key[2 * p + 1] = p;
      }
      for (let k = 0; k < 300; k++) {
        const order = Uint32Array.from({ length: 300 }, (_, i) => i);
        const [k1, o1, k2, o2] = [key.slice(), order.slice(), key.slice(), order.slice()];
        plainSelect(o1, k1, 2, 0, 0, 299, k);
        select(o2, k2, 2, 0, 0, 299, k, scratch);
        if (o1.some((v, i) => v !== o2[i]) || k1.some((v, i) => v !== k2[i])) differ++;
      }
    }
    expect(differ).toBe(0);
  });

  it('partitions around a value that is no key as the plain scans do', () => {
    // The centre split's pass: the pivot the middle of the range's spread (or anywhere between its
    // least and largest key), so the first stops may already have crossed and nothing is swapped.
    const random = rng(31);
    const scratch = new Int32Array(SELECT_SCRATCH);
    const lengths = [2, 3, 4, 5, 8, 64, 65, 255, 256, 257, 300, 777, 1500, 4100];
    let differ = 0;
    let cases = 0;
    for (const n of lengths) {
      for (let trial = 0; trial < 30; trial++) {
        const key = keys(n + 6, 3, trial % 5, random);
        const order = Uint32Array.from({ length: n + 6 }, (_, i) => i);
        const lo = 3;
        const hi = lo + n - 1;
        const axis = Math.floor(random() * 3);
        let least = Number.POSITIVE_INFINITY;
        let most = Number.NEGATIVE_INFINITY;
        for (let t = lo; t <= hi; t++) {
          least = Math.min(least, key[3 * t + axis]);
          most = Math.max(most, key[3 * t + axis]);
        }
        const pivot = trial % 3 === 0 ? least + 0.5 * (most - least) : least + random() * (most - least);
        const [k1, o1, k2, o2] = [key.slice(), order.slice(), key.slice(), order.slice()];
        const [i] = plainPartition(o1, k1, 3, axis, lo, hi, pivot);
        partition(o2, k2, 3, axis, lo, hi, pivot, scratch);
        cases++;
        const same = o1.every((v, x) => v === o2[x]) && k1.every((v, x) => Object.is(v, k2[x]));
        if (!same || scratch[CROSS_I] !== i) differ++;
      }
    }
    // Two keys, 0 then 10, around 5: the scans' first stops cross (1 and 0) before any swap.
    const two = Float64Array.of(0, 0, 0, 10, 0, 0);
    partition(Uint32Array.of(0, 1), two, 3, 0, 0, 1, 5, scratch);
    expect(scratch[CROSS_I]).toBe(1);
    expect(cases).toBe(lengths.length * 30);
    expect(differ).toBe(0);
  });
});
