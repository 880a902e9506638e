import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { AgentTrackError } from '../../core/index.js';
import { EVAL_LOG_FORMATS, type EvalLogFormat, type EvalRun } from './eval-log.js';
import { readInspectArchive, readInspectJson } from './inspect-log.js';
import { readLmEvalSamples } from './lm-eval-log.js';
import { readPromptfooResults } from './promptfoo-log.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Which tool wrote a file, from its name and (for `.json`) its top-level keys; `null` when none fits. */
export function detectEvalLogFormat(file: string, text: string | null): EvalLogFormat | null {
  const ext = extname(file).toLowerCase();
  if (ext === '.eval') return 'inspect';
  if (ext === '.jsonl') return 'lm-eval';
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value)) return null;
  if (isObject(value.eval) && ('samples' in value || 'status' in value)) return 'inspect';
  if (isObject(value.results) && Array.isArray(value.results.results)) return 'promptfoo';
  return null;
}

export interface ReadEvalLogOptions {
  /** The tool that wrote the file; detected from its name and keys when absent. */
  format?: EvalLogFormat;
  /**
   * promptfoo only: the one column (prompt x provider) to read, by its index (`promptIdx`), its
   * name (`label · provider`), its prompt label or its provider, so two columns of one file compare.
   */
  column?: string;
}

/**
 * Reads one run of another tool: an Inspect AI log (`.eval` archive or `.json`), a promptfoo
 * results file, or an lm-evaluation-harness `samples_*.jsonl`. A file none of them wrote, or of
 * the wrong shape, is refused naming the file (and the first wrong key).
 *
 * @example
 * const run = await readEvalLog('logs/2025-01-01T00-00-00_task.eval');
 * run.samples[0]; // { id: '1', epoch: 1, scores: { match: 1 } }
 */
export async function readEvalLog(file: string, options: ReadEvalLogOptions = {}): Promise<EvalRun> {
  if (options.format !== undefined && !EVAL_LOG_FORMATS.includes(options.format)) {
    throw new AgentTrackError(
      'INVALID_OPTION',
      `Unknown eval log format \`${options.format}\`: expected one of ${EVAL_LOG_FORMATS.join(', ')}`,
      { data: { format: options.format } },
    );
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (cause) {
    throw new AgentTrackError('EVAL_LOG_UNREADABLE', `Cannot read ${file}: ${(cause as Error).message}`, {
      data: { file },
      cause,
    });
  }
  const isArchive = extname(file).toLowerCase() === '.eval' || (bytes[0] === 0x50 && bytes[1] === 0x4b);
  const text = isArchive ? null : bytes.toString('utf8');
  const format = options.format ?? detectEvalLogFormat(file, text) ?? (isArchive ? 'inspect' : null);
  if (format === null) {
    throw new AgentTrackError(
      'EVAL_LOG_FORMAT',
      `${file} is not a log agent-track reads: expected an Inspect AI log (.eval, or .json with \`eval\` and \`samples\`), a promptfoo results file (\`results.results\`) or an lm-evaluation-harness samples_*.jsonl`,
      { data: { file } },
    );
  }
  if (options.column !== undefined && format !== 'promptfoo') {
    throw new AgentTrackError(
      'INVALID_OPTION',
      `A column selects a prompt x provider of a promptfoo results file; ${file} is ${format}`,
      { data: { file, column: options.column } },
    );
  }
  if (format === 'inspect') {
    return isArchive ? readInspectArchive(bytes, file) : readInspectJson(text ?? '', file);
  }
  if (text === null) {
    throw new AgentTrackError('EVAL_LOG_SHAPE', `${file} is a zip archive, not a ${format} log`, {
      data: { file },
    });
  }
  if (format === 'promptfoo') return readPromptfooResults(text, file, options.column);
  return readLmEvalSamples(text, file);
}
