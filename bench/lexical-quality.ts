// File-level quality of the words-only search on held-out real repository questions (issue 19,
// item 5): SWE-QA-Pro's questions about public Python repositories at their pinned commits, gold =
// the files the reference answer cites (see swe-qa-pro-splits.ts). Tune on dev, report test.
//
// Run: npm run bench:lexical-quality -- [--split dev|test] [--overlay FILE]... [--config FILE]
//        [--mirrors DIR (default $AGENT_TRACK_MIRRORS or /work/.mirror)] [--cache-dir DIR]
// The rung run (every task's ranks) is saved beside the splits for a closer look.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveCacheDir } from '../src/core/index.js';
import { runRetrievalRung } from '../src/product/index.js';
import { sweQaProSplits } from './swe-qa-pro-splits.js';

const { values } = parseArgs({
  options: {
    split: { type: 'string', default: 'dev' },
    overlay: { type: 'string', multiple: true, default: [] },
    config: { type: 'string' },
    mirrors: { type: 'string', default: process.env.AGENT_TRACK_MIRRORS ?? '/work/.mirror' },
    'cache-dir': { type: 'string' },
  },
});
if (values.split !== 'dev' && values.split !== 'test') throw new Error('--split is dev or test');
const cacheDir = resolveCacheDir(values['cache-dir']);
const out = join(cacheDir, 'lexical-quality');
const splits = await sweQaProSplits(values.mirrors, out);
console.log(`questions: ${JSON.stringify(splits.counts)}`);

const started = Date.now();
const { run, loaded } = await runRetrievalRung({
  split: `swe-qa-pro:${values.split === 'dev' ? splits.dev : splits.test}/all`,
  overlays: values.overlay,
  cacheDir,
  reposDir: splits.reposDir,
  ...(values.config === undefined ? {} : { config: values.config }),
  ...(process.stderr.isTTY
    ? { onProgress: (e) => process.stderr.write(`\r${e.overlay}: ${e.done}/${e.total} questions`) }
    : {}),
});
if (process.stderr.isTTY) process.stderr.write('\n');
for (const [reason, count] of Object.entries(loaded.dropped)) console.log(`dropped ${count}: ${reason}`);
const saved = join(out, `rung-${values.split}.json`);
writeFileSync(saved, `${JSON.stringify(run, null, 2)}\n`);

const cell = (overlay: (typeof run.overlays)[number], level: 'file' | 'piece', metric: string) => {
  const row = overlay.summary.find((r) => r.level === level && r.metric === metric);
  return row?.mean == null
    ? 'n/a'
    : `${row.mean.toFixed(3)} [${row.low?.toFixed(3)}, ${row.high?.toFixed(3)}]`;
};
console.log(
  `\n${values.split}: ${run.overlays[0]?.tasks.length ?? 0} questions, ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
console.log('overlay\tfile R@5\tfile MRR\tfile R@10\tpiece R@5\tp50 ms');
for (const overlay of run.overlays) {
  console.log(
    [
      overlay.name,
      cell(overlay, 'file', 'recall@5'),
      cell(overlay, 'file', 'mrr'),
      cell(overlay, 'file', 'recall@10'),
      cell(overlay, 'piece', 'recall@5'),
      overlay.latency_p50_ms?.toFixed(1),
    ].join('\t'),
  );
}
console.log(`saved ${saved}`);
