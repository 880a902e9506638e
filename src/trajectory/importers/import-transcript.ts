import { readFile } from 'node:fs/promises';
import { AgentTrackError } from '../../core/index.js';
import { type ClaudeCodeImportOptions, convertClaudeCode } from './claude-code/import-claude-code.js';
import {
  type ImportedTrajectory,
  type TranscriptFormat,
  type WriteImportOptions,
  writeImportedRun,
} from './imported-run.js';
import { convertOpenAi, type OpenAiImportOptions } from './openai/import-openai.js';
import { convertOtel, type OtelImportOptions } from './otel/import-otel.js';
import { parseTranscript } from './parse-transcript.js';

export { TRANSCRIPT_FORMATS, type TranscriptFormat } from './imported-run.js';

const CLAUDE_TYPES = new Set(['system', 'assistant', 'user', 'result']);

/**
 * Which importer reads a transcript: Claude Code stream-json (records with a `type` of
 * system/assistant/user/result), OpenAI chat logs (records with a `role`, or `{traj}` /
 * `{messages}` records) or OTLP JSON traces (records with `resourceSpans`); `null` when none.
 *
 * @example
 * detectTranscriptFormat('{"type":"system","subtype":"init"}\n'); // 'claude-code'
 * detectTranscriptFormat('{"resourceSpans":[]}\n');               // 'otel'
 */
export function detectTranscriptFormat(text: string, source = 'transcript'): TranscriptFormat | null {
  const first = parseTranscript(text, source).records[0]?.value as Record<string, unknown> | undefined;
  if (first === undefined || first === null || typeof first !== 'object') return null;
  if (Array.isArray(first.resourceSpans)) return 'otel';
  if (typeof first.type === 'string' && CLAUDE_TYPES.has(first.type)) return 'claude-code';
  if (typeof first.role === 'string' || Array.isArray(first.traj) || Array.isArray(first.messages))
    return 'openai';
  return null;
}

/**
 * Imports a transcript file of any supported format into a run directory (see
 * `importClaudeCode`, `importOpenAi` and `importOtel`); refuses a file it cannot recognise, naming it.
 *
 * @example
 * const imported = await importTranscript('session.jsonl', { runDir: 'runs/imported' });
 */
export async function importTranscript(
  file: string,
  options: ClaudeCodeImportOptions & OpenAiImportOptions & OtelImportOptions & WriteImportOptions,
): Promise<ImportedTrajectory[]> {
  const text = await readFile(file, 'utf8');
  const format = detectTranscriptFormat(text, file);
  const converted = { ...options, source: options.source ?? file };
  if (format === 'claude-code')
    return convertClaudeCode(text, converted).map((run) => ({ ...writeImportedRun(run, options), format }));
  if (format === 'openai')
    return convertOpenAi(text, converted).map((run) => ({ ...writeImportedRun(run, options), format }));
  if (format === 'otel')
    return convertOtel(text, converted).map((run) => ({ ...writeImportedRun(run, options), format }));
  throw new AgentTrackError(
    'UNKNOWN_TRANSCRIPT_FORMAT',
    `${file}: not a Claude Code stream-json transcript, an OpenAI chat log nor an OTLP JSON trace (the first record has no \`type\`, \`role\` or \`resourceSpans\`)`,
    { data: { file } },
  );
}
