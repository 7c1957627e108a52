import { defineConfig } from 'vitest/config';

// One run over every package and app; each of them also runs alone with its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'scripts'],
  },
});
