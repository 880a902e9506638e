import { resolveCacheDir } from '../../core/index.js';
import { formatTable } from '../format.js';
import { directoryOrNew, nonNegativeNumber } from '../options.js';
import type { CliCommand } from '../program.js';

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** `agent-track cache info|evict`: what the corpus and index cache holds, and removing it. */
export const cacheCommand: CliCommand = {
  name: 'cache',
  describe: (command, io) => {
    command.description('the corpus and index cache ($AGENT_TRACK_CACHE or ~/.cache/agent-track)');
    command
      .command('info')
      .description('list cached corpora and indexes')
      .option('--cache-dir <dir>', 'the cache directory', directoryOrNew('--cache-dir'))
      .action(async (flags: { cacheDir?: string }) => {
        const { cacheContents } = await import('../../product/index.js');
        const dir = resolveCacheDir(flags.cacheDir);
        const entries = cacheContents(dir);
        const total = entries.reduce((sum, e) => sum + e.bytes, 0);
        io.out(
          `${formatTable(
            ['name', 'kind', 'size', 'modified', 'detail'],
            entries.map((e) => [e.name, e.kind, mib(e.bytes), e.modified.slice(0, 19), e.detail ?? '']),
          )}\n${entries.length} entries, ${mib(total)} in ${dir}\n`,
        );
      });
    command
      .command('evict [names...]')
      .description('remove cached entries: the named ones, --all, or --older-than DAYS')
      .option('--cache-dir <dir>', 'the cache directory', directoryOrNew('--cache-dir'))
      .option('--all', 'remove everything')
      .option(
        '--older-than <days>',
        'remove entries not written for this many days',
        nonNegativeNumber('--older-than'),
      )
      .action(async (names: string[], flags: { cacheDir?: string; all?: boolean; olderThan?: number }) => {
        const { evictCache } = await import('../../product/index.js');
        const removed = evictCache(resolveCacheDir(flags.cacheDir), {
          names,
          ...(flags.all ? { all: true } : {}),
          ...(flags.olderThan === undefined ? {} : { olderThanDays: flags.olderThan }),
        });
        io.out(`removed ${removed.length} entries (${mib(removed.reduce((s, e) => s + e.bytes, 0))})\n`);
      });
  },
};
