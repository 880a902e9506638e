import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { exceptionFromStderr, runArmProcess } from '../../../src/optimize/campaign/arms/arm-process.js';
import { FIXTURES, tempDir } from './helpers.js';

const PROC = join(FIXTURES, 'proc.mjs');

describe('runArmProcess', () => {
  test('runs in the worktree with the worktree first on PATH and the given env', async () => {
    using dir = tempDir();
    const out = join(dir.path, 'where.json');
    const result = await runArmProcess({
      worktree: dir.path,
      argv: ['node', PROC, 'where', out],
      env: { FIXTURE_EXTRA: 'x' },
    });
    expect(result).toMatchObject({ ok: true, exitCode: 0, signal: null, exception: null });
    const seen = JSON.parse(readFileSync(out, 'utf8'));
    expect(seen.cwd).toBe(dir.path);
    expect(seen.path.split(':').slice(0, 2)).toEqual([join(dir.path, 'node_modules/.bin'), dir.path]);
    expect(seen.extra).toBe('x');
  });

  test.each([
    ['crash', [], { type: 'TypeError', message: 'fixture crash' }],
    [
      'cli-error',
      [],
      { type: 'AgentTrackError', message: 'The LLM block `b.json` is refused: unknown key `params.effort`' },
    ],
    ['exit', ['7'], { type: 'HarnessExit', message: 'exit code 7: something went wrong' }],
  ])('a failing child (%s) is named by its exception', async (mode, args, exception) => {
    using dir = tempDir();
    const result = await runArmProcess({ worktree: dir.path, argv: ['node', PROC, mode, ...args] });
    expect(result.ok).toBe(false);
    expect(result.exception).toEqual(exception);
  });

  test('a hanging child is killed at its timeout', async () => {
    using dir = tempDir();
    const started = Date.now();
    const result = await runArmProcess({ worktree: dir.path, argv: ['node', PROC, 'hang'], timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, timedOut: true, signal: 'SIGTERM' });
    expect(result.exception).toEqual({ type: 'RolloutTimeout', message: 'killed after 300 ms' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('a child that ignores SIGTERM gets SIGKILL after the grace', async () => {
    using dir = tempDir();
    const ready = join(dir.path, 'ready');
    const controller = new AbortController();
    // Stop it only once its SIGTERM handler is in place, however slow the machine is.
    const poll = setInterval(() => {
      if (existsSync(ready)) controller.abort();
    }, 20);
    const result = await runArmProcess({
      worktree: dir.path,
      argv: ['node', PROC, 'stubborn', ready],
      signal: controller.signal,
      killGraceMs: 200,
    });
    clearInterval(poll);
    expect(result).toMatchObject({ aborted: true, signal: 'SIGKILL' });
    expect(result.stderrTail).toBe('ignoring SIGTERM');
  });

  test('an abort kills the child', async () => {
    using dir = tempDir();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const result = await runArmProcess({
      worktree: dir.path,
      argv: ['node', PROC, 'hang'],
      signal: controller.signal,
    });
    expect(result).toMatchObject({ ok: false, aborted: true, exception: { type: 'Aborted' } });
  });

  test('a command that does not exist fails to spawn, named', async () => {
    using dir = tempDir();
    const result = await runArmProcess({ worktree: dir.path, argv: ['./no-such-harness'] });
    expect(result.exception?.type).toBe('HarnessSpawnFailed');
  });

  test('a key the child prints never reaches the tail or the exception', async () => {
    using dir = tempDir();
    const key = 'sk-fixture-0123456789';
    const result = await runArmProcess({
      worktree: dir.path,
      argv: ['node', PROC, 'secret'],
      env: { FIXTURE_API_KEY: key },
      secrets: [key],
    });
    expect(result.stderrTail).toBe('401 for key ***');
    expect(JSON.stringify(result)).not.toContain(key);
  });
});

test('exceptionFromStderr reads a Python traceback too', () => {
  expect(exceptionFromStderr('Traceback (most recent call last):\n  File "x"\nValueError: bad', 1)).toEqual({
    type: 'ValueError',
    message: 'bad',
  });
});
