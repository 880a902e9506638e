import { join } from 'node:path';
import { expect, test } from 'vitest';
import { REALDATA, scoredAll } from '../helpers.js';

// tau-bench gpt-4o airline records 13 (task 13, trial 0) and 33 (task 33, trial 0), unedited.
const TAU = join(REALDATA, 'openai-chat-tool-calls', 'tau-bench_gpt-4o-airline.failed-repeated.json');

async function scored(path: string, options: { errorPattern?: RegExp | null } = {}) {
  return new Map((await scoredAll(path, options)).map((item) => [item.metrics.task_id, item.metrics]));
}

test('tau-bench task 13: 6 of 14 replies are `Error:` strings, one failed call made three times', async () => {
  // By hand from the file, replies matched to calls by tool_call_id (the log reuses ids):
  //  0 get_reservation_details XEWRD9   2 the same, same reply (repeated)
  //  4 think -> '' (zero_yield)
  //  5, 6, 10 update_reservation_flights, the same three flights -> `Error: flight HAT030 not
  //    available` each time (failed; 6 and 10 repeated)
  //  9, 11 the same four flights -> the same error (failed; 11 repeated)
  //  12 two flights -> `Error: flight HAT223 not available` (failed)
  // failed {5,6,9,10,11,12}, repeated {2,6,10,11}, zero_yield {4}: union 8 of 14.
  // Before failed and repeated calls were charged: needless 1/14, 13 of 14 calls used.
  const m = (await scored(TAU)).get('13')!;
  expect(m).toMatchObject({
    tool_calls_total: 14,
    failed_count: 6,
    failed_call_rate: 6 / 14,
    repeated_count: 4,
    repeated_rate: 4 / 14,
    zero_yield_count: 1,
    resurfacing_count: 0,
    needless_calls: 8,
    needless_call_rate: 8 / 14,
    tool_calls_used: { count: 6, ratio: 6 / 14, definition: 'not_needless' },
  });
});

test('tau-bench task 33: four flight searches made again with the same reply are repeated under generic roles', async () => {
  // Calls 19, 20, 21, 22 repeat 6 (MSP-EWR 05-25), 8 (MSP-EWR 05-21), 14 (JFK-ATL 05-24) and
  // 15 (ORD-PHL 05-10) with byte-identical replies; 17 is `think` -> ''. No reply is an error.
  const m = (await scored(TAU)).get('33')!;
  expect(m).toMatchObject({
    tool_calls_total: 23,
    failed_call_rate: 0,
    repeated_count: 4,
    repeated_rate: 4 / 23,
    zero_yield_count: 1,
    needless_call_rate: 5 / 23,
  });
});

test('an error pattern of your own replaces the default rule; null turns it off', async () => {
  // Only task 13's HAT223 reply (call 12) names HAT223.
  const own = (await scored(TAU, { errorPattern: /HAT223 not available/ })).get('13')!;
  expect([own.failed_count, own.needless_calls]).toEqual([1, 6]);
  // No rule: no failed call; repeated {2,6,10,11} and zero_yield {4} remain.
  const off = (await scored(TAU, { errorPattern: null })).get('13')!;
  expect([off.failed_count, off.needless_calls]).toEqual([0, 5]);
});
