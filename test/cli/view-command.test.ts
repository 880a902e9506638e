import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { viewCommand } from '../../src/cli/commands/view.js';
import { createProgram } from '../../src/cli/program.js';

const root = resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-view-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function view(...args: string[]): Promise<string> {
  let out = '';
  const program = createProgram({
    version: '0',
    commands: [viewCommand],
    io: { out: (t) => (out += t), err: () => {} },
  });
  await program.parseAsync(['node', 'agent-track', 'view', ...args]);
  return out;
}

describe('agent-track view', () => {
  test('writes the page where --out says and names what it holds', async () => {
    const out = join(scratch, 'report.html');
    const printed = await view(join(root, 'fixtures/runs/viewer-small'), '--out', out, '--tools', 'default');
    expect(existsSync(out)).toBe(true);
    expect(printed).toMatch(
      new RegExp(`^wrote ${out} \\(\\d+ KiB: 7 tasks, \\d+ whole results, 2 figures\\)\\n$`),
    );
  });

  test('an unknown tool profile is refused by name', async () => {
    await expect(
      view(join(root, 'fixtures/runs/viewer-small'), '--out', join(scratch, 'x.html'), '--tools', 'nope'),
    ).rejects.toThrow('Unknown tool-role profile `nope`');
  });
});
