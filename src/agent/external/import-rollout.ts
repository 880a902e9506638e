import { AgentTrackError } from '../../core/index.js';
import {
  type CallExtractor,
  convertClaudeCode,
  convertOpenAi,
  convertOtel,
  type ImportedRun,
  parseTranscript,
  writeImportedRun,
} from '../../trajectory/index.js';
import type { TranscriptFormat } from './agent-adapter.js';

/** What the agent's own `result` line says (Claude Code stream-json); each `null` when absent. */
export interface ReportedFigures {
  cost_usd: number | null;
  num_turns: number | null;
  duration_ms: number | null;
  cache_read_tokens: number | null;
  cache_creation_tokens: number | null;
}

export interface ImportedRollout {
  /** The trajectory directory written. */
  dir: string;
  answer: string | null;
  reported: ReportedFigures;
  warnings: string[];
}

export interface ImportRolloutOptions {
  text: string;
  format: TranscriptFormat;
  taskId: string;
  /** The arm's run directory: the trajectory goes to `<runDir>/tasks/<task>/`. */
  runDir: string;
  /** Names the transcript in messages. */
  source: string;
  extract: CallExtractor;
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * The figures of the transcript's last `result` line: `total_cost_usd`, `num_turns`,
 * `duration_ms`, and `usage.cache_read_input_tokens` / `cache_creation_input_tokens`.
 *
 * @example
 * reportedFigures('{"type":"result","total_cost_usd":0.01}\n', 't.jsonl').cost_usd; // 0.01
 */
export function reportedFigures(text: string, source: string): ReportedFigures {
  const records = parseTranscript(text, source).records.map((r) => r.value as Record<string, unknown> | null);
  const result = records.findLast((r) => r !== null && typeof r === 'object' && r.type === 'result');
  const usage = (result?.usage ?? null) as Record<string, unknown> | null;
  return {
    cost_usd: num(result?.total_cost_usd),
    num_turns: num(result?.num_turns),
    duration_ms: num(result?.duration_ms),
    cache_read_tokens: num(usage?.cache_read_input_tokens),
    cache_creation_tokens: num(usage?.cache_creation_input_tokens),
  };
}

function refuse(code: string, message: string, source: string, cause?: unknown): AgentTrackError {
  return new AgentTrackError(code, message, {
    data: { transcript: source },
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * Imports one rollout's transcript into a trajectory directory (overwriting an earlier attempt's)
 * with the stream-json, OpenAI or OTLP trace importer, and reads the agent's own figures. A transcript that is
 * not JSON (`TRANSCRIPT_MALFORMED`), holds no run or several (`TRANSCRIPT_SESSIONS`), does not record
 * the calls its model asked for (`TRANSCRIPT_UNSCORABLE`), or ends before its run did
 * (`TRANSCRIPT_INCOMPLETE`) is refused naming the file.
 *
 * @example
 * const rollout = importRollout({ text, format: 'claude-code', taskId: 't1', runDir: 'runs/t/arms/bare', source, extract });
 */
export function importRollout(options: ImportRolloutOptions): ImportedRollout {
  const { text, source } = options;
  let runs: ImportedRun[];
  try {
    const read = { taskId: options.taskId, source, extract: options.extract };
    runs =
      options.format === 'claude-code'
        ? convertClaudeCode(text, read)
        : options.format === 'otel'
          ? // A trace names its own conversation: the rollout's task id is this run's.
            convertOtel(text, read).map((run) => ({ ...run, task_id: options.taskId }))
          : convertOpenAi(text, read);
  } catch (error) {
    throw refuse(
      'TRANSCRIPT_MALFORMED',
      `The transcript \`${source}\` cannot be read: ${(error as Error).message}`,
      source,
      error,
    );
  }
  if (runs.length !== 1) {
    throw refuse(
      'TRANSCRIPT_SESSIONS',
      `The transcript \`${source}\` holds ${runs.length} runs; one agent run must print exactly one`,
      source,
    );
  }
  const run = runs[0]!;
  if (run.refused !== undefined)
    throw refuse(
      'TRANSCRIPT_UNSCORABLE',
      `The transcript \`${source}\` cannot be scored: ${run.refused}`,
      source,
    );
  if (run.result === null) {
    throw refuse(
      'TRANSCRIPT_INCOMPLETE',
      `The transcript \`${source}\` ends before its run did (no \`result\` line)`,
      source,
    );
  }
  const written = writeImportedRun(run, { runDir: options.runDir, overwrite: true });
  const reported =
    options.format === 'claude-code'
      ? reportedFigures(text, source)
      : {
          cost_usd: null,
          num_turns: null,
          duration_ms: null,
          cache_read_tokens: null,
          cache_creation_tokens: null,
        };
  return { dir: written.dir, answer: run.result.answer, reported, warnings: written.warnings };
}
