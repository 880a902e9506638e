/**
 * Writes N synthetic trajectories of 30 calls each (10 turns x 3 calls) through the real Recorder:
 * searches with 10 ranked rows, symbol lookups whose results end with arrow pointers, file reads;
 * previews capped at 2 KiB with longer blobs, usage per message. Shared by the benches.
 */
import { join } from 'node:path';
import { Recorder } from '../src/trajectory/index.js';

const row = (i: number) => ({ path: `src/pkg/module_${i % 97}.py`, start: i, end: i + 20, name: `fn_${i}` });

export function writeSyntheticRun(run: string, count: number): void {
  for (let t = 0; t < count; t += 1) {
    const rec = Recorder.create(join(run, 'tasks', `t${t}`), { taskId: `t${t}`, blobs: join(run, 'blobs') });
    for (let turn = 1; turn <= 10; turn += 1) {
      rec.recordMessage({
        id: `m${turn}`,
        content: 'thinking '.repeat(20),
        usage: { prompt: 1000 * turn, completion: 50 },
      });
      for (let c = 0; c < 3; c += 1) {
        const i = t + turn * 10 + c;
        if (c === 0) {
          const rows = Array.from({ length: 10 }, (_, k) => row(i + k));
          const text = rows
            .map((r) => `${r.path}:${r.start}-${r.end} ${r.name}\n${'    body line\n'.repeat(8)}`)
            .join('\n');
          rec.recordToolCall({
            tool: 'search_codebase',
            args: { query: `query ${turn}` },
            message_id: `m${turn}`,
            result: `${text}\nthen: → get_symbol(target="pkg.module_${i % 97}.fn_${i}")`,
            ok: true,
            identifiers: rows.map((r) => r.path),
            rows,
            started_at: new Date(0),
            duration_ms: 5,
          });
        } else if (c === 1) {
          rec.recordToolCall({
            tool: 'get_symbol',
            args: { target: `pkg.module_${(i - 1) % 97}.fn_${i - 1}` },
            message_id: `m${turn}`,
            result: `def fn_${i}():\n${'    return 1\n'.repeat(200)}together: → read_file(path="src/pkg/module_${i % 97}.py")`,
            ok: true,
            identifiers: [`pkg.module_${i % 97}.fn_${i}`],
            started_at: new Date(0),
            duration_ms: 3,
          });
        } else {
          rec.recordToolCall({
            tool: 'read_file',
            args: { path: `src/pkg/module_${i % 97}.py` },
            message_id: `m${turn}`,
            result: `${'x = 1\n'.repeat(100)}`,
            ok: true,
            identifiers: [`src/pkg/module_${i % 97}.py`],
            started_at: new Date(0),
            duration_ms: 1,
          });
        }
      }
    }
    rec.recordMessage({ id: 'final', content: 'done', finish_reason: 'stop' });
    rec.finish({
      answer: 'done',
      outcome: 'answered',
      turn_budget: 12,
      turns: 11,
      timed_out: false,
      started_at: null,
      duration_ms: 1,
    });
  }
}
