import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'mesh', include: ['test/**/*.test.ts'] },
});
