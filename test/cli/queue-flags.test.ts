import { describe, expect, test } from 'vitest';
import { cli } from './run-cli.js';

describe('the queue flags, refused before any work starts', () => {
  test('agent-track worker without a Redis URL exits 2 naming the flag', async () => {
    const { code, stderr } = await cli('worker', '--queue', 'http://127.0.0.1:6379/0');
    expect(code).toBe(2);
    expect(stderr).toMatch(/^agent-track: .*`--queue`.*a Redis URL redis:\/\/HOST:PORT\/DB/m);
  });

  test('a password in --queue is refused without being printed', async () => {
    const { code, stderr } = await cli(
      'before-after',
      ...['--baseline', 'HEAD', '--candidate', 'HEAD', '--split', 'fixture-code/small_test'],
      ...['--model', 'offline', '--queue', 'redis://:pw-7f3a91@127.0.0.1:6379/0'],
    );
    expect(code).toBe(2);
    expect(stderr).toContain('AGENT_TRACK_QUEUE_PASSWORD');
    expect(stderr).not.toContain('pw-7f3a91');
  });

  test('a lock of 0 seconds is refused by flag', async () => {
    const { code, stderr } = await cli('worker', '--queue', 'redis://127.0.0.1:1/0', '--lock-seconds', '0');
    expect(code).toBe(2);
    expect(stderr).toContain('--lock-seconds');
  });

  test('a worker whose queue nobody listens on says so and exits 2', async () => {
    const { code, stderr } = await cli('worker', '--queue', 'redis://127.0.0.1:1/0');
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^agent-track: Cannot reach the queue redis:\/\/127\.0\.0\.1:1\/0: connect ECONNREFUSED/m,
    );
    expect(stderr).not.toContain('Unhandled error');
  });

  test('optimize and track take --queue, refused by flag the same way', async () => {
    const optimize = await cli(
      'optimize',
      ...['--config', 'configs/optimize/tool_docs.yaml', '--dry-run'],
      ...['--queue', 'redis://:pw-51c0de@127.0.0.1:6379/0'],
    );
    expect(optimize.code).toBe(2);
    expect(optimize.stderr).toContain('AGENT_TRACK_QUEUE_PASSWORD');
    expect(optimize.stderr).not.toContain('pw-51c0de');
    const track = await cli(
      'track',
      ...['--dataset', 'fixtures/track/tasks.jsonl', '--split', 'all'],
      ...['--queue', 'redis://127.0.0.1:6379/99'],
    );
    expect(track.code).toBe(2);
    expect(track.stderr).toMatch(/`--queue`/);
  });
});
