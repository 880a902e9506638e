import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REALDATA, scoredAll, tempDir } from '../helpers.js';

const TAU = join(REALDATA, 'openai-chat-tool-calls', 'tau-bench_gpt-4o-airline.subset3.json');
const TAKOPI = join(REALDATA, 'claude-code-stream-json', 'takopi_claude_stream_json_session.jsonl');
const ACTION = join(REALDATA, 'claude-code-stream-json', 'claude-code-action_sample-turns.json');

const scored = (path: string) => scoredAll(path);

describe('the real samples, scored with default settings', () => {
  test('tau-bench (gpt-4o, OpenAI wire): the calls that returned nothing or an `Error:` reply are charged', async () => {
    // Each conversation's tool replies, by hand from the file: every reply has content except the
    // `think` tool's '' (task 0: 1 of 8 calls, task 6: 1 of 6, task 11: 3 of 10); one reply opens
    // with `Error:` (task 0's call 5, task 11's call 6), a failed call by the default error rule.
    // No call repeats an earlier one with the same arguments and reply.
    const rates = (await scored(TAU)).map(({ metrics: m }) => [
      m.task_id,
      m.needless_call_rate,
      m.zero_yield_rate,
      m.failed_call_rate,
      m.repeated_rate,
    ]);
    expect(rates).toEqual([
      ['0', 2 / 8, 1 / 8, 1 / 8, 0],
      ['11', 4 / 10, 3 / 10, 1 / 10, 0],
      ['6', 1 / 6, 1 / 6, 0, 0],
    ]);
  });

  test('tau-bench: a real conversation whose calls all returned content: only its failed call is needless', async () => {
    const dir = tempDir();
    // Task 0's conversation without its one `think` call (and that call's empty reply).
    const [record] = JSON.parse(readFileSync(TAU, 'utf8')) as { traj: Record<string, unknown>[] }[];
    const thinkIds = new Set(
      record!.traj.flatMap((m) =>
        ((m.tool_calls as { id: string; function: { name: string } }[] | undefined) ?? [])
          .filter((c) => c.function.name === 'think')
          .map((c) => c.id),
      ),
    );
    const traj = record!.traj
      .filter((m) => !(m.role === 'tool' && thinkIds.has(m.tool_call_id as string)))
      .map((m) =>
        Array.isArray(m.tool_calls)
          ? { ...m, tool_calls: (m.tool_calls as { id: string }[]).filter((c) => !thinkIds.has(c.id)) }
          : m,
      );
    const file = join(dir, 'task0-no-think.json');
    writeFileSync(file, JSON.stringify([{ ...record, traj }]));
    const [only] = await scored(file);
    const metrics = only!.metrics;
    // book_reservation's `Error: payment amount does not add up ...` is the one failed call.
    expect(metrics).toMatchObject({
      tool_calls_total: 7,
      needless_call_rate: 1 / 7,
      failed_call_rate: 1 / 7,
      zero_yield_rate: 0,
      resurfacing_rate: 0,
      tool_calls_used: { count: 6, ratio: 6 / 7, definition: 'not_needless' },
    });
  });

  test("Claude Code: completion tokens equal the result line's; no pointer means no pointer rate", async () => {
    const takopi = await scored(TAKOPI);
    // result lines: output_tokens 76 (input 130) and 12 (input 40)
    expect(takopi.map(({ metrics: m }) => [m.usage?.prompt, m.usage?.completion])).toEqual([
      [130, 76],
      [40, 12],
    ]);
    for (const { metrics } of [...takopi, ...(await scored(ACTION))]) {
      expect(metrics.pointer_followed_rate).toBeNull();
      expect(metrics.pointers_offered).toBe(0);
    }
    // The action sample's result line has no usage: its messages' sums stand (4 messages).
    const [action] = await scored(ACTION);
    expect(action!.metrics.usage).toMatchObject({ messages: 4, cost_usd: 0.0347 });
    // Read, Edit and an MCP call that all returned content: nothing is zero-yield.
    expect(action!.metrics).toMatchObject({ tool_calls_total: 3, zero_yield_rate: 0, needless_call_rate: 0 });
  });
});
