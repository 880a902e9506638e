import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize } from 'node:path';
import { execa } from 'execa';
import { parse } from 'yaml';
import { PRODUCT_MANIFEST_FILE } from '../../../agent/index.js';
import { AgentTrackError } from '../../../core/index.js';
import { INDEX_CODE_PATHS } from '../../../product/index.js';
import { newArmDir } from './worktree.js';

/** The serving config an arm's probe and index read when no `--config` is given, relative to its root. */
export const ARM_SERVING_CONFIG = 'configs/serving/default.yaml';

/**
 * What a plan reads of an arm's commit besides its manifest and the artifacts the manifest names:
 * the serving config it keys tool-description figures by, and the code its index is built by.
 */
const PLAN_READS = [ARM_SERVING_CONFIG, ...INDEX_CODE_PATHS];

// A path git can name inside the commit's tree: relative, and not climbing out of it.
function inTree(path: string): string | null {
  const normal = normalize(path);
  if (normal === '.' || normal === '..' || normal.startsWith('../') || isAbsolute(normal)) return null;
  return normal;
}

// The artifact paths a manifest's text names (unvalidated: loadProduct refuses a bad manifest by
// name when the plan reads it from the view).
function artifactPaths(text: string): string[] {
  try {
    const artifacts = (parse(text) as { artifacts?: unknown } | null)?.artifacts;
    if (typeof artifacts !== 'object' || artifacts === null) return [];
    return Object.values(artifacts).filter((path): path is string => typeof path === 'string');
  } catch {
    return [];
  }
}

interface TreeEntry {
  mode: string;
  sha: string;
  path: string;
}

// Every file (blob) at or under `paths` in the commit's tree; a path it lacks lists nothing.
async function listBlobs(repo: string, commit: string, paths: readonly string[]): Promise<TreeEntry[]> {
  const { stdout } = await execa('git', ['-C', repo, 'ls-tree', '-r', '-z', commit, '--', ...paths], {
    env: { GIT_LITERAL_PATHSPECS: '1' },
  });
  // `<mode> <type> <sha>\t<path>`; a submodule (type `commit`) has no files here.
  return stdout
    .split('\0')
    .filter((line) => line.split(' ')[1] === 'blob')
    .map((line) => {
      const [mode, , sha] = line.slice(0, line.indexOf('\t')).split(' ');
      return { mode: mode!, sha: sha!, path: line.slice(line.indexOf('\t') + 1) };
    });
}

// The contents of objects, in the order asked (`git cat-file --batch`: `<sha> <type> <size>\n<bytes>\n`).
async function readBlobs(repo: string, shas: readonly string[]): Promise<Buffer[]> {
  const { stdout: bytes } = await execa('git', ['-C', repo, 'cat-file', '--batch'], {
    input: `${shas.join('\n')}\n`,
    encoding: 'buffer',
  });
  const stdout = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Buffer[] = [];
  let at = 0;
  for (let i = 0; i < shas.length; i++) {
    const header = stdout.indexOf(10, at);
    const size = Number(stdout.subarray(at, header).toString('latin1').split(' ')[2]);
    out.push(Buffer.from(stdout.subarray(header + 1, header + 1 + size)));
    at = header + 1 + size + 1;
  }
  return out;
}

/**
 * A plan's view of a commit, in `dir` (which must not exist yet): not a git worktree but only the
 * files a plan reads, written from the repository's objects: the product manifest, the artifacts
 * it names, the default serving config and the index code (`git show`, `git ls-tree`, `git
 * cat-file`: three processes, whatever the commit's size). A link among them brings the file it
 * points to (inside the tree); a manifest that is a link is read from its target. Writing these few files instead of checking out the whole commit is
 * what keeps a plan quick.
 *
 * @example
 * await addPlanView('.', '3f2a1b2c...', '/tmp/agent-track-arms-x/baseline');
 */
export async function addPlanView(
  repo: string,
  commit: string,
  dir: string,
  manifestName: string = PRODUCT_MANIFEST_FILE,
): Promise<string> {
  const target = newArmDir(dir);
  mkdirSync(target);
  const manifest = inTree(manifestName);
  const written = new Set<string>();
  try {
    // A commit without the manifest lists none: loadProduct then names the file missing.
    const text =
      manifest === null
        ? ''
        : await execa('git', ['-C', repo, 'show', `${commit}:${manifest}`]).then(
            ({ stdout }) => stdout,
            () => '',
          );
    let wanted = [manifestName, ...artifactPaths(text), ...PLAN_READS];
    // A manifest that is a link named no artifact above: it is read again once it is in the view.
    let linkedManifest = false;
    // One round, unless a link points to a file not written yet.
    for (let round = 0; round < 8; round++) {
      if (
        manifest !== null &&
        !linkedManifest &&
        written.has(manifest) &&
        existsSync(join(target, manifest))
      ) {
        linkedManifest = lstatSync(join(target, manifest)).isSymbolicLink();
        if (linkedManifest) wanted.push(...artifactPaths(readFileSync(join(target, manifest), 'utf8')));
      }
      const paths = wanted.map(inTree).filter((path): path is string => path !== null && !written.has(path));
      if (paths.length === 0) break;
      const entries = (await listBlobs(repo, commit, paths)).filter((entry) => !written.has(entry.path));
      if (entries.length === 0) break;
      const blobs = await readBlobs(
        repo,
        entries.map((entry) => entry.sha),
      );
      wanted = [];
      entries.forEach((entry, i) => {
        const file = join(target, entry.path);
        mkdirSync(dirname(file), { recursive: true });
        written.add(entry.path);
        if (entry.mode === '120000') {
          const link = blobs[i]!.toString('utf8');
          symlinkSync(link, file);
          wanted.push(join(dirname(entry.path), link));
        } else writeFileSync(file, blobs[i]!, { mode: entry.mode === '100755' ? 0o755 : 0o644 });
      });
    }
  } catch (error) {
    throw new AgentTrackError(
      'WORKTREE_ADD_FAILED',
      `Cannot read commit \`${commit}\` of \`${repo}\` into \`${target}\`: ${(error as Error).message.trim()}`,
      { data: { repo, commit, dir: target }, cause: error },
    );
  }
  return target;
}
