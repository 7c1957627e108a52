import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectExamples, runExample } from '../../../scripts/doc-examples.js';

const examples = collectExamples(join(dirname(fileURLToPath(import.meta.url)), '..'));

describe('the examples of the README and of the TSDoc comments run and print what they say', () => {
  it('there are examples', () => expect(examples.length).toBeGreaterThan(10));
  for (const example of examples) {
    it(example.where, async () => {
      expect(await runExample(example, 'convex')).toEqual([]);
    });
  }
});
