/**
 * What every layer stands on: the one error class, the one sentence for a zod issue, the one
 * append-only JSONL log with its torn-line rule, one YAML file reader, the cache directory, and
 * the text of a process's output with its secrets cut. Internal: other layers import it through
 * this file; a library user meets `AgentTrackError` on the root entry.
 */

export { builtTwin, DIST_MARK, distBuiltFrom, markDist } from './built-twin.js';
export { resolveCacheDir } from './cache-dir.js';
export { canonicalJson } from './canonical-json.js';
export { CONFIRMED_SPEND_ENV } from './confirmed-spend.js';
export { AgentTrackError, describeReceived, invalidOption, printable } from './errors.js';
export { EXIT_CODES, IncompleteRun } from './exit-status.js';
export {
  describeIssues,
  type IssueMessageOptions,
  type IssueParts,
  issueMessage,
  issueParts,
  unknownKeysText,
} from './issue-message.js';
export { type JsonRecord, type JsonRecordsProblem, jsonRecords } from './json-records.js';
export {
  appendJsonlLine,
  eachJsonlLine,
  type JsonlLog,
  type JsonlProblem,
  type JsonlRecords,
  openJsonlLog,
  parseJsonl,
  readJsonlLog,
} from './jsonl-log.js';
export { packageVersion } from './package-version.js';
export { connectionOptions, parseQueueUrl, QUEUE_PASSWORD_ENV, type QueueTarget } from './queue-url.js';
export { readYamlFile } from './read-yaml.js';
export { type RecordedError, recordError } from './recorded-error.js';
export { envSecrets, redact, SECRET_ENV_NAME, tail } from './text-tail.js';
export { MAX_TIMEOUT_SECONDS } from './timer-limit.js';
