// Bundles the two entries started most often as processes, from the built dist/, so each start
// loads a few files instead of hundreds of modules (~30% less CPU a start; bench/README.md):
// - the reference server (`dist/product/server/main.js`, started per corpus by every rollout, free
//   rung and probe) into `main.bundle.cjs` beside it, one CommonJS file, and its launcher
//   `main.bundle.js` (`bundle-launcher.ts`: runs the bundle with a V8 code cache), which
//   `referenceServerCommand` starts when present;
// - the CLI (`dist/cli/bin.js`: every harness runner, orchestrator, worker and index child) in
//   place, its lazily loaded commands in `bin-chunk-*.js` chunks beside it.
// Made by both builds (the transpile and `npm run build`), so a bundle is never older than the
// files it holds. Only pure-JavaScript packages go inside (`INSIDE` and what they import); a native
// addon or a package that reads its own files stays outside. The agent loop's packages (LangGraph,
// LangChain's core, the OpenAI SDK) are inside: every harness runner loads them, and from hundreds
// of files they cost 0.8 CPU-s a process, from their chunk 0.4. So are execa, simple-git and fflate,
// which most commands load (execa alone, from its ~40 files, ~0.2 CPU-s a process), and Vega and
// Vega-Lite, loaded by every command that draws (55 packages; `plot` 10% less CPU). Vega's optional
// `canvas` (not installed) stays a dynamic import that fails as it did. And BullMQ with ioredis, which
// every queue orchestrator and worker loads (~0.27 CPU-s from node_modules, ~0.12 bundled).
// zod's locales are left out but English (`ZOD_LOCALES`).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';

const INSIDE = new Set([
  'zod',
  'commander',
  '@modelcontextprotocol/sdk',
  'yaml',
  'simple-statistics',
  'seedrandom',
  '@langchain/langgraph',
  '@langchain/core',
  'openai',
  'execa',
  'simple-git',
  'fflate',
  'vega',
  'vega-lite',
  'bullmq',
]);

// Native addons stay outside wherever they are imported from (msgpackr, inside with BullMQ, tries
// its optional `msgpackr-extract` and falls back to JavaScript without it).
const NATIVE = new Set(['better-sqlite3', 'msgpackr-extract']);

// The zod modules that export the `locales` namespace: `z.locales` and `z.core.locales`.
const ZOD_LOCALES = /[\\/]zod[\\/]v4[\\/](classic[\\/]external|mini[\\/]external|core[\\/]index)\.js$/;

const LAZY_REQUIRE = /createRequire\(import\.meta\.url\)\((['"])([^'"]+)\1\)/g;

const packageOf = (spec) =>
  (spec.startsWith('@') ? spec.split('/').slice(0, 2) : spec.split('/').slice(0, 1)).join('/');

const posix = (path) => path.split(sep).join('/');

/**
 * A bundled module's `import.meta.url` and `import.meta.dirname` still name the module it came
 * from (read relative to the bundle, whose chunks share its directory), so
 * `new URL('../../package.json', import.meta.url)` and `createRequire(import.meta.url)` find what
 * they found before bundling; a package outside stays an import.
 */
function plugin(dist, outDir) {
  return {
    name: 'agent-track-entries',
    setup(build) {
      // BullMQ's `main` is its CommonJS build, which Node loads (no `exports` map) and esbuild would
      // bundle for the node platform; bundled as one CommonJS module behind a chunk, `await
      // import('bullmq')` would see only a default export. Its ES build (`module`) keeps the names.
      build.onResolve({ filter: /^bullmq$/ }, () => {
        const manifest = createRequire(join(dist, '..', 'package.json')).resolve('bullmq/package.json');
        return { path: join(dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).module) };
      });
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || NATIVE.has(packageOf(args.path))) return { external: true };
        if (args.importer.includes(`${sep}node_modules${sep}`)) return undefined;
        return INSIDE.has(packageOf(args.path)) ? undefined : { external: true };
      });
      // zod's `z.locales` namespace imports its 64 error-message locales, ~450 KB of the 750 KB
      // every process compiled; nothing here calls one but English, which zod registers itself
      // (`classic/schemas.js` imports `locales/en.js`). Bundled, the namespace holds `en` alone.
      build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
        ZOD_LOCALES.test(args.importer)
          ? { path: join(dirname(args.importer), '..', 'locales', 'en.js'), namespace: 'zod-locales' }
          : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
        contents: `export { default as en } from ${JSON.stringify(args.path)};`,
        loader: 'js',
        resolveDir: dirname(args.path),
      }));
      build.onLoad({ filter: /\.js$/ }, (args) => {
        if (!args.path.startsWith(dist + sep)) return undefined;
        const file = `./${posix(relative(outDir, args.path))}`;
        const dir = `./${posix(relative(outDir, dirname(args.path))) || '.'}/`;
        const contents = readFileSync(args.path, 'utf8')
          // A package inside loaded on first use (`createRequire(import.meta.url)('yaml')`, so a
          // library user who never parses YAML never loads it) is the bundle's own copy, evaluated
          // on the first call as before, not a second one read from node_modules file by file.
          .replace(LAZY_REQUIRE, (call, quote, spec) =>
            INSIDE.has(packageOf(spec)) ? `require(${quote}${spec}${quote})` : call,
          )
          .replaceAll('import.meta.url', `new URL(${JSON.stringify(file)}, import.meta.url).href`)
          .replaceAll(
            'import.meta.dirname',
            `__bundleDirname(new URL(${JSON.stringify(dir)}, import.meta.url))`,
          );
        return { contents, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

const BANNER = [
  "import { createRequire as __bundleRequire } from 'node:module';",
  "import { fileURLToPath as __bundlePath } from 'node:url';",
  // CommonJS packages inside (ajv) call require for Node's own modules.
  'const require = __bundleRequire(import.meta.url);',
  'const __bundleDirname = (url) => __bundlePath(url).replace(/[\\\\/]$/, "");',
].join('\n');

// The same for a CommonJS bundle, whose `require`, `__filename` and `__dirname` are its own.
const CJS_BANNER = [
  "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;",
  'const __bundleDirname = (url) => require(\'node:url\').fileURLToPath(url).replace(/[\\\\/]$/, "");',
].join('\n');

/**
 * Writes the server's `main.bundle.cjs` and its launcher `main.bundle.js`, and bundles
 * `dist/cli/bin.js` in place.
 */
export async function bundleEntries(root) {
  const { build } = await import('esbuild');
  const dist = join(root, 'dist');
  const common = {
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    banner: { js: BANNER },
    logLevel: 'error',
  };
  const server = join(dist, 'product/server');
  // The server as one CommonJS file, which its launcher compiles with a V8 code cache
  // (`bundle-launcher.ts`, bundled as `main.bundle.js`); `import.meta.url` is the file's own URL.
  await build({
    ...common,
    format: 'cjs',
    banner: { js: CJS_BANNER },
    define: { 'import.meta.url': '__bundleUrl' },
    entryPoints: [join(server, 'main.js')],
    outfile: join(server, 'main.bundle.cjs'),
    external: ['better-sqlite3'],
    plugins: [plugin(dist, server)],
  });
  await build({
    ...common,
    entryPoints: [join(server, 'bundle-launcher.js')],
    outfile: join(server, 'main.bundle.js'),
    plugins: [plugin(dist, server)],
  });
  const cli = join(dist, 'cli');
  for (const name of readdirSync(cli)) if (name.startsWith('bin-chunk-')) rmSync(join(cli, name));
  await build({
    ...common,
    entryPoints: [join(cli, 'bin.js')],
    outdir: cli,
    entryNames: '[name]',
    chunkNames: 'bin-chunk-[hash]',
    splitting: true,
    allowOverwrite: true,
    plugins: [plugin(dist, cli)],
  });
}
