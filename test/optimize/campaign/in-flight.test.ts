import { expect, test } from 'vitest';
import { inFlightCount } from '../../../src/optimize/campaign/in-flight.js';

test('in flight: counts bookings, and a release wakes every wait for the next settlement', async () => {
  const inFlight = inFlightCount();
  inFlight.add();
  inFlight.add();
  expect(inFlight.count).toBe(2);
  const woken: string[] = [];
  const a = inFlight.settled().then(() => woken.push('a'));
  const b = inFlight.settled().then(() => woken.push('b'));
  inFlight.release();
  await Promise.all([a, b]);
  expect(woken).toEqual(['a', 'b']);
  expect(inFlight.count).toBe(1);
  // A wait begun after a release waits for the next one.
  let late = false;
  const c = inFlight.settled().then(() => {
    late = true;
  });
  await Promise.resolve();
  expect(late).toBe(false);
  inFlight.release();
  await c;
  expect([late, inFlight.count]).toEqual([true, 0]);
});
