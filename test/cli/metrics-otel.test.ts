import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { cli, ROOT } from './run-cli.js';

const TRACE = join(ROOT, 'fixtures/trajectories/otel/gen-ai-weather.jsonl');

// The GenAI fixture, hand-counted: conversation conv-42, 2 chat turns, 3 execute_tool calls of 2
// tools (one failed), 1.5 calls a turn, no needless call under the generic roles, usage 350 / 60
// (64 cached); one HTTP span skipped and one tool span without a result: 2 warnings.
describe('agent-track metrics on an OTLP JSON trace file (a real child process, no flag)', () => {
  test('--json: the figures and the warnings', async () => {
    const { stdout, code } = await cli('metrics', TRACE, '--json');
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as {
      trajectories: { metrics: Record<string, unknown>; warnings: string[] }[];
      errors: unknown[];
    };
    expect(out.errors).toEqual([]);
    expect(out.trajectories).toHaveLength(1);
    expect(out.trajectories[0]!.metrics).toMatchObject({
      task_id: 'conv-42',
      turns: 2,
      tool_calls_total: 3,
      distinct_tools_used: 2,
      calls_by_tool: { get_weather: 2, search_docs: 1 },
      // One of the three calls failed (its span's error status): a failed call is needless.
      failed_call_rate: 1 / 3,
      needless_call_rate: 1 / 3,
      parallel_calls_per_turn: 1.5,
      outcome: 'answered',
      usage: { prompt: 350, completion: 60, cached: 64, messages: 2 },
    });
    expect(out.trajectories[0]!.warnings).toHaveLength(2);
  });

  test('text: the table, each warning on stderr, the summary; --strict refuses the skipped span (exit 2)', async () => {
    const text = await cli('metrics', TRACE);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/conv-42\s+answered\s+2\s+3\s+1\s+0\.333\s/);
    expect(text.stdout).toMatch(/usage\.prompt\s+350\s/);
    expect(text.stdout).toContain('1 scored, 0 refused, 2 warning(s)');
    expect(text.stderr).toContain(
      `warning: ${TRACE}:2: span \`e000000000000001\` (POST) is not a tool, model or agent span`,
    );
    const strict = await cli('metrics', TRACE, '--strict');
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain('the importer skipped 1 call(s) or result(s)');
  });
});

describe('agent-track metrics: what a trace cannot be scored on', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agent-track-metrics-otel-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('a trace whose chat spans asked for tools it does not record is refused (exit 2), not scored as 0 calls', async () => {
    // As @opentelemetry/instrumentation-openai writes it without its log events: usage and finish reasons only.
    const chat = (spanId: string, finish: string) => ({
      traceId: 'tr1',
      spanId,
      name: 'chat gpt-4o',
      attributes: [
        { key: 'gen_ai.operation.name', value: { stringValue: 'chat' } },
        {
          key: 'gen_ai.response.finish_reasons',
          value: { arrayValue: { values: [{ stringValue: finish }] } },
        },
        { key: 'gen_ai.usage.input_tokens', value: { intValue: '100' } },
      ],
    });
    const file = join(dir, 'no-content.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [chat('a1', 'tool_calls'), chat('a2', 'stop')] }] }] })}\n`,
    );
    const { code, stdout, stderr } = await cli('metrics', file);
    expect(code).toBe(2);
    expect(stdout).toContain('0 scored, 1 refused');
    expect(stderr).toContain(
      `agent-track: ${file} (session \`tr1\`): 1 model span(s) ended asking for tools (\`tool_calls\`), but the trace records none of the calls`,
    );
  });

  test('--corpus-root without --tools is refused before anything is read', async () => {
    const { code, stderr } = await cli('metrics', TRACE, '--corpus-root', dir);
    expect(code).toBe(2);
    expect(stderr).toContain('`--corpus-root` goes with `--tools`');
  });
});
