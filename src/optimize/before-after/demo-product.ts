import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { simpleGit } from 'simple-git';
import { distBuiltFrom } from '../../core/index.js';
import { seedInstall } from '../campaign/arms/setup-arm.js';
import { buildKey, keepBuild } from '../campaign/arms/setup-builds.js';

// The demo product's setup: its install, then its build from the inputs into the outputs.
const INSTALL = 'npm ci';
const BUILD = 'node scripts/transpile.mjs';
const BUILD_INPUTS = ['src', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json'];
const BUILD_OUTPUTS = ['dist'];

const DEMO_MANIFEST = `# The demo product: this package's own code-search server, transpiled from source at its commit.
name: demo-code-search
setup: ${INSTALL} && ${BUILD}
setup_inputs: [${BUILD_INPUTS.join(', ')}]
setup_outputs: [${BUILD_OUTPUTS.join(', ')}]
serve: [node, dist/cli/bin.js, serve, --config, "{config}", --workspace, "{workspace}"]
index: [node, dist/cli/bin.js, index, --corpus, "{corpus}", --out, "{workspace}", --config, "{config}"]
harness: [node, dist/cli/bin.js, harness]
# The reference server keeps no state between calls: one server per arm and corpus serves rollout after rollout.
isolation: corpus
artifacts:
  tool_docs: configs/product/tool_docs.yaml
  usage_skill: configs/product/usage_skill.md
  ask_prompt: configs/product/ask_prompt.md
tools:
  search: [search_codebase]
  symbol: get_symbol
  batch: { get_symbol: get_symbols, read_file: read_files }
`;

const SERVING = 'configs/serving/default.yaml';

// What the demo product's arms read: the code its setup builds from and the configs it serves
// with. The launching checkout's tests, benches, docs and fixtures stay out: each arm's worktree
// checks out every file the product holds (about half as many files without them).
const PRODUCT_DIRS = ['src/', 'scripts/', 'configs/'];
const PRODUCT_FILES = new Set(['package.json', 'package-lock.json', 'tsconfig.json', '.gitignore']);

/** The subjects of the demo product's two commits: a plan that names them is a demo's. */
export const DEMO_COMMITS = {
  baseline: 'baseline: strict all-words search, no fallback',
  candidate: 'candidate: any-word search, stop words dropped, fallback on',
} as const;

/**
 * A small product repository made on the fly from the launching checkout's code and configs, with
 * two commits that differ in what the agent's search returns:
 * - baseline: strict all-words search with no fallback (a question must contain every indexed
 *   word of a piece), so most of an agent's searches come back empty;
 * - candidate: any-word search with stop words dropped and the fallback on (the shipped default).
 *
 * @example
 * const { repo, baseline, candidate } = await makeDemoProduct(process.cwd(), '/tmp/demo-product');
 */
export async function makeDemoProduct(
  source: string,
  into: string,
): Promise<{ repo: string; baseline: string; candidate: string }> {
  const files = (
    await simpleGit(source).raw(['ls-files', '-z', '--cached', '--others', '--exclude-standard'])
  )
    .split('\0')
    .filter((f) => PRODUCT_FILES.has(f) || PRODUCT_DIRS.some((dir) => f.startsWith(dir)));
  for (const file of files) {
    mkdirSync(dirname(join(into, file)), { recursive: true });
    copyFileSync(join(source, file), join(into, file));
  }
  writeFileSync(join(into, 'agent-track.product.yaml'), DEMO_MANIFEST);
  const serving = readFileSync(join(source, SERVING), 'utf8');
  const strict = serving
    .replace(/^( {2}mode:) any\b/m, '$1 all')
    .replace(/^( {2}fallback_to_any:) true\b/m, '$1 false');
  if (strict === serving) throw new Error(`${SERVING} no longer has the query keys the demo edits`);
  const git = simpleGit(into);
  await git
    .init()
    .addConfig('user.name', 'agent-track demo')
    .addConfig('user.email', 'demo@agent-track.invalid');
  writeFileSync(join(into, SERVING), strict);
  await git.add('.').commit(DEMO_COMMITS.baseline);
  const baseline = (await git.revparse(['HEAD'])).trim();
  writeFileSync(join(into, SERVING), serving);
  await git.add('.').commit(DEMO_COMMITS.candidate);
  const candidate = (await git.revparse(['HEAD'])).trim();
  return { repo: into, baseline, candidate };
}

/**
 * Seeds `installCache` for the demo product's arms from the launching checkout it was made from:
 * its install (same lockfile), and its `dist/` as the build of the product's tree when that
 * `dist/` was built from the same `src/` (its mark), without declarations, as the transpile makes
 * it. The arms' setup then links both instead of running `npm ci` and the transpile (~5 CPU-s a
 * tree). Call it while the product's HEAD is the tree to seed (as `makeDemoProduct` leaves it); a
 * commit whose inputs differ still builds.
 *
 * @example
 * await seedDemoCache('/tmp/demo-product', process.cwd(), '/tmp/cache/installs');
 */
export async function seedDemoCache(product: string, source: string, installCache: string): Promise<void> {
  const install = seedInstall({
    checkout: product,
    install: INSTALL,
    modules: join(source, 'node_modules'),
    installCache,
  });
  if (install === null || !distBuiltFrom(source, product)) return;
  const spec = { command: BUILD, install, outputs: BUILD_OUTPUTS, inputs: BUILD_INPUTS };
  const key = await buildKey(product, spec);
  // Without the checkout's declarations (`npm run build` writes them; the transpile does not): a
  // third of its files, which every arm would otherwise link and check.
  if (key !== null)
    keepBuild(join(installCache, install, 'builds', key), source, BUILD_OUTPUTS, BUILD, /\.d\.ts$/);
}
