// Bundles the reference server's entry (`dist/product/server/main.js`, the process a rollout, a
// free-rung search and a probe start most often) into one file beside it, `main.bundle.js`: one
// file to load instead of ~250 modules (zod, the MCP SDK, ajv and this package's own), ~30% less
// CPU a start (bench/README.md). Made from the built dist/ by both builds (the transpile and
// `npm run build`), so it is never older than the files it holds; `referenceServerCommand` starts
// it when it is there, else main.js. better-sqlite3 stays outside (a native addon it finds by path).
import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/**
 * A bundled file's `import.meta.url` and `import.meta.dirname` still name the module it came from
 * (read relative to the bundle), so `new URL('../../package.json', import.meta.url)` and
 * `createRequire(import.meta.url)` find what they found before bundling.
 */
function ownUrls(dist, out) {
  return {
    name: 'own-urls',
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, (args) => {
        if (!args.path.startsWith(dist + sep)) return undefined;
        const file = `./${relative(dirname(out), args.path).split(sep).join('/')}`;
        const dir = `./${relative(dirname(out), dirname(args.path)).split(sep).join('/') || '.'}/`;
        const contents = readFileSync(args.path, 'utf8')
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

/** Writes `<root>/dist/product/server/main.bundle.js` from the built `main.js`. */
export async function bundleServer(root) {
  const { build } = await import('esbuild');
  const dist = join(root, 'dist');
  const out = join(dist, 'product/server/main.bundle.js');
  await build({
    entryPoints: [join(dist, 'product/server/main.js')],
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['better-sqlite3'],
    plugins: [ownUrls(dist, out)],
    // CommonJS packages inside (ajv) call require for Node's own modules.
    banner: {
      js: [
        "import { createRequire as __bundleRequire } from 'node:module';",
        "import { fileURLToPath as __bundlePath } from 'node:url';",
        'const require = __bundleRequire(import.meta.url);',
        'const __bundleDirname = (url) => __bundlePath(url).replace(/[\\\\/]$/, "");',
      ].join('\n'),
    },
    logLevel: 'error',
  });
}
