import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadSplit, type Task } from '../../../src/retrieval/index.js';
import { ROOT } from '../../product/helpers/workspace.js';

export const BIN = join(ROOT, 'fixtures/bin');
export const TRACK_TASKS = join(ROOT, 'fixtures/track/tasks.jsonl');

/** The three fixture tasks (t1, t2, t3), corpus directories resolved. */
export async function trackTasks(): Promise<Task[]> {
  return (await loadSplit(`${TRACK_TASKS}/all`, { reposDir: '/nonexistent' })).tasks;
}

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every file under `dir` whose bytes contain `text`. */
export function filesContaining(dir: string, text: string): string[] {
  return filesUnder(dir).filter((file) => readFileSync(file).includes(text));
}
