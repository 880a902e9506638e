// Symlinks and special files where a run's trajectory files or a corpus's files should be (issue
// 39): a FIFO (opening one to read blocks forever), a link to /dev/zero (reads forever), a link to a
// file outside the directory given (whose content must never be read or quoted), a dangling link, a
// link loop, a directory. Contract: a trajectory is scored or refused naming its file, an index is
// built from the corpus's own regular files, nothing outside is ever read, every case in its budget.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { buildIndex } from '../../src/product/index-build/build-index.js';
import { parseServingConfig } from '../../src/product/serving/load-serving-config.js';
import { scorePath } from '../../src/trajectory/score/score-path.js';
import { ROOT } from '../cli/run-cli.js';
import { hostile, refusalProblem } from './hostile.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-hostile-special-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const SECRET = 'outside-secret-3f9a1c';
const outside = join(scratch, 'outside.txt');
writeFileSync(outside, `{"secret":"${SECRET}"}\npackage ${SECRET}\n`);
const TASK = join(ROOT, 'fixtures/runs/viewer-small/arms/baseline/tasks/task-000');
const SPECIALS = ['fifo', 'dev-zero', 'outside', 'dangling', 'loop', 'directory', 'inside'] as const;
type Special = (typeof SPECIALS)[number];

/** Puts `special` at `path` (whatever was there removed first). */
function place(path: string, special: Special): void {
  rmSync(path, { recursive: true, force: true });
  if (special === 'fifo') spawnSync('mkfifo', [path]);
  else if (special === 'dev-zero') symlinkSync('/dev/zero', path);
  else if (special === 'outside') symlinkSync(outside, path);
  else if (special === 'dangling') symlinkSync(join(scratch, 'nothing-here'), path);
  else if (special === 'loop') symlinkSync(path, path);
  else if (special === 'directory') mkdirSync(path);
  else {
    // A link to a copy inside the same directory: read as the file it names.
    cpSync(join(TASK, 'events.jsonl'), `${path}.copy`);
    symlinkSync(`${path}.copy`, path);
  }
}

let n = 0;
test("a trajectory's file replaced by a special file or a link: scored or refused naming it, nothing outside read", async () => {
  const outcomes = new Map<string, number>();
  await hostile(
    fc.record({
      file: fc.constantFrom('events.jsonl', 'result.json', 'messages.jsonl', 'model_turns.json'),
      special: fc.constantFrom(...SPECIALS),
    }),
    async ({ file, special }) => {
      const dir = join(scratch, `task-${++n}`);
      cpSync(TASK, dir, { recursive: true });
      const path = join(dir, file);
      place(path, file === 'events.jsonl' || special !== 'inside' ? special : 'dangling');
      for await (const item of scorePath(dir)) {
        if (item.error === undefined) {
          outcomes.set('scored', (outcomes.get('scored') ?? 0) + 1);
          continue;
        }
        outcomes.set('refused', (outcomes.get('refused') ?? 0) + 1);
        const problem = refusalProblem(item.error, dir);
        if (problem !== null) throw new Error(`${file} as ${special}: ${problem}`);
        expect(item.error.message).not.toContain(SECRET);
      }
    },
    { runs: 40, budgetMs: 10_000 },
  );
  // Both ends of the contract were reached: some scored (a link inside), most refused.
  expect(outcomes.get('refused') ?? 0).toBeGreaterThan(10);
}, 120_000);

test('a corpus holding special files and links: indexed from its own regular files, nothing outside read', async () => {
  const config = parseServingConfig([]);
  await hostile(
    fc.uniqueArray(fc.constantFrom(...SPECIALS), { minLength: 1, maxLength: SPECIALS.length }),
    (specials) => {
      const corpus = join(scratch, `corpus-${++n}`);
      mkdirSync(join(corpus, 'pkg'), { recursive: true });
      writeFileSync(
        join(corpus, 'pkg', 'store.go'),
        'package pkg\n\nfunc Get(key string) string { return key }\n',
      );
      for (const special of specials) place(join(corpus, 'pkg', `${special}.go`), special);
      const out = join(scratch, `ws-${n}`);
      buildIndex({ corpus, out, config });
      const written = readdirSync(out, { recursive: true, withFileTypes: true }).filter((entry) =>
        entry.isFile(),
      );
      expect(written.length).toBeGreaterThan(0);
      for (const entry of written)
        expect(readFileSync(join(entry.parentPath, entry.name)).includes(SECRET), entry.name).toBe(false);
    },
    { runs: 15, budgetMs: 10_000 },
  );
}, 120_000);
