import {
  compareRunRecords,
  defaultRunLog,
  findRunRecord,
  formatNumber,
  formatPValue,
  pairedRecordDeltas,
  type RunMetric,
  type RunRecord,
  readRunLog,
  sameRunArms,
  supersededBy,
} from '../../report/index.js';
import { formatTable } from '../format.js';
import type { CliCommand, CliIo } from '../program.js';

const ci = (m: RunMetric | null) =>
  m === null
    ? 'n/a'
    : m.low === null
      ? formatNumber(m.value)
      : `${formatNumber(m.value)} [${formatNumber(m.low)}, ${formatNumber(m.high)}]`;
const dataset = (r: RunRecord) =>
  `${r.dataset.name}${r.dataset.slice === null ? '' : `/${r.dataset.slice}`}${r.dataset.limit === null ? '' : ` (limit ${r.dataset.limit})`}`;

function list(io: CliIo, log: string): void {
  const records = readRunLog(log);
  if (records.length === 0) {
    io.out(`no runs recorded in ${log}\n`);
    return;
  }
  // A run stopped and resumed logged itself twice: its earlier record names the one that replaced it.
  const replaced = supersededBy(records);
  const rows = records.map((r) => [
    r.id,
    r.created_at,
    r.system,
    r.config,
    dataset(r),
    String(r.dataset.tasks),
    r.git.sha?.slice(0, 10) ?? 'n/a',
    replaced.has(r.id) ? `resumed as ${replaced.get(r.id)!.id}` : '',
  ]);
  io.out(`${formatTable(['id', 'created', 'system', 'config', 'dataset', 'tasks', 'git', 'note'], rows)}\n`);
}

function show(io: CliIo, log: string, id: string): void {
  const records = readRunLog(log);
  const r = findRunRecord(records, id, log);
  const later = supersededBy(records).get(r.id);
  const lines = [
    `run ${r.id}: ${r.system} ${r.config} on ${dataset(r)}, ${r.dataset.tasks} tasks`,
    ...(later === undefined
      ? []
      : [
          `resumed as ${later.id} (${later.created_at}): the same run, stopped here and finished later; its files now hold the finished run`,
        ]),
    `created ${r.created_at}; git ${r.git.sha ?? 'n/a'}${r.git.dirty ? ' (uncommitted changes)' : ''}`,
    `params ${JSON.stringify(r.params)}`,
    ...Object.entries(r.artifacts).map(([name, path]) => `${name}: ${path}`),
    '',
    formatTable(
      ['metric', 'value [95% CI]', 'n'],
      r.metrics.map((m) => [m.key, ci(m), String(m.n)]),
    ),
  ];
  io.out(`${lines.join('\n')}\n`);
}

function compare(io: CliIo, log: string, a: string, b: string): void {
  const records = readRunLog(log);
  const first = findRunRecord(records, a, log);
  const second = findRunRecord(records, b, log);
  // One run's arms carry their paired deltas; a record against itself pairs nothing.
  const across =
    sameRunArms(first, second) || first.id === second.id ? null : pairedRecordDeltas(first, second);
  const { a: left, b: right, rows, paired } = compareRunRecords(first, second, across);
  const head = `${left.id} (${left.system} ${left.config}) vs ${right.id} (${right.system} ${right.config}) on ${dataset(left)}`;
  const note =
    across !== null
      ? 'Two separate runs paired task by task from what they saved: "paired delta" is over the tasks both ran, with its 95% interval; "delta (b - a)" is the difference of the two means; "p (b better)" the one-sided p that b is better in the row\'s direction, and its test.'
      : paired
        ? 'The two arms of one paired run: "paired delta" is over the tasks both ran, with its 95% interval; "delta (b - a)" is the difference of the two means; "p (b better)" the one-sided p its report printed, and its test.'
        : 'Unpaired: "delta (b - a)" is the difference of two means from separate runs, with no test (they saved no per-task values this can pair); for a paired answer run both in one before-after.';
  const table = paired
    ? formatTable(
        ['metric', left.id, right.id, 'delta (b - a)', 'paired delta (pairs)', 'p (b better)'],
        rows.map((row) => [
          row.key,
          ci(row.a),
          ci(row.b),
          formatNumber(row.delta),
          row.paired === null ? 'n/a' : `${ci(row.paired)} (${row.paired.n})`,
          row.p === null ? 'n/a' : `${formatPValue(row.p.value)} (${row.p.test})`,
        ]),
      )
    : formatTable(
        ['metric', left.id, right.id, 'delta (b - a)'],
        rows.map((row) => [row.key, ci(row.a), ci(row.b), formatNumber(row.delta)]),
      );
  io.out(`${head}\n${note}\n${table}\n`);
}

/** `agent-track runs`: the run log, listed, one record shown, two compared side by side. */
export const runsCommand: CliCommand = {
  name: 'runs',
  describe: (command, io) => {
    command.description('the run log: every recorded run per system, config and dataset');
    const logOption = ['--log <file>', "the run log (default: the cache directory's runs.jsonl)"] as const;
    command
      .command('list')
      .description('one line per recorded run')
      .option(...logOption)
      .action((flags: { log?: string }) => list(io, flags.log ?? defaultRunLog()));
    command
      .command('show')
      .description("a run's params, artifacts and metrics with their intervals")
      .argument('<id>', 'a run id or a unique prefix of one')
      .option(...logOption)
      .action((id: string, flags: { log?: string }) => show(io, flags.log ?? defaultRunLog(), id));
    command
      .command('compare')
      .description('two runs of one dataset side by side (refuses different datasets, naming the difference)')
      .argument('<a>', 'a run id')
      .argument('<b>', 'another run id')
      .option(...logOption)
      .action((a: string, b: string, flags: { log?: string }) =>
        compare(io, flags.log ?? defaultRunLog(), a, b),
      );
  },
};
