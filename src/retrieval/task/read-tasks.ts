import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { z } from 'zod';
import {
  AgentTrackError,
  describeReceived,
  eachJsonlLine,
  issueParts,
  type JsonlProblem,
  unknownKeysText,
} from '../../core/index.js';
import { type Task, taskSchema } from './schema.js';

/**
 * Reads a native `tasks.jsonl`, or a directory of them (a campaign's `inputs/`, one task a file:
 * every `*.jsonl` in name order): one task a line, blank lines skipped. A relative corpus
 * directory is read from where its tasks file sits, not from the cwd. A line that is not JSON, is
 * refused by the schema (unknown keys named), or repeats an earlier id (in any file) throws an
 * `AgentTrackError` naming the file and the line.
 *
 * @example
 * const tasks = await readTasks('fixtures/tasks/small.jsonl');
 * tasks[0]?.gold.files; // ['src/app.py']
 * await readTasks('runs/demo/inputs'); // the tasks a campaign ran
 */
export async function readTasks(path: string): Promise<Task[]> {
  let files = [path];
  try {
    if ((await stat(path)).isDirectory()) {
      files = (await readdir(path))
        .filter((name) => name.endsWith('.jsonl'))
        .sort()
        .map((name) => join(path, name));
    }
  } catch (cause) {
    throw unreadable(path, cause);
  }
  const tasks: Task[] = [];
  const fileOfId = new Map<string, string>();
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (cause) {
      throw unreadable(file, cause);
    }
    for (const task of parseTasksJsonl(text, file)) {
      const first = fileOfId.get(task.id);
      if (first !== undefined) {
        throw new AgentTrackError(
          'DUPLICATE_TASK_ID',
          `${file}: task id \`${task.id}\` was already used in \`${first}\``,
          { data: { file, id: task.id, first_file: first } },
        );
      }
      fileOfId.set(task.id, file);
      tasks.push(
        task.corpus && 'dir' in task.corpus && !isAbsolute(task.corpus.dir)
          ? { ...task, corpus: { dir: resolve(dirname(file), task.corpus.dir) } }
          : task,
      );
    }
  }
  return tasks;
}

function unreadable(file: string, cause: unknown): AgentTrackError {
  return new AgentTrackError('TASKS_UNREADABLE', `Cannot read the tasks file \`${file}\``, {
    data: { file },
    cause,
  });
}

/**
 * Parses the text of a `tasks.jsonl`; `source` names it in errors (a file path or a label).
 *
 * @example
 * parseTasksJsonl('{"id":"t1","question":"Where?","gold":{"files":["a.py"]}}\n', 'inline');
 * // [{ id: 't1', question: 'Where?', gold: { files: ['a.py'] } }]
 */
export function parseTasksJsonl(text: string, source: string): Task[] {
  const tasks: Task[] = [];
  const lineOfId = new Map<string, number>();
  const notJson = (problem: JsonlProblem): never => {
    throw new AgentTrackError(
      'INVALID_TASK',
      `${source}:${problem.line}: not valid JSON (${problem.message}): ${describeReceived(problem.text.trim())}`,
      { data: { file: source, line: problem.line }, cause: problem.cause },
    );
  };
  eachJsonlLine(
    text,
    (line, value) => {
      const parsed = taskSchema.safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const id = idOf(value);
        throw new AgentTrackError(
          'INVALID_TASK',
          `${source}:${line}: ${id === undefined ? '' : `task \`${id}\`: `}${describeIssue(issue, value)}`,
          { data: { file: source, line, id, issues: parsed.error.issues }, cause: parsed.error },
        );
      }
      const task = parsed.data;
      const first = lineOfId.get(task.id);
      if (first !== undefined) {
        throw new AgentTrackError(
          'DUPLICATE_TASK_ID',
          `${source}:${line}: task id \`${task.id}\` was already used on line ${first}`,
          { data: { file: source, line, id: task.id, first_line: first } },
        );
      }
      lineOfId.set(task.id, line);
      tasks.push(task);
    },
    notJson,
  );
  return tasks;
}

function idOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' ? id : undefined;
}

// One issue as a sentence naming the key and the value received, e.g.
// "`gold.files`: Invalid input: expected array, received string; got `a.py` (string)".
function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const parts = issueParts(issue, input);
  if (parts.unknownKeys !== null)
    return `${unknownKeysText(parts.unknownKeys)} (not part of the task format)`;
  const where = parts.key === '' ? 'the line' : `\`${parts.key}\``;
  return `${where}: ${parts.message}; got ${parts.received}`;
}
