import { expect, test } from 'vitest';
import { AgentTrackError } from '../../../src/core/index.js';
import { importedError } from '../../../src/trajectory/score/imported-error.js';

test('an error about an imported trajectory names the transcript and the session, not the scratch directory', () => {
  const runDir = '/tmp/agent-track-import-Xy12';
  const dir = `${runDir}/tasks/sess%2F1`;
  const error = new AgentTrackError(
    'TRAJECTORY_MALFORMED',
    `${dir}/events.jsonl:3: \`args\` expected record`,
    {
      data: { file: `${dir}/events.jsonl` },
    },
  );
  const { source, error: renamed } = importedError('runs/claude.jsonl', runDir, dir, error);
  expect(source).toBe('runs/claude.jsonl (session `sess/1`)');
  expect(renamed.message).toBe('runs/claude.jsonl (session `sess/1`)/events.jsonl:3: `args` expected record');
  expect(renamed.message).not.toContain(runDir);
  expect(renamed).toMatchObject({ code: 'TRAJECTORY_MALFORMED', data: { source } });
  expect(importedError('t.jsonl', runDir, dir, new TypeError(`${runDir}/x broke`)).error).toMatchObject({
    name: 'TypeError',
    message: 't.jsonl/x broke',
  });
});
