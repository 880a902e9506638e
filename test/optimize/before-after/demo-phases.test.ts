import { expect, test } from 'vitest';
import { demoPhases } from '../../../src/optimize/before-after/demo-phases.js';

test("the demo's phases are timed from the lines that end them, in order; a line out of order ends nothing", () => {
  let clock = 0;
  const phases = demoPhases(() => clock);
  const at = (ms: number, line: string) => {
    clock = ms;
    phases.saw(line);
  };
  at(2000, 'demo product: /tmp/p (baseline a, candidate b)');
  at(2500, 'arms finished (stopped by: nothing)'); // before the plan: not the end of the rollouts yet
  at(8800, 'Plan for campaign `demo`: 12 tasks');
  at(14100, 'Power (from the pilot of 4 tasks): ...');
  at(20200, 'arms finished (stopped by: nothing); booked 0.0000 USD');
  clock = 22200;
  expect(phases.summary()).toBe(
    'demo phases: product 2.0 s, arms and plan 6.8 s, pilot 5.3 s, rollouts 6.1 s, report 2.0 s',
  );
});
