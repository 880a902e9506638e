import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { createOfflinePolicy, createProvider, startEndpoint } from '../../../src/agent/index.js';
import { makeCandidate } from '../../../src/optimize/optimizer/candidate.js';
import { loggedProposer } from '../../../src/optimize/optimizer/propose/proposal-log.js';
import { type Proposer, scriptedProposer } from '../../../src/optimize/optimizer/propose/proposer.js';
import { reflectiveProposer } from '../../../src/optimize/optimizer/propose/reflective-proposer.js';

function logFile() {
  const dir = mkdtempSync(join(tmpdir(), 'agent-track-proposals-'));
  return {
    file: join(dir, 'proposals.jsonl'),
    [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A scripted proposer that counts the rounds it is asked for (the paid call a replay must skip). */
function counting(rounds: string[][]): Proposer & { calls: number } {
  const inner = scriptedProposer(rounds);
  const proposer = {
    name: inner.name,
    calls: 0,
    async propose(context: Parameters<Proposer['propose']>[0]) {
      proposer.calls++;
      return inner.propose(context);
    },
  };
  return proposer;
}

const ROUNDS = [['docs v2', 'docs v3'], ['docs v4']];
const incumbentA = makeCandidate({ id: 'incumbent', parent: null, text: 'docs v1', operator: 'head' });
const incumbentB = makeCandidate({ id: 'c1.0', parent: 'incumbent', text: 'docs v2', operator: 'scripted' });
const context = (round: number, incumbent = incumbentA) => ({
  round,
  incumbent,
  seen: new Set([incumbent.hash]),
  count: 4,
});

test('a second wrapper over the same file replays the round for the same incumbent without asking', async () => {
  using log = logFile();
  const first = counting(ROUNDS);
  const made = await loggedProposer(first, log.file).propose(context(1));
  expect(first.calls).toBe(1);
  expect(made.map((c) => [c.id, c.text])).toEqual([
    ['c1.0', 'docs v2'],
    ['c1.1', 'docs v3'],
  ]);

  // A resumed campaign, with a proposer that would now say something else.
  const second = counting([['other text']]);
  const replayed = await loggedProposer(second, log.file).propose(context(1));
  expect(second.calls).toBe(0);
  // Same ids, parents, operators, texts and hashes.
  expect(replayed).toEqual(made);
});

test('the same round against a different incumbent, or a later round, is asked of the inner proposer and logged', async () => {
  using log = logFile();
  await loggedProposer(counting(ROUNDS), log.file).propose(context(1));

  const second = counting(ROUNDS);
  const proposer = loggedProposer(second, log.file);
  const other = await proposer.propose(context(1, incumbentB));
  expect(second.calls).toBe(1);
  // scripted round 1 minus the incumbent's own text 'docs v2' (seen)
  expect(other.map((c) => [c.id, c.parent, c.text])).toEqual([['c1.0', 'c1.0', 'docs v3']]);
  await proposer.propose(context(2));
  expect(second.calls).toBe(2);
  // Now both are logged too: a third wrapper asks for nothing.
  const third = counting([]);
  const again = loggedProposer(third, log.file);
  expect(await again.propose(context(1, incumbentB))).toEqual(other);
  expect((await again.propose(context(2))).map((c) => c.text)).toEqual(['docs v4']);
  expect(third.calls).toBe(0);
  // One line per round asked: (1, A), (1, B), (2, A).
  const lines = readFileSync(log.file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(lines.map((l) => [l.round, l.incumbent_hash])).toEqual([
    [1, incumbentA.hash],
    [1, incumbentB.hash],
    [2, incumbentA.hash],
  ]);
});

test('within one wrapper, asking the same round twice calls the inner proposer once', async () => {
  using log = logFile();
  const inner = counting(ROUNDS);
  const proposer = loggedProposer(inner, log.file);
  const a = await proposer.propose(context(1));
  const b = await proposer.propose(context(1));
  expect(inner.calls).toBe(1);
  expect(b).toEqual(a);
});

test('a torn last line (a kill mid-append) is dropped and that round is asked again', async () => {
  using log = logFile();
  await loggedProposer(counting(ROUNDS), log.file).propose(context(1));
  appendFileSync(log.file, '{"round":2,"incumbent_hash":"');
  const inner = counting(ROUNDS);
  const proposer = loggedProposer(inner, log.file);
  await proposer.propose(context(1));
  expect(inner.calls).toBe(0);
  expect((await proposer.propose(context(2))).map((c) => c.text)).toEqual(['docs v4']);
  expect(inner.calls).toBe(1);
  expect(readFileSync(log.file, 'utf8').trim().split('\n')).toHaveLength(2);
});

test('the wrapper keeps the inner proposer name', () => {
  using log = logFile();
  expect(loggedProposer(counting([]), log.file).name).toBe('scripted');
});

test('a paid round cut short replays the calls it paid for and asks only the rest', async () => {
  using log = logFile();
  const endpoint = await startEndpoint({ policy: createOfflinePolicy() });
  try {
    const provider = createProvider({ provider: 'openai', base_url: endpoint.openaiBaseUrl, max_retries: 0 });
    const docs =
      'search_codebase:\n  description: Search the code.\nread_file:\n  description: Read a file.\n';
    const incumbent = makeCandidate({ id: 'incumbent', parent: null, text: docs, operator: 'head' });
    const reflective = (stopAt: number) => {
      let reserved = 0;
      return reflectiveProposer({
        axis: 'tool_docs',
        provider,
        model: 'offline',
        evidence: async () => '',
        reserve: (key) => {
          // A kill (or the ceiling) before the call numbered stopAt.
          if (++reserved > stopAt) throw new Error('killed');
          return key;
        },
        settle: () => {},
      });
    };
    const round = { round: 1, incumbent, seen: new Set([incumbent.hash]), count: 4 };
    await expect(loggedProposer(reflective(2), log.file).propose(round)).rejects.toThrow('killed');
    expect(endpoint.requests.length).toBe(2);
    const made = await loggedProposer(reflective(4), log.file).propose(round);
    // Calls 0 and 1 came from the log; only 2 and 3 were asked.
    expect(endpoint.requests.length).toBe(4);
    expect(made.map((c) => c.id)).toEqual(['c1.0', 'c1.1', 'c1.2', 'c1.3']);
    expect(new Set(made.map((c) => c.hash)).size).toBe(4);
  } finally {
    await endpoint.close();
  }
});
