/** The files of a trajectory directory, in the order the Recorder finishes them (`result.json` last). */
export const TRAJECTORY_FILES = Object.freeze({
  events: 'events.jsonl',
  messages: 'messages.jsonl',
  turns: 'model_turns.json',
  result: 'result.json',
});

/** The blob store's folder name inside a run directory. */
export const BLOBS_DIR = 'blobs';
