/**
 * The exit codes a script can trust (README "Exit codes"): 0 a verdict or a finished run; 2 a
 * refusal before any spend (every `AgentTrackError`); 3 stopped by the ceiling or an interrupt,
 * partial results written; 4 finished without a verdict (too few pairs); 5 (`agent-track gate`
 * only) a significant regression on the primary row or a guard.
 */
export const EXIT_CODES = { finished: 0, refused: 2, stopped: 3, noVerdict: 4, regression: 5 } as const;

/**
 * A run that ended without the whole answer: what it wrote is on disk, and the CLI prints
 * `agent-track: MESSAGE` and exits with `exitCode` (3 or 4) instead of 0.
 *
 * @example
 * throw new IncompleteRun(EXIT_CODES.stopped, 'stopped by the ceiling after 3 of 24 rollouts; partial report in runs/c');
 */
export class IncompleteRun extends Error {
  readonly exitCode: 3 | 4 | 5;

  /** 5 is the gate's regression: a whole answer, but one CI must fail on (`EXIT_CODES.regression`). */
  constructor(exitCode: 3 | 4 | 5, message: string) {
    super(message);
    this.name = 'IncompleteRun';
    this.exitCode = exitCode;
  }
}
