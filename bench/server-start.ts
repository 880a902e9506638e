// What one reference server costs a rollout: CPU seconds (user + system, the server process alone)
// of a start, `initialize`, `tools/list`, one search and the close, over stdio on the go-kv fixture
// corpus. Columns, interleaved RUNS times: a bare `node -e ''` (the floor), the build's bundle
// (`main.bundle.js`: its launcher, the CommonJS bundle and its V8 code cache, made by the warm-up
// start), the unbundled `main.js`, and the bundle of each other checkout given (each transpiled),
// e.g. a worktree of the commit before: `npm run bench:server -- /tmp/before`. Medians; nothing
// asserted. Ends with `{"bench":"server-start","figures":{bundle_cpu_s, main_cpu_s, bare_cpu_s,
// bundle_vs_main, bundle_vs_<n>}}`.
// Run: npm run bench:server [-- CHECKOUT...]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { median } from 'simple-statistics';
import { benchLine } from './bench-line.js';

const RUNS = Number(process.env.RUNS ?? 15);
const root = resolve(import.meta.dirname, '..');
const others = process.argv.slice(2).map((dir) => resolve(dir));
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-server-bench-'));
const workspace = join(scratch, 'ws');

const REQUESTS = [
  {
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
  },
  { method: 'tools/list' },
  { method: 'tools/call', params: { name: 'search_codebase', arguments: { query: 'put a value' } } },
];

// One session under bash, whose `times` gives the CPU its child used: each request once the last
// answer is in, then stdin closed, as an MCP client closes a stdio server.
function session(argv: readonly string[]): Promise<number> {
  const child = spawn('bash', ['-c', 'node "$@"; times >&2', '_', ...argv], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const send = (id: number) =>
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, ...REQUESTS[id - 1] })}\n`);
  const lines = createInterface({ input: child.stdout });
  let answered = 0;
  lines.on('line', (line) => {
    if (!line.includes('"id"')) return;
    answered++;
    if (answered === 1) child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    if (answered < REQUESTS.length) send(answered + 1);
    else child.stdin.end();
  });
  if (argv[0] === '-e') child.stdin.end();
  else send(1);
  return new Promise((done, fail) =>
    child.on('exit', () => {
      // `times`: the shell's user and system time, then its children's.
      const children = stderr
        .trim()
        .split('\n')
        .at(-1)
        ?.match(/(\d+)m([\d.]+)s (\d+)m([\d.]+)s/);
      if (!children || (argv[0] !== '-e' && answered < REQUESTS.length)) {
        fail(new Error(`a session of ${argv.join(' ')} ended after ${answered} answers: ${stderr}`));
        return;
      }
      const [, um, us, sm, ss] = children.map(Number) as number[];
      done(um! * 60 + us! + sm! * 60 + ss!);
    }),
  );
}

const serverArgs = ['--workspace', workspace, '--config', join(root, 'configs/serving/default.yaml')];
const columns: [string, string[]][] = [
  ['bare', ['-e', '']],
  ['bundle', [join(root, 'dist/product/server/main.bundle.js'), ...serverArgs]],
  ['main', [join(root, 'dist/product/server/main.js'), ...serverArgs]],
  ...others.map((dir, i): [string, string[]] => [
    String(i + 1),
    [join(dir, 'dist/product/server/main.bundle.js'), ...serverArgs],
  ]),
];

try {
  const cli = join(root, 'dist/cli/bin.js');
  execFileSync(process.execPath, [
    cli,
    'index',
    '--corpus',
    join(root, 'fixtures/corpora/go-kv'),
    '--out',
    workspace,
  ]);
  console.log(`node ${process.version}, ${cpus().length} cores; ${RUNS} sessions each, interleaved`);
  // A warm-up session each: a bundle's launcher makes its code cache as its first session exits.
  for (const [, argv] of columns) await session(argv);
  const samples = new Map<string, number[]>(columns.map(([name]) => [name, []]));
  for (let run = 0; run < RUNS; run++)
    for (const [name, argv] of columns) samples.get(name)!.push(await session(argv));
  const cpu = new Map([...samples].map(([name, values]) => [name, median(values)]));
  for (const [name] of columns) {
    const label = name === 'bare' || name === 'bundle' || name === 'main' ? name : others[Number(name) - 1]!;
    console.log(`${label.padEnd(40)} median ${cpu.get(name)!.toFixed(3)} CPU-s a session`);
  }
  const bundle = cpu.get('bundle')!;
  benchLine('server-start', {
    bundle_cpu_s: bundle,
    main_cpu_s: cpu.get('main')!,
    bare_cpu_s: cpu.get('bare')!,
    bundle_vs_main: bundle / cpu.get('main')!,
    ...Object.fromEntries(others.map((_, i) => [`bundle_vs_${i + 1}`, bundle / cpu.get(String(i + 1))!])),
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
