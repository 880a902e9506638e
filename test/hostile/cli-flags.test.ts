// Hostile flag values through the real CLI (issue 39): a sample of (command, flag, value) cases
// that the flag's own parser refuses, each run as a user runs it, in an empty directory with a
// cache of its own. Contract: exit 2 before any work, stderr one `agent-track:` line naming the
// flag, no stack trace, nothing written (the directory and the cache stay empty).
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { AgentTrackError } from '../../src/core/index.js';
import { cliIn } from '../cli/run-cli.js';
import { BAD_FLAG_VALUES } from './generators.js';
import { cliRefusalProblem, hostile } from './hostile.js';
import { inert, valueFlags } from './program.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-hostile-flags-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The (command, flag, value) cases the flag's own parser refuses, found in process. */
async function refusedByParser(): Promise<
  { path: string[]; flag: string; value: string; message: string }[]
> {
  const found: { path: string[]; flag: string; value: string; message: string }[] = [];
  for (const { path, flag } of valueFlags())
    for (const value of BAD_FLAG_VALUES) {
      if (value.includes('\u0000')) continue; // no process takes a NUL in its argv
      try {
        await inert().parseAsync(['node', 'agent-track', ...path, flag, value]);
      } catch (error) {
        if (error instanceof AgentTrackError) found.push({ path, flag, value, message: error.message });
      }
    }
  return found;
}

let n = 0;
test('flags refused by their parser, through the real CLI: exit 2, one line naming the flag, nothing written', async () => {
  const cases = await refusedByParser();
  expect(cases.length).toBeGreaterThan(100);
  // Every parser's refusal names its flag (`--tools` named only the profile it could not find).
  expect(
    cases.filter((c) => !c.message.includes(c.flag)).map((c) => `${c.flag} ${c.value}: ${c.message}`),
  ).toEqual([]);
  await hostile(
    fc.constantFrom(...cases),
    async ({ path, flag, value }) => {
      const cwd = join(scratch, `c${++n}`);
      mkdirSync(cwd);
      const cache = join(scratch, `cache${n}`);
      const run = await cliIn([...path, flag, value], {
        cwd,
        env: { ...process.env, AGENT_TRACK_CACHE: cache },
        timeoutMs: 20_000,
      });
      const problem = cliRefusalProblem(run, flag);
      if (problem !== null)
        throw new Error(`${[...path, flag].join(' ')} ${JSON.stringify(value)}: ${problem}`);
      expect(readdirSync(cwd)).toEqual([]);
      expect(readdirSync(scratch)).not.toContain(`cache${n}`);
    },
    { runs: 10, budgetMs: 20_000, shrink: false },
  );
}, 120_000);
