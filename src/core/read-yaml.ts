import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AgentTrackError } from './errors.js';

/**
 * Reads one YAML file; a missing file or a syntax error is an AgentTrackError naming the file.
 * An empty file reads as `{}`.
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
  try {
    // Loaded on first use, so a layer that reads no YAML (stats) never loads the parser.
    const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
    // `error`: a tag it cannot resolve (`!!js/function`) leaves a string the schema then refuses,
    // and no warning is printed beside the one refusal line (a warning quotes the file's line).
    return parse(text, { logLevel: 'error' }) ?? {};
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
