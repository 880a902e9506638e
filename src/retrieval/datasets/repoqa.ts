import { z } from 'zod';
import { AgentTrackError, issueParts } from '../../core/index.js';
import type { Task } from '../task/schema.js';
import { readJsonRecords } from './jsonl.js';
import type { LoadedDataset } from './loaded.js';

const needleRecordSchema = z
  .object({
    id: z.string().min(1).optional(),
    repo: z.string().optional(),
    language: z.string().optional(),
    description: z.string().min(1),
    needle: z
      .object({ path: z.string().min(1), name: z.string().optional(), body: z.string().min(1) })
      .strict(),
    files: z.record(z.string().min(1), z.string()),
  })
  .strict();

/**
 * Loads RepoQA-style needle records: the repository's files inline, a description of one function
 * (the question), and the function's body (the gold, with the file it lives in). The needle's file
 * must be among the inline files and contain the body, or the record is refused by line.
 *
 * @example
 * const { tasks } = await loadRepoQa({ file: 'fixtures/datasets/needles.jsonl' });
 */
export async function loadRepoQa(options: { file: string; name?: string }): Promise<LoadedDataset> {
  const tasks: Task[] = [];
  for (const { value, line } of await readJsonRecords(options.file)) {
    const parsed = needleRecordSchema.safeParse(value);
    const where = `${options.file}:${line}`;
    if (!parsed.success) {
      const { key, message } = issueParts(parsed.error.issues[0]!, value);
      throw new AgentTrackError('INVALID_RECORD', `${where}: \`${key || '(record)'}\`: ${message}`, {
        data: { file: options.file, line },
        cause: parsed.error,
      });
    }
    const record = parsed.data;
    const host = record.files[record.needle.path];
    if (host === undefined || !host.includes(record.needle.body.trim())) {
      throw new AgentTrackError(
        'INVALID_RECORD',
        `${where}: the needle's file \`${record.needle.path}\` is not among the inline files or does not contain its body`,
        { data: { file: options.file, line } },
      );
    }
    tasks.push({
      id: record.id ?? `${options.name ?? 'repoqa'}-${line}`,
      question: record.description,
      gold: { body: record.needle.body, files: [record.needle.path] },
      corpus: { files: record.files },
      meta: {
        ...(record.repo ? { repo: record.repo } : {}),
        ...(record.language ? { language: record.language } : {}),
        ...(record.needle.name ? { needle: record.needle.name } : {}),
      },
    });
  }
  return { tasks, dropped: {}, notes: [] };
}
