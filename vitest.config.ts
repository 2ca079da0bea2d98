import { configDefaults, defineConfig } from 'vitest/config';

// The engine's tests are pure (no servers, mocks or environment changes), so their files share one
// module graph per worker: importing the grammars and rule tables once per file was most of the suite's time.
const ENGINE = 'test/engine/**/*.test.ts';
// The other tests use no module mocks or environment changes either (checked by grep), so they share too.
// Tests of what a fresh process loads need a module graph of their own.
const FRESH = ['test/engine/parse/lazy-load.test.ts'];
const EXCLUDE = configDefaults.exclude;

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'engine', include: [ENGINE], exclude: [...EXCLUDE, ...FRESH], isolate: false },
      },
      { extends: true, test: { name: 'engine-fresh', include: FRESH } },
      {
        extends: true,
        test: { name: 'rest', include: ['test/**/*.test.ts'], exclude: [...EXCLUDE, ENGINE], isolate: false },
      },
    ],
  },
});
