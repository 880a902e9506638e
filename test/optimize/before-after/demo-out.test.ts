import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { clearDemoOut } from '../../../src/optimize/before-after/demo-out.js';
import { DEMO_COMMITS } from '../../../src/optimize/before-after/demo-product.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-demo-out-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const planOf = (baseline: string, candidate: string) =>
  JSON.stringify({
    format: 1,
    arms: [{ commit: { subject: baseline } }, { commit: { subject: candidate } }],
  });

// Each case: the files a directory holds, and whether the demo may empty it.
test.each([
  ['absent', null, true],
  ['empty', {}, true],
  [
    "an earlier demo's run",
    { 'plan.json': planOf(DEMO_COMMITS.baseline, DEMO_COMMITS.candidate), 'ledger.jsonl': '{}\n' },
    true,
  ],
  ['a campaign stopped before its plan', { 'campaign.log': 'x\n', 'worktrees.json': '[]' }, true],
  ['a real campaign', { 'plan.json': planOf('fix search', 'faster search'), 'ledger.jsonl': '{}\n' }, false],
  ['a plan that is not JSON', { 'plan.json': 'nope' }, false],
  ["a user's files", { 'notes.txt': 'mine\n' }, false],
  ["a user's file beside a campaign's", { 'campaign.log': 'x\n', 'thesis.tex': 'mine\n' }, false],
])('%s: emptied %s', (name, files, emptied) => {
  const dir = join(scratch, name.replaceAll(/\W+/g, '-'));
  if (files !== null) {
    mkdirSync(dir);
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  }
  if (emptied) {
    clearDemoOut(dir);
    expect(existsSync(dir)).toBe(false);
    return;
  }
  expect(() => clearDemoOut(dir)).toThrow(
    `\`--out\` names \`${dir}\`, which holds files that are not an earlier demo's run`,
  );
  for (const [file, text] of Object.entries(files ?? {}))
    expect(readFileSync(join(dir, file), 'utf8')).toBe(text);
});
