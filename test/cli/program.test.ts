import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createProgram } from '../../src/cli/program.js';
import { packageVersion } from '../../src/core/package-version.js';

function capture() {
  const io = { outText: '', errText: '' };
  const sink = {
    out: (text: string) => {
      io.outText += text;
    },
    err: (text: string) => {
      io.errText += text;
    },
  };
  return { io, sink };
}

describe('createProgram', () => {
  test('--version prints the package version', async () => {
    const { io, sink } = capture();
    const program = createProgram({ version: '9.8.7', io: sink }).exitOverride();
    await expect(program.parseAsync(['node', 'agent-track', '--version'])).rejects.toMatchObject({
      code: 'commander.version',
    });
    expect(io.outText).toBe('9.8.7\n');
  });

  test('--help lists the registered commands and their descriptions', async () => {
    const { io, sink } = capture();
    const calls: string[] = [];
    const program = createProgram({
      version: '1.0.0',
      io: sink,
      commands: [
        {
          name: 'hello',
          describe: (command, cmdIo) =>
            command
              .description('say hello')
              .argument('<who>')
              .action((who: string) => {
                calls.push(who);
                cmdIo.out(`hello ${who}\n`);
              }),
        },
      ],
    }).exitOverride();
    await expect(program.parseAsync(['node', 'agent-track', '--help'])).rejects.toMatchObject({
      code: 'commander.helpDisplayed',
    });
    expect(io.outText).toMatch(/hello <who>\s+say hello/);
    await program.parseAsync(['node', 'agent-track', 'hello', 'world']);
    expect(calls).toEqual(['world']);
    expect(io.outText).toContain('hello world\n');
  });

  test('an unknown option is refused by name', async () => {
    const { io, sink } = capture();
    const program = createProgram({ version: '1.0.0', io: sink }).exitOverride();
    await expect(program.parseAsync(['node', 'agent-track', '--nope'])).rejects.toMatchObject({
      code: 'commander.unknownOption',
    });
    expect(io.errText).toContain("unknown option '--nope'");
  });
});

test('the bin prints the package.json version as a real child process', () => {
  const bin = resolve(import.meta.dirname, '../../src/cli/bin.ts');
  const tsx = resolve(import.meta.dirname, '../../node_modules/.bin/tsx');
  const out = execFileSync(tsx, [bin, '--version'], { encoding: 'utf8' });
  expect(out.trim()).toBe(packageVersion());
  expect(packageVersion()).toMatch(/^\d+\.\d+\.\d+/);
});
