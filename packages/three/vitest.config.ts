import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'three', include: ['test/**/*.test.ts'] },
});
