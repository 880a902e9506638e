/** The demo's phases, each ended by the first line that says it is done (in the order they come). */
const PHASES = [
  { name: 'product', endsAt: /^demo product: / },
  { name: 'arms and plan', endsAt: /^Plan for campaign / },
  { name: 'pilot', endsAt: /^Power \(from the pilot / },
  { name: 'rollouts', endsAt: /^arms finished / },
] as const;

/**
 * Times the demo's phases from the lines it prints: `saw(line)` as each is logged, `summary()` at
 * the end ("demo phases: product 2.0 s, arms and plan 6.8 s, pilot 5.3 s, rollouts 6.1 s, report
 * 2.0 s"). Phases end in order: a line of a later phase before its turn ends nothing, and the
 * time of a phase whose line never came is counted in the next one that is timed.
 *
 * @example
 * const phases = demoPhases(); phases.saw('demo product: /tmp/p (...)'); phases.summary();
 */
export function demoPhases(now: () => number = () => performance.now()) {
  let from = now();
  let next = 0;
  const took: string[] = [];
  const mark = (name: string) => {
    const at = now();
    took.push(`${name} ${((at - from) / 1000).toFixed(1)} s`);
    from = at;
  };
  return {
    saw(line: string): void {
      const phase = PHASES[next];
      if (phase === undefined || !phase.endsAt.test(line)) return;
      mark(phase.name);
      next += 1;
    },
    summary(): string {
      mark('report');
      return `demo phases: ${took.join(', ')}`;
    },
  };
}
