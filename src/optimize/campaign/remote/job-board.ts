import type { JobsState } from '../rollout-runner.js';

/** What the orchestrator knows of its jobs on the queue, for the progress line. */
export interface JobBoard {
  queued(id: string): void;
  /** A job's state as last read; `true` when it changed. */
  seen(id: string, state: string, worker: string | null): boolean;
  /** A job whose result was read: done (the rollout finished) or failed, counted for its worker. */
  finished(id: string, worker: string | null, done: boolean): void;
  forget(id: string): void;
  state(): JobsState;
  onChange(redraw: () => void): void;
}

/**
 * Jobs by state (queued, running) and results (done, failed), in all and per worker.
 *
 * @example
 * const board = jobBoard();
 * board.queued('c.baseline.t1.1');
 * board.seen('c.baseline.t1.1', 'active', 'w1');
 * board.state(); // { queued: 0, running: 1, done: 0, failed: 0, workers: [{ name: 'w1', running: 1, done: 0, failed: 0 }] }
 */
export function jobBoard(): JobBoard {
  const live = new Map<string, { state: string; worker: string | null }>();
  const results = new Map<string, { done: number; failed: number }>();
  let redraw = () => {};
  const count = (worker: string | null, done: boolean) => {
    const name = worker ?? 'a worker';
    const entry = results.get(name) ?? { done: 0, failed: 0 };
    if (done) entry.done++;
    else entry.failed++;
    results.set(name, entry);
  };
  return {
    queued(id) {
      if (!live.has(id)) live.set(id, { state: 'waiting', worker: null });
      redraw();
    },
    seen(id, state, worker) {
      const before = live.get(id);
      if (before?.state === state && before.worker === worker) return false;
      live.set(id, { state, worker });
      redraw();
      return true;
    },
    finished(id, worker, done) {
      live.delete(id);
      count(worker, done);
      redraw();
    },
    forget(id) {
      live.delete(id);
      redraw();
    },
    state() {
      const jobs = [...live.values()];
      const running = jobs.filter((job) => job.state === 'active');
      const names = new Set([...results.keys(), ...running.map((job) => job.worker ?? 'a worker')]);
      const workers = [...names].sort().map((name) => ({
        name,
        running: running.filter((job) => (job.worker ?? 'a worker') === name).length,
        done: results.get(name)?.done ?? 0,
        failed: results.get(name)?.failed ?? 0,
      }));
      const done = workers.reduce((sum, w) => sum + w.done, 0);
      const failed = workers.reduce((sum, w) => sum + w.failed, 0);
      return { queued: jobs.length - running.length, running: running.length, done, failed, workers };
    },
    onChange(next) {
      redraw = next;
    },
  };
}
