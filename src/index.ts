/**
 * The public surface of `agent-track`. Named exports only, no wildcards: this file is the complete
 * list of what the package offers at its root. Each layer also has its own entry
 * (`agent-track/stats`, ...).
 */
export { AgentTrackError, invalidOption } from './errors.js';
