import { readFile } from 'node:fs/promises';
import { AgentTrackError, describeIssues } from '../../../core/index.js';
import { rolloutId } from '../../../retrieval/index.js';
import {
  type ImportedRun,
  type ImportedTrajectory,
  type WriteImportOptions,
  writeImportedRun,
} from '../imported-run.js';
import { parseTranscript, type TranscriptRecord } from '../parse-transcript.js';
import { type ConversationOptions, convertConversation } from './conversation.js';
import { type OpenAiMessage, openAiMessageSchema, openAiRecordSchema } from './schema.js';

export interface OpenAiImportOptions extends ConversationOptions {
  /** Task id of a bare message array (a record's own `task_id` wins); default `conversation-<n>`. */
  taskId?: string;
  /** Names the input in messages (default `transcript`). */
  source?: string;
}

function parseMessages(items: readonly unknown[], where: (index: number) => string) {
  return items.map((item, index) => {
    const parsed = openAiMessageSchema.safeParse(item);
    if (!parsed.success) {
      throw new AgentTrackError(
        'IMPORT_MALFORMED',
        `${where(index)}: not an OpenAI chat message: ${describeIssues(parsed.error.issues, undefined)}`,
        { data: { where: where(index) }, cause: parsed.error },
      );
    }
    return { message: parsed.data as OpenAiMessage, where: where(index) };
  });
}

function isMessage(record: TranscriptRecord): boolean {
  return typeof (record.value as { role?: unknown } | null)?.role === 'string';
}

/**
 * Converts OpenAI chat-completions logs to imported runs without writing anything. Accepts a
 * message array (one conversation), a `{task_id, traj}` record (tau-bench) or `{messages}` wrapper,
 * or an array / JSONL of such records (one run each). Trials of one task get distinct ids, the
 * campaign's rollout ids (`8`, `8~2`: `rolloutId`), by the record's `trial` or else its order.
 *
 * @example
 * const runs = convertOpenAi(JSON.stringify([{ role: 'assistant', content: null, tool_calls: [...] }, ...]));
 */
export function convertOpenAi(text: string, options: OpenAiImportOptions = {}): ImportedRun[] {
  const source = options.source ?? 'transcript';
  const { records, truncated } = parseTranscript(text, source);
  const note = truncated ? [`${source}: the last line is torn (cut off mid-write) and was dropped`] : [];
  const conversations: {
    taskId: string;
    trial?: number;
    messages: ReturnType<typeof parseMessages>;
  }[] = [];
  if (records.length > 0 && records.every(isMessage)) {
    const messages = parseMessages(
      records.map((record) => record.value),
      (index) => records[index]?.where ?? source,
    );
    conversations.push({ taskId: options.taskId ?? 'conversation-1', messages });
  } else {
    records.forEach(({ value, where }, index) => {
      const record = openAiRecordSchema.safeParse(value);
      const list = record.success ? (record.data.traj ?? record.data.messages) : undefined;
      if (!record.success || list === undefined) {
        throw new AgentTrackError(
          'IMPORT_MALFORMED',
          `${where}: expected a chat message, a \`{task_id, traj}\` record or a \`{messages}\` wrapper`,
          { data: { where } },
        );
      }
      const key = record.data.traj === undefined ? 'messages' : 'traj';
      const taskId =
        record.data.task_id === undefined
          ? (options.taskId ?? `conversation-${index + 1}`)
          : String(record.data.task_id);
      conversations.push({
        taskId,
        ...(record.data.trial === undefined ? {} : { trial: record.data.trial }),
        messages: parseMessages(list, (at) => `${where}.${key}[${at}]`),
      });
    });
  }
  // Trials of one task get the campaign's rollout ids (`8`, `8~2`, ...): by the record's `trial`
  // (0-based) when it says, else by the order the task's records come in.
  const seen = new Map<string, number>();
  const used = new Set<string>();
  return conversations.map(({ taskId, trial, messages }) => {
    const count = (seen.get(taskId) ?? 0) + 1;
    seen.set(taskId, count);
    let id = rolloutId(taskId, trial === undefined ? count : trial + 1);
    const warnings = [...note];
    if (used.has(id)) {
      warnings.push(
        `${taskId}: a second record of trial ${trial ?? count} was imported as \`${id}#${count}\``,
      );
      id = `${id}#${count}`;
    }
    used.add(id);
    const run = convertConversation(messages, id, options);
    return { ...run, warnings: [...warnings, ...run.warnings] };
  });
}

/**
 * Imports an OpenAI chat-completions log file into a run directory: one trajectory per
 * conversation under `<runDir>/tasks/`, full tool results in `<runDir>/blobs/`.
 *
 * @example
 * const imported = await importOpenAi('gpt-4o-airline.json', { runDir: 'runs/tau', errorPattern: /^Error:/ });
 */
export async function importOpenAi(
  file: string,
  options: OpenAiImportOptions & WriteImportOptions,
): Promise<ImportedTrajectory[]> {
  const text = await readFile(file, 'utf8');
  return convertOpenAi(text, { ...options, source: options.source ?? file }).map((run) => ({
    ...writeImportedRun(run, options),
    format: 'openai' as const,
  }));
}
