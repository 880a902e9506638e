import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './test/setup/slowest-first.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/build-dist.ts'],
    setupFiles: ['test/setup/fail-on-warning.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    testTimeout: 30_000,
    // A hook's clean-up removes a scratch tree of worktrees and caches (before-after's: 6,453 files,
    // 1.3 s idle), timed from start to end even when synchronous: under a full run's load one took
    // over the 10 s default and failed a CI run whose every test had passed.
    hookTimeout: 60_000,
    // Test files share a worker and its loaded modules: a fresh process and module graph per file
    // cost ~0.2 s of start and ~0.7 s of imports each (180 files), most of a 2-core run's idle time.
    // No test relies on a module's state being new; each cleans up what it sets.
    isolate: false,
    // Three workers on this 2-core machine: the tests wait on child processes (servers, harnesses)
    // and on timers much of the time, so another file runs meanwhile. One worker to two took the
    // suite from 466 s to 325 s; two to three, 559 s to 527-536 s, the cores idle 9-11 core-s of
    // ~1,060 instead of ~78.
    maxWorkers: 3,
    // The slowest files start first (test/setup/durations.json), so the last to end is a short one.
    sequence: { sequencer: SlowestFirst },
  },
});
