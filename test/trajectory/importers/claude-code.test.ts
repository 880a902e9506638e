import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { importClaudeCode } from '../../../src/trajectory/importers/claude-code/import-claude-code.js';
import { usageTotals } from '../../../src/trajectory/metrics/usage.js';
import { readTrajectory } from '../../../src/trajectory/reader/read-trajectory.js';
import type { Trajectory } from '../../../src/trajectory/trajectory.js';
import { FIXTURES, REALDATA, tempDir } from '../helpers.js';

const TAKOPI = join(REALDATA, 'claude-code-stream-json', 'takopi_claude_stream_json_session.jsonl');
const ACTION = join(REALDATA, 'claude-code-stream-json', 'claude-code-action_sample-turns.json');

function usageSums(trajectory: Trajectory) {
  const sum = (pick: (u: NonNullable<Trajectory['messages'][number]['usage']>) => number | undefined) =>
    trajectory.messages.reduce(
      (total, message) => total + (message.usage === undefined ? 0 : (pick(message.usage) ?? 0)),
      0,
    );
  return { prompt: sum((u) => u.prompt), completion: sum((u) => u.completion), cached: sum((u) => u.cached) };
}

describe('importClaudeCode: the takopi JSONL session (two sessions in one file)', () => {
  test('session 1: two parallel tool calls in one message (one turn), usage once per message id', async () => {
    const run = tempDir();
    const imported = await importClaudeCode(TAKOPI, { runDir: run });
    expect(imported.map((entry) => [entry.task_id, entry.calls, entry.messages, entry.complete])).toEqual([
      ['aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa', 2, 2, true],
      ['bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb', 0, 0, true],
    ]);
    const trajectory = await readTrajectory(imported[0]!.dir);
    expect(trajectory.events.map((event) => [event.tool, event.ok, event.args])).toEqual([
      ['Bash', true, { command: 'ls', timeout: 600000 }],
      ['Write', true, { file_path: 'notes.md', content: 'hello' }],
    ]);
    // Both calls came from msg_02EXAMPLEASSIST: one turn.
    expect(trajectory.turns).toEqual({
      '0': { message_id: 'msg_02EXAMPLEASSIST', turn: 1 },
      '1': { message_id: 'msg_02EXAMPLEASSIST', turn: 1 },
    });
    expect(trajectory.messages.map((m) => [m.id, m.turn, m.finish_reason, m.tool_calls.length])).toEqual([
      ['msg_02EXAMPLEASSIST', 1, 'tool_use', 2],
      ['msg_03EXAMPLEASSIST', 2, 'end_turn', 0],
    ]);
    // The messages' snapshots: 123 + 130 prompt tokens, 42 + 76 completion; no cache fields.
    expect(usageSums(trajectory)).toEqual({ prompt: 253, completion: 118, cached: 0 });
    expect(trajectory.messages[0]!.usage).toEqual({ prompt: 123, completion: 42 });
    // The result line's usage (input 130 + 0 cache creation + 0 cache read; output 76) is the
    // session's own total: it wins (its `modelUsage` names no token in camelCase, so it counts
    // nothing), and the disagreement is said, naming both.
    expect(usageTotals(trajectory)).toMatchObject({
      prompt: 130,
      completion: 76,
      messages: 2,
      source: 'result',
      by_model: null,
    });
    expect(imported[0]!.warnings).toContain(
      "the result line's `usage` (prompt 130, completion 76 tokens) is counted; the assistant messages' usage (once per message id) says prompt 253, completion 118 tokens",
    );
    // The Bash result arrived as an array of text blocks: "README.md\npyproject.toml\nsrc/\n" is 10 + 15 + 5 bytes.
    const bash = trajectory.events[0]!;
    expect(bash.bytes).toBe(30);
    expect(trajectory.blobs.read(bash.blob)).toBe('README.md\npyproject.toml\nsrc/\n');
    expect(trajectory.blobs.read(trajectory.events[1]!.blob)).toBe('ok');
    expect(trajectory.result).toEqual({
      task_id: 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa',
      answer: 'I see README.md, pyproject.toml, and src/.',
      outcome: 'answered',
      turn_budget: null,
      turns: 2,
      timed_out: false,
      started_at: null,
      duration_ms: 2450,
      cost_usd: 0.012345,
      usage: { prompt: 130, completion: 76, cached: 0 },
    });
  });

  test('session 2: an errored run with no message is unanswered, keeps its cost and error', async () => {
    const run = tempDir();
    const [, second] = await importClaudeCode(TAKOPI, { runDir: run });
    const trajectory = await readTrajectory(second!.dir);
    expect(trajectory.events).toEqual([]);
    expect(trajectory.result).toMatchObject({
      answer: null,
      outcome: 'unanswered_empty',
      turns: 0,
      cost_usd: 0.001,
      duration_ms: 1200,
      error: 'Permission denied: cannot write to /root/secret.txt',
    });
    expect(second!.warnings).toEqual(['the result line says num_turns 1; 0 assistant message(s) were read']);
  });
});

describe('importClaudeCode: the claude-code-action JSON array sample', () => {
  test('three calls over four turns; prompt includes cache reads, cached is their slice', async () => {
    const run = tempDir();
    const [imported] = await importClaudeCode(ACTION, { runDir: run, turnBudget: 10 });
    expect(imported!.task_id).toBe('sample-session-id');
    const trajectory = await readTrajectory(imported!.dir);
    expect(trajectory.events.map((event) => [event.tool, event.identifiers])).toEqual([
      ['Read', ['/path/to/sample/file.py']],
      ['Edit', []],
      ['mcp__github__add_pull_request_review_comment', []],
    ]);
    expect(Object.values(trajectory.turns).map((entry) => entry.turn)).toEqual([1, 2, 3]);
    expect(trajectory.messages).toHaveLength(4);
    // prompt: (100+50) + (200+100) + (150+75) + (180+90) = 945; cached: 50+100+75+90 = 315; completion: 75+50+80+60 = 265.
    expect(usageSums(trajectory)).toEqual({ prompt: 945, completion: 265, cached: 315 });
    expect(trajectory.result).toMatchObject({
      outcome: 'answered',
      turns: 4,
      turn_budget: 10,
      cost_usd: 0.0347,
      duration_ms: 18750,
    });
  });
});

describe('importClaudeCode: hand-made edge cases', () => {
  test('parallel tool use split over three lines sharing msg_A is one message, one turn, usage counted once', async () => {
    const run = tempDir();
    const [imported] = await importClaudeCode(join(FIXTURES, 'claude-code', 'parallel-split-lines.jsonl'), {
      runDir: run,
    });
    expect(imported!.warnings).toEqual([
      expect.stringMatching(
        /parallel-split-lines\.jsonl:11: tool_result for `tu_orphan` has no tool_use and was skipped/,
      ),
    ]);
    const trajectory = await readTrajectory(imported!.dir);
    expect(
      trajectory.events.map((event) => [
        event.seq,
        event.tool,
        event.ok,
        trajectory.turns[String(event.seq)]?.turn,
      ]),
    ).toEqual([
      [0, 'Grep', true, 1],
      [1, 'Read', true, 1],
      [2, 'Glob', false, 1],
      [3, 'Grep', true, 2],
    ]);
    expect(
      trajectory.messages.map((m) => [
        m.id,
        m.turn,
        m.finish_reason,
        m.content,
        m.tool_calls.map((c) => c.name),
      ]),
    ).toEqual([
      ['msg_A', 1, 'tool_use', 'Searching three ways.', ['Grep', 'Read', 'Glob']],
      ['msg_B', 2, 'tool_use', '', ['Grep']],
      ['msg_C', 3, 'end_turn', 'parse_config is defined in src/config.py.', []],
    ]);
    // msg_A once: 1000+50+200 = 1250 (cached 200); msg_B 1500; msg_C 1600+1000 = 2600 (cached 1000).
    expect(usageSums(trajectory)).toEqual({ prompt: 5350, completion: 90, cached: 1200 });
    const [grep, read, glob, grepContent] = trajectory.events;
    // Paths under the session cwd (/repo) are made relative; Grep's "Found 2 files" header is not a path.
    expect(grep).toMatchObject({
      identifiers: ['src/config.py', 'tests/test_config.py'],
      rows: [{ path: 'src/config.py' }, { path: 'tests/test_config.py' }],
    });
    expect(read!.identifiers).toEqual(['src/config.py']);
    expect(read!.rows).toBeUndefined();
    // Two text blocks joined by a newline: 24 + 1 + 22 bytes.
    expect(read!.bytes).toBe(47);
    expect(glob).toMatchObject({ ok: false, error: 'Glob pattern error: unbalanced brace', identifiers: [] });
    // Content mode names each matched line too (`path:line`), and its rows are the hits.
    expect(grepContent).toMatchObject({
      identifiers: ['src/config.py', 'src/config.py:1', 'src/app.py', 'src/app.py:12', 'src/app.py:30'],
      rows: [
        { path: 'src/config.py', start: 1, end: 1 },
        { path: 'src/app.py', start: 12, end: 12 },
        { path: 'src/app.py', start: 30, end: 30 },
      ],
    });
    expect(trajectory.result).toMatchObject({ outcome: 'answered', turns: 3, cost_usd: 0.0421 });
  });

  test('a transcript cut off mid-line is imported incomplete, and the reader refuses it', async () => {
    const run = tempDir();
    const [imported] = await importClaudeCode(join(FIXTURES, 'claude-code', 'truncated.jsonl'), {
      runDir: run,
      taskId: 'cut',
    });
    expect(imported).toMatchObject({ task_id: 'cut', complete: false, calls: 3, messages: 1 });
    expect(imported!.warnings).toEqual([
      expect.stringMatching(/truncated\.jsonl: the last line is torn/),
      '3 tool_use block(s) had no tool_result: recorded as failed calls',
      'no `result` line: the transcript ended before the run did; the trajectory is left incomplete',
    ]);
    await expect(readTrajectory(imported!.dir)).rejects.toMatchObject({ code: 'TRAJECTORY_INCOMPLETE' });
  });

  // Found by test/hostile: an empty `session_id` became the task id, which the reader then refused,
  // naming the scratch directory metrics imported into rather than the user's file.
  test('an empty session_id names nothing: the session is named by its place', async () => {
    const run = tempDir();
    const file = join(run, 'empty-id.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify({ type: 'system', subtype: 'init', session_id: '', cwd: '/w' })}\n${JSON.stringify({ type: 'result', subtype: 'success', session_id: '', result: 'done', num_turns: 1 })}\n`,
    );
    const [imported] = await importClaudeCode(file, { runDir: join(run, 'out') });
    expect(imported!.task_id).toBe('session-1');
  });

  test('a line that is not JSON in the middle is refused naming the file and line', async () => {
    const file = join(FIXTURES, 'claude-code', 'malformed-line.jsonl');
    await expect(importClaudeCode(file, { runDir: tempDir() })).rejects.toMatchObject({
      code: 'IMPORT_MALFORMED',
      message: expect.stringContaining(`${file}:5: not valid JSON`),
    });
  });

  test('a line whose `type` is not a string is refused naming the line; a repeated tool_use id is warned about', async () => {
    const lines = readFileSync(
      join(REALDATA, 'claude-code-stream-json', 'takopi_claude_stream_json_session.jsonl'),
      'utf8',
    )
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { type: unknown; message?: { content?: { type: string; id?: string }[] } },
      );
    const dir = tempDir();
    // Line 3 is the assistant message with the two tool_use blocks: its type made a number.
    const numbered = join(dir, 'numbered.jsonl');
    writeFileSync(
      numbered,
      lines.map((line, i) => JSON.stringify(i === 2 ? { ...line, type: 5 } : line)).join('\n'),
    );
    await expect(importClaudeCode(numbered, { runDir: tempDir() })).rejects.toMatchObject({
      code: 'IMPORT_MALFORMED',
      message: `${numbered}:3: not a Claude Code line: \`type\` is \`5\` (number), not a string`,
    });
    // Its second tool_use given the first one's id: one call recorded, the other named as skipped.
    const repeated = join(dir, 'repeated.jsonl');
    const blocks = lines[2]!.message!.content!.filter((block) => block.type === 'tool_use');
    blocks[1]!.id = blocks[0]!.id;
    writeFileSync(repeated, lines.map((line) => JSON.stringify(line)).join('\n'));
    const [imported] = await importClaudeCode(repeated, { runDir: tempDir() });
    expect(imported!.calls).toBe(1);
    expect(imported!.warnings).toContainEqual(
      expect.stringContaining(
        `repeated.jsonl:3: tool_use \`${blocks[0]!.id}\` repeats an earlier one and was skipped`,
      ),
    );
  });
});
