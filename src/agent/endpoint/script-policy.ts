import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { AgentTrackError, issueMessage } from '../../core/index.js';
import type { Policy, PolicyTurn } from './policy.js';
import { type Script, type ScriptTurn, scriptSchema, turnSchemaFor } from './script-schema.js';

/**
 * Validates a parsed script, refusing it by key path and naming `source` (the file).
 *
 * @example
 * parseScript({ turns: [{ error: { status: 429, message: 'slow down' } }, { content: 'done' }] }, 'inline');
 */
export function parseScript(value: unknown, source: string): Script {
  const refuse = (reasons: string[]) =>
    new AgentTrackError(
      'SCRIPT_INVALID',
      `The endpoint script \`${source}\` is refused: ${reasons.join('; ')}`,
      {
        data: { file: source },
      },
    );
  const top = scriptSchema.safeParse(value);
  if (!top.success) throw refuse(top.error.issues.map((issue) => issueMessage(issue, value)));
  const turns: ScriptTurn[] = [];
  const reasons: string[] = [];
  top.data.turns.forEach((raw, i) => {
    const parsed = turnSchemaFor(raw).safeParse(raw);
    if (parsed.success) turns.push(parsed.data);
    else {
      for (const issue of parsed.error.issues) {
        reasons.push(issueMessage({ ...issue, path: ['turns', i, ...issue.path] }, value));
      }
    }
  });
  if (reasons.length > 0) throw refuse(reasons);
  return { turns };
}

/**
 * Reads a script from a YAML or JSON file.
 *
 * @example
 * const script = loadScript('fixtures/scripts/429-then-answer.yaml');
 */
export function loadScript(file: string): Script {
  let value: unknown;
  try {
    value = parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AgentTrackError(
      'SCRIPT_INVALID',
      `Cannot read the endpoint script \`${file}\` as YAML or JSON`,
      {
        data: { file },
        cause: error,
      },
    );
  }
  return parseScript(value, file);
}

function toPolicyTurn(turn: ScriptTurn): PolicyTurn {
  if ('error' in turn) {
    const error: PolicyTurn = { type: 'error', status: turn.error.status, message: turn.error.message };
    if (turn.delay_ms !== undefined) error.delay_ms = turn.delay_ms;
    return error;
  }
  const { content, tool_calls, ...rest } = turn;
  return { type: 'reply', content, tool_calls, ...rest };
}

/**
 * A policy that replays a script: request N gets turn N. A request past the last turn is answered
 * with HTTP 400 naming the script (not retryable, so a test that asks too much fails at once).
 *
 * @example
 * startEndpoint({ policy: createScriptPolicy(parseScript(value, 'inline'), 'inline') });
 */
export function createScriptPolicy(script: Script, source: string): Policy {
  return {
    name: `script:${source}`,
    stateful: true,
    respond(request) {
      const turn = script.turns[request.index];
      if (turn === undefined) {
        return {
          type: 'error',
          status: 400,
          message: `the endpoint script \`${source}\` has ${script.turns.length} turns; request ${request.index + 1} has none`,
        };
      }
      return toPolicyTurn(turn);
    },
  };
}
