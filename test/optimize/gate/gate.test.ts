import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DECISION_RULE, reportSchema } from '../../../src/report/index.js';
import { cli, ROOT } from '../../cli/run-cli.js';
import { seededDemoProduct } from '../before-after/kill-run.js';

// A pull request on the demo product, both ways: the strict search's commit as the head of a PR
// whose base is the shipped search is a regression (needle_reached falls on 12 tasks); a second
// PR on the same base then runs only its head.
let scratch: string;
let cacheDir: string;
let product: { repo: string; baseline: string; candidate: string };
let first: { stdout: string; stderr: string; code: number };
let second: { stdout: string; stderr: string; code: number };
let secondHead: string;

const git = (...args: string[]) => execFileSync('git', args, { cwd: product.repo, encoding: 'utf8' }).trim();
const gate = (head: string, out: string, ...more: string[]) =>
  cli(
    'gate',
    ...['--repo', product.repo, '--base', product.candidate, '--head', head],
    ...['--split', 'fixture-code/small_test', '--out', out],
    ...[
      '--cache-dir',
      cacheDir,
      '--confirm-spend',
      '--build-indexes',
      '--report-url',
      'https://ci.example/report.html',
    ],
    ...more,
  );
const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

// JUnit read by a real XML parser (Python's ElementTree): the suite's counts and each case's state.
function parseJunit(file: string): {
  suite: Record<string, string>;
  cases: { name: string; state: string }[];
} {
  const script = `
import json, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == 'testsuites', root.tag
suite = root.find('testsuite')
cases = [{'name': c.get('name'), 'state': next((x.tag for x in c if x.tag in ('failure', 'error', 'skipped')), 'passed')} for c in suite.findall('testcase')]
print(json.dumps({'suite': dict(suite.attrib), 'cases': cases}))`;
  return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' }));
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'agent-track-gate-'));
  cacheDir = join(scratch, 'cache');
  product = await seededDemoProduct(ROOT, join(scratch, 'product'), cacheDir);
  first = await gate(product.baseline, join(scratch, 'pr1'));
  // A second pull request on the same base: the strict search again, with a README line.
  git('checkout', '-q', '-b', 'pr2', product.baseline);
  git(
    '-c',
    'user.name=t',
    '-c',
    'user.email=t@t',
    'commit',
    '-q',
    '--allow-empty',
    '-m',
    'pr2: nothing but a commit',
  );
  secondHead = git('rev-parse', 'HEAD');
  // Its team decides on needle_reached, guarded by the calls to the first gold (not part of the
  // baseline's cache key: the same base rollouts serve any rule).
  second = await gate(
    secondHead,
    join(scratch, 'pr2'),
    ...['--primary', 'needle_reached', '--guard', 'tool_calls_to_first_gold'],
  );
}, 300_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('agent-track gate', () => {
  it('a significant regression on a guard exits 5 and says so in the comment, the JUnit file and stderr', () => {
    expect(first.stderr).toContain('gate: a regression');
    expect(first.code).toBe(5);
    const report = reportSchema.parse(JSON.parse(readFileSync(join(scratch, 'pr1', 'report.json'), 'utf8')));
    expect(report.verdict.outcome).toBe('fails');
    const comment = readFileSync(join(scratch, 'pr1', 'comment.md'), 'utf8');
    expect(comment.split('\n')[0]).toBe('## agent-track gate: ❌ regression');
    expect(comment).toContain('the **offline policy**, a deterministic stand-in');
    expect(comment).toContain(`**${report.verdict.line}**`);
    expect(comment).toMatch(/\| needle_reached \| guard \| 1 \| 0\.333 \| -0\.667 \[[^\]]+\] \| ❌ worse \|/);
    expect(comment).toContain('[The full report](https://ci.example/report.html)');
    expect(comment).toContain(
      `Base \`${product.candidate.slice(0, 12)}\` → head \`${product.baseline.slice(0, 12)}\``,
    );
  });

  it('JUnit: one case per watched row, the primary and the guard that got worse failed, parsed by a real XML parser', () => {
    const { suite, cases } = parseJunit(join(scratch, 'pr1', 'junit.xml'));
    const rows = [
      DEFAULT_DECISION_RULE.primary,
      ...DEFAULT_DECISION_RULE.guards,
      ...DEFAULT_DECISION_RULE.watched,
    ].map((r) => r.key);
    expect(cases.map((c) => c.name.replace(/^\w+: /, ''))).toEqual(rows);
    expect(cases.filter((c) => c.state === 'failure').map((c) => c.name)).toEqual([
      'primary: needless_call_rate',
      'guard: needle_reached',
    ]);
    expect(suite).toMatchObject({ tests: String(rows.length), failures: '2', errors: '0', skipped: '0' });
  });

  it('a second gate on the same base reuses the baseline: the ledger books no baseline rollout', () => {
    expect(second.stdout).toMatch(/gate: 12 baseline rollouts reused from .*gate-baselines/);
    // The plan says what the restored ledger holds: the base is neither run nor paid again.
    expect(second.stdout, second.stdout).toContain(
      'Already recorded in this campaign (neither run nor paid again): baseline 12 of 12 rollouts, candidate 0 of 12; the 12 left estimate $',
    );
    // The base runs nothing, so nothing of it is set up, asked about the block or started.
    expect(second.stdout).toContain(
      `baseline: worktree at ${product.candidate.slice(0, 12)}; no setup (every rollout of it is recorded: nothing of it runs)`,
    );
    expect(second.stdout).toContain(
      'baseline: not asked about the LLM block: every rollout of it is recorded, nothing of it runs',
    );
    expect(second.stdout).not.toMatch(/^baseline \(\w+\): accepts the block/m);
    expect(second.stdout).toMatch(/^candidate \(\w+\): accepts the block/m);
    const ledger = lines(join(scratch, 'pr2', 'ledger.jsonl'));
    const base = ledger.filter((line) => line.arm === 'baseline');
    expect(base).toHaveLength(12);
    expect(
      base.every((line) => line.attempts === 0 && line.booked_usd === 0 && line.commit === product.candidate),
    ).toBe(true);
    expect(ledger.filter((line) => line.arm === 'candidate' && line.commit === secondHead)).toHaveLength(12);
    const spend = lines(join(scratch, 'pr2', 'spend.jsonl'));
    expect(spend.filter((line) => String(line.key).startsWith('baseline/'))).toEqual([]);
    expect(readFileSync(join(scratch, 'pr2', 'comment.md'), 'utf8')).toContain(
      '(12 baseline rollouts reused from an earlier gate on this base)',
    );
    // The same arms as the first gate: a regression again, from half the rollouts.
    expect(second.code).toBe(5);
  });

  it('--primary and --guard: the plan states the chosen rule, the verdict and the JUnit cases follow it', () => {
    const rule = {
      primary: { key: 'needle_reached', direction: 'higher' },
      guards: [{ key: 'tool_calls_to_first_gold', direction: 'lower' }],
      watched: DEFAULT_DECISION_RULE.watched,
    };
    const plan = JSON.parse(readFileSync(join(scratch, 'pr2', 'plan.json'), 'utf8')) as {
      decision_rule: unknown;
    };
    expect(plan.decision_rule).toEqual(rule);
    expect(second.stdout).toContain(
      'Decision rule: succeeds when needle_reached ↑ moves its way at one-sided p < 0.05 and no guard (tool_calls_to_first_gold ↓) is significantly worse',
    );
    const report = reportSchema.parse(JSON.parse(readFileSync(join(scratch, 'pr2', 'report.json'), 'utf8')));
    expect(report.verdict.decision_rule).toEqual(rule);
    // needle_reached fell on the strict search: the primary itself is significantly worse.
    expect(report.verdict).toMatchObject({ outcome: 'fails', primary_worse: true });
    expect(report.verdict.line).toMatch(/^The change fails: needle_reached 1\.000 → 0\.333/);
    const { cases } = parseJunit(join(scratch, 'pr2', 'junit.xml'));
    expect(cases.map((c) => c.name)).toEqual([
      'primary: needle_reached',
      'guard: tool_calls_to_first_gold',
      ...DEFAULT_DECISION_RULE.watched.map((w) => `watched: ${w.key}`),
    ]);
    expect(cases.filter((c) => c.state === 'failure').map((c) => c.name)).toEqual([
      'primary: needle_reached',
    ]);
    expect(readFileSync(join(scratch, 'pr2', 'comment.md'), 'utf8')).toContain(
      'Minimum detectable effect on needle_reached',
    );
  });
});
