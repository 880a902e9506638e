import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { enableLinearRegExp } from './linear-regexp.js';

// The entry the build writes as `main.bundle.js` (`scripts/bundle-entries.mjs`): it runs the
// server's one-file CommonJS bundle beside it, `main.bundle.cjs`, compiled with V8's code cache
// for it, `main.bundle.cjs.v8`. The cache holds the bytecode of every function a served session
// compiled, so the next start neither parses the 1.4 MB bundle nor compiles them again (~0.06 CPU-s
// of ~0.4 a start). The cache file opens with the sha256 of the bundle it was made from: V8 checks
// only the source's length, so a rebuilt bundle of the same length would otherwise run the old
// bytecode. A start that finds no cache for this bundle, or one V8 rejects (another Node, other
// flags), makes one as it exits after serving (exit code 0), written whole (a temporary file
// renamed) or not at all: a read-only install serves the same, without the cache. Node 20 has no
// compile cache for ES modules, so the bundle is CommonJS, run in a function of the usual module
// parameters as Node's own loader would.
const bundle = fileURLToPath(new URL('./main.bundle.cjs', import.meta.url));
const cacheFile = `${bundle}.v8`;
const bytes = readFileSync(bundle);
const digest = createHash('sha256').update(bytes).digest();
const source = bytes.toString('utf8');

// The V8 data the cache file holds for this very bundle, if it holds any.
function cached(): Buffer | undefined {
  try {
    const file = readFileSync(cacheFile);
    return file.subarray(0, digest.length).equals(digest) ? file.subarray(digest.length) : undefined;
  } catch {
    return undefined;
  }
}

// The bundle sets this flag as it loads (`safeRegex`); set first, the cache is made and read under
// the same flags.
enableLinearRegExp();
const cachedData = cached();
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
  filename: bundle,
  ...(cachedData === undefined ? {} : { cachedData }),
});
if (cachedData === undefined || script.cachedDataRejected === true) {
  process.once('exit', (code) => {
    if (code !== 0) return;
    const partial = `${cacheFile}.${process.pid}`;
    try {
      writeFileSync(partial, Buffer.concat([digest, script.createCachedData()]));
      renameSync(partial, cacheFile);
    } catch {
      // Not writable here: the next start compiles as this one did.
    }
  });
}
const module = { exports: {} };
(script.runInThisContext() as (...args: unknown[]) => void)(
  module.exports,
  createRequire(bundle),
  module,
  bundle,
  dirname(bundle),
);
