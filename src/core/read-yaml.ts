import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
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
    return parse(text) ?? {};
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new AgentTrackError('INVALID_YAML', `The ${what} \`${file}\` is not valid YAML: ${detail}`, {
      data: { file },
      cause: error,
    });
  }
}
