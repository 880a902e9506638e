/**
 * Writes the committed fixture run `fixtures/runs/viewer-small/` (6 tasks and the hostile one,
 * seed 7) with bench/before-after-run.ts. The viewer's browser test opens it. Re-run after a
 * change to the generator or the trajectory format: `npx tsx bench/make-viewer-fixture.ts`.
 */
import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { writeBeforeAfterRun } from './before-after-run.js';

const dir = join(import.meta.dirname, '..', 'fixtures', 'runs', 'viewer-small');
rmSync(dir, { recursive: true, force: true });
const ids = await writeBeforeAfterRun(dir, { tasks: 6, seed: 7, hostile: true });
console.log(`wrote ${relative(process.cwd(), dir)}: ${ids.length} tasks`);
