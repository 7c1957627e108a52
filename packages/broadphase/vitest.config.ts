import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'broadphase', include: ['test/**/*.test.ts'] },
});
