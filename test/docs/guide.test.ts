import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT } from '../cli/run-cli.js';
import { guideBlocks } from './guide-commands.js';

// The user guide's commands, run as a user runs them on a fresh clone (docs/guide/README.md): every
// `sh` block line by line from the repository root, `agent-track` the built CLI, a cache of its
// own, no model key in the environment. A `sh <reason>` block (a key, a second machine) is shown,
// not run; anything else a block is fenced as is text.
const GUIDE = join(ROOT, 'docs/guide');
const blocks = guideBlocks(GUIDE);
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-guide-'));
const bin = join(scratch, 'bin');
const KEYS = /(_API_KEY|_TOKEN)$/;
const env: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !KEYS.test(name))),
  PATH: `${bin}:${process.env.PATH}`,
  AGENT_TRACK_CACHE: join(scratch, 'cache'),
};

beforeAll(() => {
  spawnSync('mkdir', ['-p', bin]);
  writeFileSync(
    join(bin, 'agent-track'),
    `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'dist/cli/bin.js')}" "$@"\n`,
  );
  chmodSync(join(bin, 'agent-track'), 0o755);
  rmSync(join(ROOT, 'runs/guide'), { recursive: true, force: true });
});
afterAll(() => {
  rmSync(join(ROOT, 'runs/guide'), { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

test('the guide has its pages, and every block not run says why', () => {
  const pages = new Set(blocks.map((block) => block.page));
  for (const page of ['README.md', 'first-run.md', 'own-server.md', 'real-models.md', 'spend.md']) {
    expect(pages).toContain(page);
  }
  for (const page of ['optimizer.md', 'retrieval.md', 'transcripts.md', 'scale-out.md', 'ci.md'])
    expect(pages).toContain(page);
  const shown = blocks.filter((block) => block.info.startsWith('sh ') || block.info === '');
  for (const block of shown) expect(block.info, `${block.page}:${block.line}`).toMatch(/^sh (needs|on) /);
  expect(
    blocks.filter((block) => block.info === 'sh').flatMap((block) => block.commands).length,
  ).toBeGreaterThan(30);
});

describe.each([...new Set(blocks.map((block) => block.page))])('docs/guide/%s', (page) => {
  const commands = blocks
    .filter((block) => block.page === page && block.info === 'sh')
    .flatMap((block) => block.commands);
  test.skipIf(commands.length === 0)(
    'every command runs offline with the exit code the guide gives',
    () => {
      for (const { line, command, exit } of commands) {
        const run = spawnSync('bash', ['-o', 'pipefail', '-c', command], {
          cwd: ROOT,
          env,
          encoding: 'utf8',
        });
        const tail = `${run.stdout.slice(-1500)}\n${run.stderr.slice(-1500)}`;
        expect(run.status, `docs/guide/${page}:${line}: ${command}\n${tail}`).toBe(exit);
      }
    },
    600_000,
  );
});
