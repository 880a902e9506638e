import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { convertClaudeCode } from '../../../src/trajectory/importers/claude-code/import-claude-code.js';
import {
  detectTranscriptFormat,
  importTranscript,
  type TranscriptFormat,
} from '../../../src/trajectory/importers/import-transcript.js';
import type { ImportedRun } from '../../../src/trajectory/importers/imported-run.js';
import { convertOpenAi } from '../../../src/trajectory/importers/openai/import-openai.js';
import { convertOtel } from '../../../src/trajectory/importers/otel/import-otel.js';
import { readTrajectory } from '../../../src/trajectory/reader/read-trajectory.js';
import { sha256Hex } from '../../../src/trajectory/store/blob-store.js';
import { previewOf } from '../../../src/trajectory/store/preview.js';
import { FIXTURES, REALDATA, tempDir } from '../helpers.js';

const convert: Record<TranscriptFormat, (text: string) => ImportedRun[]> = {
  'claude-code': (text) => convertClaudeCode(text),
  openai: (text) => convertOpenAi(text),
  otel: (text) => convertOtel(text),
};

// Every importer, on every sample it reads: the same contract.
const samples: [TranscriptFormat, string][] = [
  ['claude-code', join(REALDATA, 'claude-code-stream-json', 'takopi_claude_stream_json_session.jsonl')],
  ['claude-code', join(REALDATA, 'claude-code-stream-json', 'claude-code-action_sample-turns.json')],
  ['claude-code', join(FIXTURES, 'claude-code', 'parallel-split-lines.jsonl')],
  ['openai', join(REALDATA, 'openai-chat-tool-calls', 'tau-bench_gpt-4o-airline.subset3.json')],
  ['openai', join(FIXTURES, 'openai', 'invalid-arguments.json')],
  ['otel', join(FIXTURES, 'otel', 'gen-ai-weather.jsonl')],
  ['otel', join(FIXTURES, 'otel', 'openinference-session.json')],
];

describe.each(samples)('importer contract: %s on %s', (format, file) => {
  const text = readFileSync(file, 'utf8');

  test('the format is detected', () => {
    expect(detectTranscriptFormat(text)).toBe(format);
  });

  test('what is written reads back through readTrajectory as exactly what was converted', async () => {
    const runs = convert[format](text);
    const run = tempDir();
    const imported = await importTranscript(file, { runDir: run });
    expect(imported).toHaveLength(runs.length);
    for (const [index, entry] of imported.entries()) {
      const expected = runs[index]!;
      const trajectory = await readTrajectory(entry.dir);
      expect(trajectory.task_id).toBe(expected.task_id);
      expect(trajectory.events).toHaveLength(expected.calls.length);
      expect(trajectory.messages.map((message) => message.id)).toEqual(
        expected.messages.map((message) => message.id),
      );
      for (const [seq, event] of trajectory.events.entries()) {
        const call = expected.calls[seq]!;
        expect(event).toMatchObject({ seq, tool: call.tool, ok: call.ok, blob: sha256Hex(call.result) });
        expect(event.preview).toBe(previewOf(call.result));
        expect(trajectory.blobs.read(event.blob)).toBe(call.result);
        // Every call belongs to a recorded message, and its turn is that message's turn.
        const entryTurn = trajectory.turns[String(seq)]!;
        expect(trajectory.messages.find((message) => message.id === entryTurn.message_id)?.turn).toBe(
          entryTurn.turn,
        );
      }
      expect(trajectory.result.turns).toBe(trajectory.messages.length);
    }
  });
});

describe('importTranscript', () => {
  test('refuses a file in neither format, naming it', async () => {
    const file = join(tempDir(), 'notes.jsonl');
    writeFileSync(file, '{"event": "x"}\n');
    await expect(importTranscript(file, { runDir: tempDir() })).rejects.toMatchObject({
      code: 'UNKNOWN_TRANSCRIPT_FORMAT',
      message: expect.stringContaining(file),
    });
  });
});
