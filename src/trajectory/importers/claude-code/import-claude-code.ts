import { readFile } from 'node:fs/promises';
import { AgentTrackError, describeIssues, describeReceived } from '../../../core/index.js';
import {
  type CallExtractor,
  type ImportedRun,
  type ImportedTrajectory,
  type WriteImportOptions,
  writeImportedRun,
} from '../imported-run.js';
import { parseTranscript } from '../parse-transcript.js';
import { claudeLineSchema } from './schema.js';
import { convertSession, type SessionLines } from './session.js';

export interface ClaudeCodeImportOptions {
  /** Task id for a one-session transcript; with several sessions each gets `<taskId>#<n>`. Default: the session id. */
  taskId?: string;
  /** The run's turn budget when known (Claude Code's `--max-turns`); default `null`. */
  turnBudget?: number | null;
  /** Names the input in messages (default `transcript`). */
  source?: string;
  /**
   * Identifiers (and rows) of a call to a tool that is not a built-in (an MCP server's
   * `mcp__server__tool`); without it such calls return none.
   */
  extract?: CallExtractor;
  /**
   * A tool result whose text matches is a failed call, on top of its `is_error` flag (which alone
   * decides by default; `DEFAULT_ERROR_RULE` is for formats without a flag).
   */
  errorPattern?: RegExp | null;
}

const KNOWN = new Set(['system', 'assistant', 'user', 'result']);

// A session opens at a `system`/`init` line or after a `result` line; lines before any init open one too.
function splitSessions(text: string, source: string, warnings: string[]): SessionLines[] {
  const { records, truncated } = parseTranscript(text, source);
  if (truncated) warnings.push(`${source}: the last line is torn (cut off mid-write) and was dropped`);
  const sessions: SessionLines[] = [];
  let current: SessionLines | undefined;
  let closed = true;
  const ignored = new Map<string, number>();
  for (const { value, where } of records) {
    const type = (value as { type?: unknown } | null)?.type;
    // A `type` that is not a string is a broken line, not a newer kind of line: never dropped quietly.
    if (typeof type !== 'string') {
      throw new AgentTrackError(
        'IMPORT_MALFORMED',
        `${where}: not a Claude Code line: \`type\` ${type === undefined ? 'is missing' : `is ${describeReceived(type)}, not a string`}`,
        { data: { where } },
      );
    }
    if (!KNOWN.has(type)) {
      ignored.set(type, (ignored.get(type) ?? 0) + 1);
      continue;
    }
    const parsed = claudeLineSchema.safeParse(value);
    if (!parsed.success) {
      throw new AgentTrackError(
        'IMPORT_MALFORMED',
        `${where}: not a Claude Code \`${type}\` line: ${describeIssues(parsed.error.issues, undefined)}`,
        {
          data: { where },
          cause: parsed.error,
        },
      );
    }
    const line = parsed.data;
    const opens =
      line.type === 'system' ? line.subtype === 'init' && (current?.lines.length ?? 0) > 0 : false;
    if (current === undefined || opens || (closed && line.type !== 'system' && current.lines.length > 0)) {
      current = { session_id: null, cwd: undefined, lines: [] };
      sessions.push(current);
    }
    // An empty id names nothing: the session is named by its place (`session-N`), as one without.
    current.session_id ??= line.session_id === '' ? null : (line.session_id ?? null);
    if (line.type === 'system') {
      if (line.cwd !== undefined) current.cwd = line.cwd;
      continue;
    }
    current.lines.push({ line, where });
    closed = line.type === 'result';
  }
  for (const [type, count] of ignored)
    warnings.push(`${source}: ${count} line(s) of type \`${type}\` were ignored`);
  return sessions.filter((session) => session.lines.length > 0 || session.session_id !== null);
}

/**
 * Converts a Claude Code headless transcript (`--output-format stream-json --verbose`, as JSONL or
 * as one JSON array) to imported runs, one per session, without writing anything.
 *
 * @example
 * const [run] = convertClaudeCode(text, { taskId: 'django-1' });
 * run.calls.length; // the tool_use blocks, in order
 */
export function convertClaudeCode(text: string, options: ClaudeCodeImportOptions = {}): ImportedRun[] {
  const source = options.source ?? 'transcript';
  const warnings: string[] = [];
  const sessions = splitSessions(text, source, warnings);
  return sessions.map((session, index) => {
    const taskId =
      options.taskId === undefined
        ? (session.session_id ?? `session-${index + 1}`)
        : sessions.length === 1
          ? options.taskId
          : `${options.taskId}#${index + 1}`;
    const run = convertSession(session, taskId, {
      turnBudget: options.turnBudget ?? null,
      ...(options.extract === undefined ? {} : { extract: options.extract }),
      ...(options.errorPattern === undefined ? {} : { errorPattern: options.errorPattern }),
    });
    return { ...run, warnings: [...warnings, ...run.warnings] };
  });
}

/**
 * Imports a Claude Code stream-json transcript file into a run directory: one trajectory per
 * session under `<runDir>/tasks/`, full tool results in `<runDir>/blobs/`. A session whose
 * `result` line is missing is written but left incomplete (`complete: false`).
 *
 * @example
 * const [imported] = await importClaudeCode('session.jsonl', { runDir: 'runs/imported' });
 * const trajectory = await readTrajectory(imported.dir);
 */
export async function importClaudeCode(
  file: string,
  options: ClaudeCodeImportOptions & WriteImportOptions,
): Promise<ImportedTrajectory[]> {
  const text = await readFile(file, 'utf8');
  return convertClaudeCode(text, { ...options, source: options.source ?? file }).map((run) => ({
    ...writeImportedRun(run, options),
    format: 'claude-code' as const,
  }));
}
