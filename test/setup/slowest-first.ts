import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = resolve(import.meta.dirname, '../..');
// How long each slow file took in a fresh-clone CI run (scripts/test-durations.mjs writes it).
const durations = JSON.parse(readFileSync(resolve(import.meta.dirname, 'durations.json'), 'utf8')) as Record<
  string,
  number
>;

/**
 * Longest first, across both workers: the files `durations.json` names by their recorded seconds,
 * then the rest in vitest's own order (its cache of the last local run, else the largest file
 * first). Without it a fresh clone started the 158 s guide file 862 s in, and the other worker sat
 * idle for its last 100 s.
 */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rest = await super.sort(files);
    const took = (file: TestSpecification) => durations[relative(root, file.moduleId)] ?? null;
    const known = rest.filter((file) => took(file) !== null).sort((a, b) => took(b)! - took(a)!);
    return [...known, ...rest.filter((file) => took(file) === null)];
  }
}
