import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../cli/run-cli.js';
import { seededDemoProduct } from '../optimize/before-after/kill-run.js';

// The GitHub Action (action.yml, a composite action) runs one script; here it runs as the runner
// would run it: the inputs as INPUT_* variables, GITHUB_ACTION_PATH this checkout, the job summary
// and the step outputs files of their own, in a temporary two-commit repository, offline.
const SCRIPT = join(ROOT, 'scripts/gate-action.sh');
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { required?: boolean; default?: string; description: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: { id: string; run: string; env: Record<string, string> }[] };
};

let scratch: string;
let product: { repo: string; baseline: string; candidate: string };

function runAction(env: Record<string, string>, cwd: string) {
  const summary = join(scratch, `summary-${Math.random().toString(36).slice(2)}.md`);
  const outputs = join(scratch, `outputs-${Math.random().toString(36).slice(2)}.txt`);
  const run = spawnSync('bash', [SCRIPT], {
    cwd,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      GITHUB_ACTION_PATH: ROOT,
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: outputs,
      RUNNER_TEMP: scratch,
      ...env,
    },
  });
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  return { ...run, summary: read(summary), outputs: read(outputs) };
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'agent-track-action-'));
  product = await seededDemoProduct(ROOT, join(scratch, 'product'), join(scratch, 'agent-track-cache'));
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('action.yml', () => {
  it('is a composite action whose one step runs the script with every input, and reads no input it does not pass', () => {
    expect(action.runs.using).toBe('composite');
    const [step] = action.runs.steps;
    expect(step!.run).toBe('bash "$GITHUB_ACTION_PATH/scripts/gate-action.sh"');
    const passed = Object.entries(step!.env).map(([name, value]) => [
      name,
      /inputs\.([\w-]+)/.exec(value)?.[1],
    ]);
    expect(passed.map(([, input]) => input).sort()).toEqual(Object.keys(action.inputs).sort());
    for (const [name, input] of passed) expect(name).toBe(`INPUT_${input!.toUpperCase().replace(/-/g, '_')}`);
    const read = new Set(readFileSync(SCRIPT, 'utf8').match(/INPUT_[A-Z_]+/g));
    expect([...read].sort()).toEqual(Object.keys(step!.env).sort());
    expect(action.inputs.split!.required).toBe(true);
    expect(action.inputs['max-usd']!.description).toContain('required for a paid model');
    for (const output of Object.values(action.outputs))
      expect(output.value).toMatch(/^\$\{\{ steps\.gate\.outputs\.[\w-]+ \}\}$/);
  });
});

describe('the action script', () => {
  it("runs the gate offline: the summary gets comment.md, the outputs the status, the exit code is the gate's", () => {
    const run = runAction(
      {
        INPUT_SPLIT: 'fixture-code/small_test',
        INPUT_BASE: product.baseline,
        INPUT_HEAD: product.candidate,
        INPUT_ARGS: '--limit 5 --build-indexes',
        INPUT_OUT: join(scratch, 'gate'),
      },
      product.repo,
    );
    expect(run.status, run.stderr.slice(-2000)).toBe(0);
    const comment = readFileSync(join(scratch, 'gate', 'comment.md'), 'utf8');
    expect(run.summary).toBe(comment);
    expect(comment).toMatch(/^## agent-track gate: ✅ pass/);
    expect(run.outputs).toBe(
      `status=pass\nexit-code=0\ncomment=${join(scratch, 'gate', 'comment.md')}\njunit=${join(scratch, 'gate', 'junit.xml')}\n`,
    );
    expect(existsSync(join(scratch, 'gate', 'junit.xml'))).toBe(true);
  }, 180_000);

  it('a paid model without a ceiling, a key variable or its value is refused before anything is installed', () => {
    const empty = join(scratch, 'no-install');
    mkdirSync(empty, { recursive: true });
    const paid = {
      INPUT_SPLIT: 'fixture-code/small_test',
      INPUT_BASE: 'HEAD~1',
      INPUT_MODEL: 'claude-sonnet',
      GITHUB_ACTION_PATH: empty,
    };
    const noCeiling = runAction(paid, scratch);
    expect(noCeiling.status).toBe(2);
    expect(noCeiling.stderr).toContain('`max-usd` is required for a paid model (`claude-sonnet`)');
    expect(noCeiling.outputs).toBe('status=refused\nexit-code=2\n');
    const withCeiling = { ...paid, INPUT_MAX_USD: '5', INPUT_LLM_BLOCK: 'llm.yaml' };
    expect(runAction(withCeiling, scratch).stderr).toContain('`key-env` is required for a paid model');
    const unset = runAction({ ...withCeiling, INPUT_KEY_ENV: 'GATE_TEST_KEY' }, scratch);
    expect(unset.status).toBe(2);
    expect(unset.stderr).toContain('the environment variable `GATE_TEST_KEY` (`key-env`) is empty');
    // Set, it passes the check; the install then fails in an empty checkout: the key is never echoed.
    writeFileSync(join(empty, 'package.json'), '{}');
    const secret = 'sk-gate-action-test-9c1d';
    const set = runAction({ ...withCeiling, INPUT_KEY_ENV: 'GATE_TEST_KEY', GATE_TEST_KEY: secret }, scratch);
    expect(set.status).toBe(2);
    expect(`${set.stdout}${set.stderr}${set.outputs}`).not.toContain(secret);
  });
});
