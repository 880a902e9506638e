import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadCampaignConfig } from '../../../src/optimize/optimizer/config/load-config.js';
import { optimize } from '../../../src/optimize/optimizer/optimize.js';
import { scriptedProposer } from '../../../src/optimize/optimizer/propose/proposer.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const AXES = ['tool_docs', 'usage_skill', 'ask_prompt', 'ask_architecture', 'retrieval_config'] as const;
const shipped = (axis: string) => join(ROOT, 'configs/optimize', `${axis}.yaml`);
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-optimize-'));
const cacheDir = join(scratch, 'cache');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Small dry runs: two tasks per slice, one round, two candidates: real harness rollouts with the
// offline policy, a few seconds each on a loaded machine.
const SMALL = { dryRun: true, limit: 2, rounds: 1, candidates: 2, cacheDir, concurrency: 2 } as const;

// Every shipped campaign on its whole 12-task slices, one round of two candidates: enough pairs
// for a held-out confirmation, each rollout a real harness run with the offline policy.
const CONFIRMING = { ...SMALL, limit: undefined } as const;

// What each shipped dry run decides on the 12 held-out tasks. The text axes accept the offline
// proposer's second sentence, a one-call cap (the gold is in the first search's rows; 12 of 12
// tasks better: one-sided p = 2^-12, below Holm's first level 0.05 / 4). The configuration axes
// accept the repair of their strict all-words starting point (8 tasks gain the gold: McNemar
// p = 2^-8 = 0.0039 <= 0.025). usage_skill samples (temperature 1), its draws seeded by the
// conversation, the skill's text included: with the skill naming seven tools the cap wins all 12
// test tasks too (p = 2^-12). (With the six-tool wording the same seed lost the gold on some test
// tasks and the held-out test rejected it, p = 0.0166 > 0.0125: the rejection path is tested on its
// own in paid.test.ts, a skill that helps only on the search slice.)
const CONFIRMED: Record<(typeof AXES)[number], string> = {
  tool_docs: 'accepted',
  usage_skill: 'accepted',
  ask_prompt: 'accepted',
  ask_architecture: 'accepted',
  retrieval_config: 'accepted',
};

describe('optimize --dry-run', () => {
  test.each(AXES)(
    '%s: plan, steps, a held-out confirmation, $0.00, result files',
    async (axis) => {
      const lines: string[] = [];
      const out = join(scratch, axis);
      const result = await optimize(loadCampaignConfig(shipped(axis)), {
        ...CONFIRMING,
        out,
        log: (line) => lines.push(line),
      });
      expect(result).not.toBeNull();
      expect(lines[0]).toMatch(/^Plan: optimize /);
      expect(lines.some((l) => l.startsWith('Step: evaluate the incumbent'))).toBe(true);
      expect(lines.some((l) => l.startsWith('Step: round 1'))).toBe(true);
      expect(lines.at(-2)).toMatch(/Spent \$0\.00/);
      expect(result!.spend.usd).toBe(0);
      expect(result!.candidates.length).toBe(2);
      // Incumbent on 12 search tasks, each candidate the free checks and free rung let through on
      // at least the minibatch: a real run would pay for these.
      const screened = result!.candidates.filter((c) => !c.status.startsWith('rejected_free')).length;
      expect(screened).toBeGreaterThanOrEqual(1);
      expect(result!.rollouts).toBeGreaterThanOrEqual(12 + 3 * screened);
      expect(result!.estimate.calls.rollout).toBe(result!.rollouts);
      // The held-out test ran: the candidate that won screening met the 8 test tasks.
      expect(result!.confirmations.map((c) => [c.pairs, c.decision])).toEqual([[12, CONFIRMED[axis]]]);
      expect(
        lines.some((l) => /^Step: confirm c1\.\d against incumbent on fixture-code\/test$/.test(l)),
      ).toBe(true);
      expect(result!.final.id).toBe(
        CONFIRMED[axis] === 'accepted' ? result!.confirmations[0]!.candidate : 'incumbent',
      );
      for (const file of ['result.json', 'result.md', 'admissions.jsonl', 'evaluations.jsonl'])
        expect(existsSync(join(out, file))).toBe(true);
      expect(JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8'))).toMatchObject({
        rollouts: result!.rollouts,
        confirmations: 1,
        'confirmations.accepted': CONFIRMED[axis] === 'accepted' ? 1 : 0,
        'confirmation.last.pairs': 12,
        'spend.usd': result!.spend.usd,
      });
      expect(readFileSync(join(out, 'admissions.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2);
      if (axis === 'ask_prompt') {
        // The judge is weighted: every rollout was judged (offline), each sample in the ledger.
        expect(result!.estimate.calls.judge).toBe(result!.rollouts);
        const judged = readFileSync(join(out, 'judgments.jsonl'), 'utf8').trim().split('\n');
        expect(judged).toHaveLength(result!.rollouts);
        expect(JSON.parse(judged[0]!)).toMatchObject({
          status: 'judged',
          reason: expect.stringMatching(/^\[offline policy/),
        });
      }
      if (axis === 'retrieval_config') {
        // gold_reached alone is 0/1 per task: McNemar's exact test at Holm's first level 0.05 / 2.
        expect(result!.confirmations[0]).toMatchObject({ test: 'mcnemar', alpha: 0.025 });
        expect(result!.incumbent.search_mean).toBeLessThan(1);
        expect(existsSync(join(out, 'free-rung'))).toBe(true);
        for (const c of result!.candidates.filter((x) => x.status === 'rejected_free_rung'))
          expect(c.free_checks.reason).toMatch(
            /^free rung: mrr \(piece\) [\d.]+ < incumbent [\d.]+ over 12 tasks$/,
          );
      }
      if (axis === 'tool_docs') {
        // Its guard objectives were tested on the held-out pairs, read back from the rollouts.
        expect(result!.confirmations[0]!.guards?.map((g) => [g.metric, g.pairs, g.passed])).toEqual([
          ['needle_reached', 12, true],
          ['tool_calls_total', 12, true],
        ]);
        expect(readFileSync(join(out, 'result.md'), 'utf8')).toContain(
          ', guard: tool_calls_total no worse than +10%',
        );
        expect(result!.candidates.every((c) => c.operator === 'reflective')).toBe(true);
        // The campaign's record is in the run log of the cache directory, beside other runs.
        const records = readFileSync(join(cacheDir, 'runs.jsonl'), 'utf8').trim().split('\n');
        expect(JSON.parse(records.at(-1)!)).toMatchObject({
          system: 'optimize',
          config: `tool_docs:${result!.final.id}`,
          dataset: { name: 'fixture-code', slice: 'test', tasks: 12 },
        });
        expectDiffApplies(result!.diff, 'configs/product/tool_docs.yaml');
        // Printed on the terminal and kept on its own, ready for `git apply`.
        expect(readFileSync(join(out, 'accepted.diff'), 'utf8')).toBe(result!.diff);
        expect(lines.join('\n')).toContain(
          `Accepted \`${result!.final.id}\`: its diff (apply it in the product's repository with \`git apply ${join(out, 'accepted.diff')}\`):\ndiff --git a/configs/product/tool_docs.yaml`,
        );
      }
      // The grid's 24 points run 12 distinct configurations; the overlays' 10 are all distinct.
      expect(result!.candidate_space).toEqual(
        axis === 'ask_architecture'
          ? expect.objectContaining({ enumerated: 24, distinct: 12, proposed: 12 })
          : axis === 'retrieval_config'
            ? expect.objectContaining({ enumerated: 10, distinct: 10, proposed: 10 })
            : null,
      );
    },
    180_000,
  );
});

// The accepted diff, applied with `git apply` to a repository holding the artifact as it is,
// changes one line: the description the offline proposer appended its sentence to.
function expectDiffApplies(diff: string | null, artifact: string): void {
  expect(diff).toMatch(new RegExp(`^diff --git a/${artifact} b/${artifact}\n`));
  const repo = join(scratch, 'apply');
  mkdirSync(join(repo, dirname(artifact)), { recursive: true });
  const before = readFileSync(join(ROOT, artifact), 'utf8');
  writeFileSync(join(repo, artifact), before);
  writeFileSync(join(repo, 'accepted.diff'), diff!);
  execFileSync('git', ['init', '-q'], { cwd: repo });
  execFileSync('git', ['apply', 'accepted.diff'], { cwd: repo });
  const after = readFileSync(join(repo, artifact), 'utf8').split('\n');
  const changed = before.split('\n').filter((line, i) => line !== after[i]);
  expect(changed).toHaveLength(1);
  expect(after.some((line) => line.endsWith('answer from them, at most 1 tool call.'))).toBe(true);
}

test('a candidate failing a free check is rejected at no cost, with its reason', async () => {
  const loaded = loadCampaignConfig(shipped('tool_docs'));
  const broken = 'search_codebase:\n  description: Search.\n  parameters: { query: Words }\n';
  const result = await optimize(loaded, {
    ...SMALL,
    out: join(scratch, 'free-check'),
    proposer: scriptedProposer([[broken]]),
  });
  const [candidate] = result!.candidates;
  expect(candidate!.status).toBe('rejected_free_check');
  expect(candidate!.free_checks.reason).toMatch(/tool_schema/);
  expect(candidate!.screening).toEqual([]);
  // Only the incumbent's two search rollouts were made.
  expect(result!.rollouts).toBe(2);
}, 120_000);

test('without --dry-run and --confirm-spend the plan is printed and nothing runs', async () => {
  const lines: string[] = [];
  const out = join(scratch, 'plan-only');
  const result = await optimize(loadCampaignConfig(shipped('tool_docs')), {
    dryRun: false,
    limit: 2,
    cacheDir,
    out,
    log: (line) => lines.push(line),
  });
  expect(result).toBeNull();
  expect(lines[0]).toMatch(/^Plan: optimize tool_docs/);
  expect(lines.join('\n')).toMatch(/prices unknown: a paid run fails closed/);
  expect(existsSync(out)).toBe(false);
});

// A shipped campaign config with some keys changed, written under `dir` (paths made absolute).
function campaignFile(dir: string, axis: string, changes: Record<string, unknown>): string {
  const config = parse(readFileSync(shipped(axis), 'utf8')) as Record<string, unknown>;
  const file = join(dir, 'campaign.yaml');
  writeFileSync(
    file,
    stringify({
      ...config,
      product: { repo: ROOT, manifest: 'agent-track.product.yaml' },
      llm_block: join(ROOT, 'configs/llm/openrouter.yaml'),
      ...changes,
    }),
  );
  return file;
}

test('a dry run with a sampling stand-in and 2 repeats runs each task twice, the second as its rollout ~2', async () => {
  const dir = join(scratch, 'sampling');
  mkdirSync(dir, { recursive: true });
  const file = campaignFile(dir, 'usage_skill', { repeats: 2, stand_in: { temperature: 1, seed: 3 } });
  const out = join(dir, 'run');
  const result = await optimize(loadCampaignConfig(file), { ...SMALL, candidates: 1, out });
  const evaluations = readFileSync(join(out, 'evaluations.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { hash: string; task: string; repeat: number });
  const incumbent = evaluations.filter((e) => e.hash === result!.incumbent.hash);
  // Two search tasks x two repeats, each scored under the task's own id.
  const tasks = [...new Set(incumbent.map((e) => e.task))].sort();
  expect(tasks).toHaveLength(2);
  expect(incumbent.map((e) => `${e.task}/${e.repeat}`).sort()).toEqual(
    tasks.flatMap((t) => [`${t}/0`, `${t}/1`]),
  );
  const second = join(out, 'rollouts', result!.incumbent.hash.slice(0, 16), 'dev', 'r1', 'tasks');
  expect(existsSync(join(second, `${tasks[0]}~2`))).toBe(true);
}, 120_000);

test('a held-out confirmation in looks stops at its first boundary and pays only for the tasks it ran', async () => {
  const dir = join(scratch, 'looks');
  mkdirSync(dir, { recursive: true });
  const shippedConfig = parse(readFileSync(shipped('tool_docs'), 'utf8')) as { acceptance: object };
  const file = campaignFile(dir, 'tool_docs', { acceptance: { ...shippedConfig.acceptance, looks: 3 } });
  const lines: string[] = [];
  const out = join(dir, 'run');
  const result = await optimize(loadCampaignConfig(file), {
    ...CONFIRMING,
    out,
    log: (line) => lines.push(line),
  });
  // The one-call cap wins every held-out task by the same margin (z is infinite at the first look):
  // it stops for success after 4 of the 12 tasks, and its guards are tested on those 4 pairs.
  const entry = result!.confirmations[0]!;
  expect(entry).toMatchObject({ decision: 'accepted', pairs: 4 });
  expect(entry.looks?.map((o) => [o.look, o.tasks, o.decision])).toEqual([[1, 4, 'success']]);
  expect(entry.guards?.map((g) => g.pairs)).toEqual([4, 4]);
  expect(lines.some((l) => /^ {2}look 1 of 3 after 4 held-out tasks: .*stop for success$/.test(l))).toBe(
    true,
  );
  const heldOut = readFileSync(join(out, 'evaluations.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { hash: string; slice: string })
    .filter((e) => e.slice === 'test' && e.hash === entry.hash);
  expect(heldOut).toHaveLength(4);
  expect(readFileSync(join(out, 'result.md'), 'utf8')).toContain(
    `- #1 ${entry.candidate}, look 1 after 4 tasks (4 pairs): z = n/a, success at >= 4.171: success`,
  );
}, 120_000);

test('a resumed campaign pays for nothing it already evaluated', async () => {
  const loaded = loadCampaignConfig(shipped('usage_skill'));
  const out = join(scratch, 'resume');
  const first = await optimize(loaded, { ...SMALL, out });
  expect(first!.rollouts).toBeGreaterThan(0);
  expect(first).toMatchObject({ campaign_rollouts: first!.rollouts, resumed: false, stopped_by: null });
  const lines: string[] = [];
  const again = await optimize(loaded, { ...SMALL, resume: out, log: (line) => lines.push(line) });
  expect(again!.rollouts).toBe(0);
  // The counts come from the directory's files: the campaign's rollouts, and the run says it resumed.
  expect(again).toMatchObject({ campaign_rollouts: first!.rollouts, resumed: true });
  expect(lines).toContain(
    `Resuming \`${out}\`: ${first!.rollouts} rollout(s) and $0.00 booked by earlier runs; nothing they finished runs again.`,
  );
  expect(readFileSync(join(out, 'result.md'), 'utf8')).toContain(
    `, ${first!.rollouts} rollout(s) (0 in this run, which resumed an earlier one).`,
  );
  expect(again!.candidates.map((c) => c.screening)).toEqual(first!.candidates.map((c) => c.screening));
}, 120_000);

test('on a terminal the rollouts show as one progress line; piped, nothing is drawn', async () => {
  const loaded = loadCampaignConfig(shipped('tool_docs'));
  const broken = 'search_codebase:\n  description: Search.\n  parameters: { query: Words }\n';
  const sink = (into: string[]) =>
    new Writable({
      write: (chunk, _enc, done) => {
        into.push(String(chunk));
        done();
      },
    });
  const drawn: string[] = [];
  const tty = Object.assign(sink(drawn), {
    isTTY: true,
  });
  await optimize(loaded, {
    ...SMALL,
    out: join(scratch, 'progress'),
    proposer: scriptedProposer([[broken]]),
    progress: tty,
  });
  const text = drawn.join('');
  expect(text).toContain('\r\x1b[2Kincumbent on dev 0/2 | booked $0.0000');
  expect(text).toContain('\r\x1b[2Kincumbent on dev 2/2 | booked $0.0000');
  const piped: string[] = [];
  const pipe = sink(piped);
  await optimize(loaded, {
    ...SMALL,
    resume: join(scratch, 'progress'),
    proposer: scriptedProposer([[broken]]),
    progress: pipe,
  });
  expect(piped).toEqual([]);
}, 120_000);

test('a run directory belongs to one campaign: a new run refuses it, a resume with other settings too', async () => {
  const loaded = loadCampaignConfig(shipped('usage_skill'));
  const out = join(scratch, 'claimed');
  await optimize(loaded, { ...SMALL, rounds: 0, out });
  await expect(optimize(loaded, { ...SMALL, out })).rejects.toThrow(/already holds a run: pass `--resume/);
  await expect(optimize(loaded, { ...SMALL, limit: 3, resume: out })).rejects.toThrow(
    /was run with another `limit` \(2 then, 3 now\)/,
  );
  await expect(optimize(loaded, { ...SMALL, resume: join(scratch, 'nowhere') })).rejects.toThrow(
    /No campaign to resume/,
  );
}, 120_000);
