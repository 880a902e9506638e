// Inspect AI eval logs (https://inspect.aisi.org.uk/eval-logs.html): a `.json` log is one EvalLog
// document (`eval`, `samples`); a `.eval` log is a zip holding `header.json` (the EvalLog without
// its samples) and one `samples/<id>_epoch_<n>.json` per sample. A sample's `scores` maps each
// scorer to a Score whose `value` is a number, a boolean, a string or a dict of them.
import { strFromU8, unzipSync } from 'fflate';
import { z } from 'zod';
import { AgentTrackError } from '../../core/index.js';
import { type EvalRun, type EvalSample, parseJsonFile, parseShape } from './eval-log.js';

const WHAT = 'an Inspect AI eval log';

const scoreSchema = z.looseObject({ value: z.unknown() });

const sampleSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  epoch: z.number().int().min(0),
  scores: z.record(z.string(), scoreSchema).nullish(),
});

const headerSchema = z.looseObject({
  status: z.string(),
  eval: z.looseObject({ task: z.string(), model: z.string() }),
});

const jsonLogSchema = headerSchema.extend({ samples: z.array(sampleSchema) });

type InspectSample = z.infer<typeof sampleSchema>;

/**
 * A Score value as a number, the way Inspect's own `value_to_float` reads it: numbers and booleans
 * as they are, `C` 1, `P` 0.5, `I` and `N` 0, `yes`/`true` 1, `no`/`false` 0, a numeric string its
 * number. Anything else is `null` (Inspect counts it 0 with a warning; undefined is not zero here).
 *
 * @example
 * scoreValue('C'); // 1
 * scoreValue('P'); // 0.5
 * scoreValue([1, 2]); // null
 */
export function scoreValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return null;
  if (value === 'C') return 1;
  if (value === 'P') return 0.5;
  if (value === 'I' || value === 'N') return 0;
  const lower = value.toLowerCase();
  if (lower === 'yes' || lower === 'true') return 1;
  if (lower === 'no' || lower === 'false') return 0;
  const number = Number(value);
  return value.trim() !== '' && Number.isFinite(number) ? number : null;
}

function samplesOf(raw: readonly InspectSample[]): EvalSample[] {
  return raw.map((sample) => {
    const scores: Record<string, number | null> = {};
    for (const [scorer, score] of Object.entries(sample.scores ?? {})) {
      const value = score.value;
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        // A dict of values (one scorer, several metrics): each key its own row.
        for (const [key, part] of Object.entries(value)) scores[`${scorer}/${key}`] = scoreValue(part);
      } else {
        scores[scorer] = scoreValue(value);
      }
    }
    return { id: String(sample.id), epoch: Math.max(1, sample.epoch), scores };
  });
}

function label(header: z.infer<typeof headerSchema>): string {
  return `${header.eval.task} · ${header.eval.model}`;
}

/** An Inspect `.json` log's text. */
export function readInspectJson(text: string, file: string): EvalRun {
  const log = parseShape(jsonLogSchema, parseJsonFile(text, file), file, WHAT);
  return { format: 'inspect', file, label: label(log), samples: samplesOf(log.samples) };
}

/** An Inspect `.eval` archive's bytes. */
export function readInspectArchive(bytes: Uint8Array, file: string): EvalRun {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (entry) => entry.name === 'header.json' || /^samples\/[^/]+\.json$/.test(entry.name),
    });
  } catch (cause) {
    throw new AgentTrackError(
      'EVAL_LOG_SHAPE',
      `${file} is not ${WHAT}: not a zip archive (${(cause as Error).message})`,
      {
        data: { file },
      },
    );
  }
  const headerBytes = entries['header.json'];
  if (headerBytes === undefined) {
    throw new AgentTrackError(
      'EVAL_LOG_SHAPE',
      `${file} is not ${WHAT}: the archive has no \`header.json\``,
      {
        data: { file },
      },
    );
  }
  const header = parseShape(
    headerSchema,
    parseJsonFile(strFromU8(headerBytes), `${file}:header.json`),
    file,
    WHAT,
  );
  // In the sample order Inspect numbers them (`2_epoch_1` before `10_epoch_1`).
  const names = Object.keys(entries)
    .filter((name) => name.startsWith('samples/'))
    .sort((x, y) => x.localeCompare(y, 'en', { numeric: true }));
  const samples = names.map((name) => {
    const where = `${file}:${name}`;
    return parseShape(sampleSchema, parseJsonFile(strFromU8(entries[name]!), where), where, WHAT);
  });
  return { format: 'inspect', file, label: label(header), samples: samplesOf(samples) };
}
