import { readFileSync } from 'node:fs';
import { AgentTrackError } from '../../core/index.js';

/** A run file's JSON, or `VIEWER_NOT_A_RUN` naming the file and why it cannot be read. */
export function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AgentTrackError('VIEWER_NOT_A_RUN', `\`${file}\` cannot be read as JSON: ${String(error)}`, {
      data: { file },
    });
  }
}
