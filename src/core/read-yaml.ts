import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AgentTrackError } from './errors.js';

// A process reads the same files again and again (a harness runner reads its product's manifest
// and serving config for every rollout): a text parsed before is not parsed again. Each caller gets
// its own copy, so one that changes what it got changes nothing another reads.
const KEPT = 64;
const parsed = new Map<string, { text: string; value: unknown }>();

function keep(file: string, text: string, value: unknown): void {
  let copy: unknown;
  try {
    copy = structuredClone(value);
  } catch {
    return; // Nothing a YAML parser makes fails to copy, but a copy that fails is only not kept.
  }
  parsed.delete(file);
  parsed.set(file, { text, value: copy });
  if (parsed.size > KEPT) parsed.delete(parsed.keys().next().value!);
}

/**
 * Reads one YAML file; a missing file or a syntax error is an AgentTrackError naming the file.
 * An empty file reads as `{}`. The file is read every time; its text is parsed once while it stays
 * the same.
 */
export function readYamlFile(file: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new AgentTrackError('FILE_NOT_READABLE', `Cannot read the ${what} \`${file}\``, {
      data: { file },
      cause: error,
    });
  }
  const kept = parsed.get(file);
  if (kept !== undefined && kept.text === text) return structuredClone(kept.value);
  try {
    // Loaded on first use, so a layer that reads no YAML (stats) never loads the parser.
    const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
    // `error`: a tag it cannot resolve (`!!js/function`) leaves a string the schema then refuses,
    // and no warning is printed beside the one refusal line (a warning quotes the file's line).
    const value: unknown = parse(text, { logLevel: 'error' }) ?? {};
    keep(file, text, value);
    return value;
  } catch (error) {
    const detail =
      // The parser reports a stack overflow as a parse error of its own.
      error instanceof RangeError || String(error).includes('Maximum call stack size exceeded')
        ? 'nested too deeply to read'
        : error instanceof Error
          ? error.message.split('\n')[0]
          : String(error);
    throw new AgentTrackError('INVALID_YAML', `The ${what} \`${file}\` is not valid YAML: ${detail}`, {
      data: { file },
      cause: error,
    });
  }
}
