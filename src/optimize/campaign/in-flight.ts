/** Rollouts booked and not yet settled, and a wait for the next one to settle. */
export interface InFlight {
  readonly count: number;
  add(): void;
  /** One settled (finished, failed or let go): wakes everyone waiting. */
  release(): void;
  /** Resolves when the next rollout settles. */
  settled(): Promise<void>;
}

/**
 * A count of booked rollouts still running, with a wait for the next to settle: a booking the
 * ceiling refuses while others hold their worst case waits here, then books again.
 *
 * @example
 * const inFlight = inFlightCount();
 * inFlight.add(); ... inFlight.release();
 * while (booking === null && inFlight.count > 0) { await inFlight.settled(); booking = book(); }
 */
export function inFlightCount(): InFlight {
  let count = 0;
  let waiting: (() => void)[] = [];
  return {
    get count() {
      return count;
    },
    add: () => {
      count++;
    },
    release: () => {
      count--;
      const woken = waiting;
      waiting = [];
      for (const resolve of woken) resolve();
    },
    settled: () => new Promise<void>((resolve) => waiting.push(resolve)),
  };
}
