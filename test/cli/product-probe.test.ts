import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { tempDir } from '../product/helpers/workspace.js';
import { cli, ROOT } from './run-cli.js';

// The probe before the first rollout, as a user meets it: the real server-filesystem from npm,
// pinned, once given "." instead of "{corpus}" (it serves the manifest's folder), once through `sh`.
const PRODUCTS = join(ROOT, 'fixtures/products');
const TASKS = join(ROOT, 'fixtures/track/tasks.jsonl');
const CORPUS = join(ROOT, 'fixtures/track/corpus');
const FOUND = (name: string) =>
  `probe: \`${name}\` finds \`billing/invoice.py\` in the corpus \`${CORPUS}\` (search_files {"path":".","pattern":"**/invoice.py"})`;
const REFUSED = (product: string) =>
  `agent-track: The product \`${join(PRODUCTS, product, 'agent-track.product.yaml')}\` does not see the task's corpus: its search tool \`search_files\` was asked \`{"path":".","pattern":"**/invoice.py"}\` then \`{"path":".","pattern":"**/*"}\` for \`billing/invoice.py\`, a file of the corpus \`${CORPUS}\`, and returned ${JSON.stringify(['agent-track.product.yaml', 'ask_prompt.md', 'usage_skill.md'].map((file) => join(PRODUCTS, product, file)).join('\n'))}. Does its \`serve\` pass \`{corpus}\` (an absolute path), or read paths against its own folder?\n`;

test('harness run: a blind server exits 2 naming the manifest, the tool and what it returned; the right one runs', async () => {
  using dir = tempDir();
  const harness = (product: string, out: string) =>
    cli(
      'harness',
      'run',
      '--product',
      join(PRODUCTS, product),
      '--tasks',
      TASKS,
      '--out',
      join(dir.path, out),
      '--model',
      'offline',
      '--cache-dir',
      join(dir.path, 'cache'),
    );
  const blind = await harness('filesystem-blind', 'blind');
  expect(blind.code).toBe(2);
  expect(blind.stderr).toBe(REFUSED('filesystem-blind'));
  expect(blind.stdout).not.toContain('answered');
  const good = await harness('filesystem', 'good');
  expect(good.code).toBe(0);
  expect(good.stdout.split('\n')).toContain(FOUND('server-filesystem'));
  expect(good.stdout).toContain('3 done (answered 3), 0 failed');
}, 300_000);

test('compare: a server started by `sh -c` is accepted (sh found on PATH, its script checked as the pinned npx it runs) and probed; a blind system refuses the comparison', async () => {
  using dir = tempDir();
  const config = (systems: string[]) => {
    const file = join(dir.path, `${systems.join('-')}.yaml`);
    writeFileSync(
      file,
      [
        'name: probe',
        `split: ${JSON.stringify(`${TASKS}/all`)}`,
        `reference: ${systems[0]}`,
        'systems:',
        ...systems.map((name) => `  - { name: ${name}, product: ${JSON.stringify(join(PRODUCTS, name))} }`),
      ].join('\n'),
    );
    return file;
  };
  const compare = (file: string, out: string) =>
    cli(
      'compare',
      '--config',
      file,
      '--model',
      'offline',
      '--out',
      join(dir.path, out),
      '--cache-dir',
      join(dir.path, 'cache'),
    );
  const ok = await compare(config(['filesystem', 'filesystem-sh']), 'ok');
  expect(ok.code).toBe(0);
  const lines = ok.stdout.split('\n');
  expect(lines).toContain(`filesystem: ${FOUND('server-filesystem')}`);
  expect(lines).toContain(`filesystem-sh: ${FOUND('server-filesystem-sh')}`);
  expect(ok.stdout).toContain('plan only: nothing ran, nothing was spent');
  const blind = await compare(config(['filesystem', 'filesystem-blind']), 'blind');
  expect(blind.code).toBe(2);
  expect(blind.stderr).toBe(REFUSED('filesystem-blind'));
}, 300_000);
