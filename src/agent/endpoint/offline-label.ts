/** Every answer of the offline policy starts with this label: it is not a model. */
export const OFFLINE_LABEL = '[offline policy: a deterministic stand-in for a model, not a model]';
