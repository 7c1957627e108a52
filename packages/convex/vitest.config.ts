import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'convex', include: ['test/**/*.test.ts'] },
});
