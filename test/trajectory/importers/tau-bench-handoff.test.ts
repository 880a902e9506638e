import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { metricsRow } from '../../../src/trajectory/metrics/columns.js';
import { resolveToolRoles } from '../../../src/trajectory/tools/tool-roles.js';
import { REALDATA, scoredAll } from '../helpers.js';

// Five unedited records of tau-bench's gpt-4o-airline.json: task 8's four trials (0..3; trial 1
// transfers to a human) and task 18's trial 0 (transfers, reward 1). See SOURCES.md.
const FILE = join(REALDATA, 'openai-chat-tool-calls', 'tau-bench_gpt-4o-airline.task8-trials-and-18.json');

const scored = (options: Parameters<typeof scoredAll>[1] = {}) => scoredAll(FILE, options);

describe('tau-bench handoffs and trials, on the real records', () => {
  test('trials of one task get the rollout ids 8, 8~2, 8~3, 8~4; a run whose last call is transfer_to_human_agents ends handoff', async () => {
    const rows = (await scored()).map(({ metrics: m }) => {
      const row = metricsRow(m);
      return [m.task_id, m.outcome, m.turns, row.answered, row.turns_to_answer_penalised];
    });
    // By hand from the file: trials 0, 2 and 3 of task 8 end on a text reply with no call (8, 6
    // and 8 assistant turns): answered. Trial 1 (21 turns, 16 calls) and task 18 (7 turns, 3 calls)
    // end on `transfer_to_human_agents`: handoff, `answered` undefined (null), not 0, and
    // turns_to_answer_penalised null (an answered run's is its turns).
    expect(rows).toEqual([
      ['18', 'handoff', 7, null, null],
      ['8', 'answered', 8, 1, 8],
      ['8~2', 'handoff', 21, null, null],
      ['8~3', 'answered', 6, 1, 6],
      ['8~4', 'answered', 8, 1, 8],
    ]);
  });

  test('the handoff comes from the roles: a tools config naming none leaves the recorded ending', async () => {
    const roles = resolveToolRoles({ search: [], read: [], symbol: null, batch: {} });
    const outcomes = (await scored({ roles })).map(({ metrics: m }) => [m.task_id, m.outcome]);
    // the transcript records no reply after the transfer: unanswered_empty
    expect(outcomes).toContainEqual(['8~2', 'unanswered_empty']);
    expect(outcomes).toContainEqual(['18', 'unanswered_empty']);
    const named = resolveToolRoles({
      search: [],
      read: [],
      symbol: null,
      batch: {},
      handoff: ['transfer_to_human_agents'],
    });
    const again = (await scored({ roles: named })).map(({ metrics: m }) => [m.task_id, m.outcome]);
    expect(again).toContainEqual(['8~2', 'handoff']);
  });

  test("a trial's task is its task: gold for task 8 scores 8~2", async () => {
    const tasks = new Map([['8', { id: '8', gold: { files: ['none.py'] } }]]);
    const ids = (await scored({ tasks })).map(({ metrics: m }) => [m.task_id, m.needle_reached]);
    // Gold given for task 8 reaches all its trials (none of the calls names none.py: false);
    // task 18 has no task: null.
    expect(ids).toEqual([
      ['18', null],
      ['8', false],
      ['8~2', false],
      ['8~3', false],
      ['8~4', false],
    ]);
  });
});
