/**
 * The public surface of `agent-track/stats`: pure numbers every report rests on.
 * Named exports only; this file is the complete list.
 */
export {};
