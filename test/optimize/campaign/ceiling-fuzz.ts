// The ceiling, fuzzed through the real parts: the offline endpoint over HTTP driven by a random
// policy (tool calls, reply lengths, latency), a real MCP server over stdio whose results grow by
// the amount the policy asks for, the agent loop with its token cap, and the spend ledger on disk.
// Each case draws prices, a turn budget, the plan's per-turn assumptions, a ceiling and a
// concurrency; its rollouts are booked at the plan's formula, held to it by the loop, and settled
// at the priced usage the endpoint reported. Used by the test (a few cases) and bench/ceiling-fuzz.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Policy, PolicyTurn } from '../../../src/agent/endpoint/policy.js';
import { startEndpoint } from '../../../src/agent/endpoint/start-endpoint.js';
import { runTask } from '../../../src/agent/harness/run-task.js';
import { createProvider } from '../../../src/agent/llm/providers/create-provider.js';
import { emptyTally } from '../../../src/agent/loop/run-agent.js';
import { reusedServers } from '../../../src/agent/mcp/server-pool.js';
import { openSpendLedger } from '../../../src/optimize/campaign/spend/spend-ledger.js';
import { rolloutCost, tokensUsd } from '../../../src/optimize/campaign/spend/usd.js';
import { createRandom, type RandomSource } from '../../../src/stats/index.js';
import { fixtureServer } from '../../agent/harness/helpers.js';

export interface FuzzFigures {
  cases: number;
  rollouts: number;
  requests: number;
  /** Rollouts whose priced usage passed their booking, and cases whose spend passed the ceiling. */
  overBooking: number;
  overCeiling: number;
  /** The largest priced usage / booking of any rollout. */
  maxShareOfBooking: number;
  /** Requests sent with tool results cut, rollouts ended by the cap, cases stopped by the ceiling. */
  cutRequests: number;
  capEnded: number;
  ceilingStops: number;
}

const int = (random: RandomSource, low: number, high: number) =>
  low + Math.floor(random() * (high - low + 1));

function randomPolicy(
  random: RandomSource,
  shape: { growth: number; reply: number; latency: number },
): Policy {
  return {
    name: 'fuzz',
    stateful: true,
    respond: (request): PolicyTurn => {
      const delay_ms = int(random, 0, shape.latency);
      const content = 'word '.repeat(int(random, 0, shape.reply));
      if (request.toolChoice === 'none' || request.tools.length === 0 || random() < 0.2)
        return { type: 'reply', content, tool_calls: [], delay_ms };
      const calls = Array.from({ length: int(random, 1, 3) }, () => ({
        name: 'search_codebase',
        arguments: { query: 'cart', pad: int(random, 0, shape.growth) },
      }));
      return { type: 'reply', content, tool_calls: calls, delay_ms };
    },
  };
}

/**
 * Runs `cases` random campaigns and counts what crossed (the expected count is zero). Nothing is
 * asserted here: the test and the bench read the figures.
 *
 * @example
 * const figures = await fuzzCeiling({ cases: 4, seed: 1 }); figures.overCeiling; // 0
 */
export async function fuzzCeiling(options: { cases: number; seed: number }): Promise<FuzzFigures> {
  const random = createRandom(`ceiling-fuzz-${options.seed}`);
  const scratch = mkdtempSync(join(tmpdir(), 'agent-track-ceiling-fuzz-'));
  const servers = reusedServers();
  const figures: FuzzFigures = {
    cases: 0,
    rollouts: 0,
    requests: 0,
    overBooking: 0,
    overCeiling: 0,
    maxShareOfBooking: 0,
    cutRequests: 0,
    capEnded: 0,
    ceilingStops: 0,
  };
  try {
    for (let c = 0; c < options.cases; c++) {
      const prices = { inputPer1m: 0.05 + random() * 20, outputPer1m: 0.2 + random() * 80 };
      const turnBudget = int(random, 1, 14);
      const cap = {
        input: turnBudget * int(random, 150, 6000),
        output: turnBudget * int(random, 20, 1200),
      };
      const booking = tokensUsd(cap.input, cap.output, prices)!;
      const rollouts = int(random, 3, 10);
      const ceilingUsd = booking * rollouts * (0.3 + random());
      const endpoint = await startEndpoint({
        policy: randomPolicy(random, {
          growth: int(random, 0, 3000),
          reply: int(random, 0, 1500),
          latency: int(random, 0, 10),
        }),
      });
      const provider = createProvider({
        provider: 'openai',
        base_url: endpoint.openaiBaseUrl,
        max_retries: 0,
      });
      const spend = openSpendLedger(join(scratch, `case-${c}.jsonl`), { ceilingUsd });
      let next = 0;
      let stopped = false;
      const worker = async () => {
        while (!stopped && next < rollouts) {
          const id = `t${next++}`;
          const key = spend.tryReserve('rollout', id, 1, booking);
          if (key === null) {
            stopped = true;
            figures.ceilingStops++;
            return;
          }
          const tally = emptyTally();
          const run = await runTask(
            { id, question: 'How is the cart total computed?', gold: { files: ['shop/cart.py'] } },
            {
              out: join(scratch, `case-${c}`),
              provider,
              model: 'fuzz',
              server: fixtureServer('text-server.mjs'),
              system: 'You answer questions about code.',
              turnBudget,
              tokenCap: cap,
              servers,
              tally,
            },
          );
          const cost =
            rolloutCost(
              { requests: tally.sent, usage: { ...run.usage!, messages: tally.answered } },
              prices,
            ) ?? booking;
          spend.settle(key, cost);
          figures.rollouts++;
          figures.requests += tally.sent;
          figures.cutRequests += run.context_cuts;
          if (run.outcome === 'budget_exhausted') figures.capEnded++;
          if (cost > booking * (1 + 1e-12)) figures.overBooking++;
          figures.maxShareOfBooking = Math.max(figures.maxShareOfBooking, cost / booking);
        }
      };
      await Promise.all(Array.from({ length: int(random, 1, 4) }, worker));
      if (spend.spentUsd() > ceilingUsd * (1 + 1e-12)) figures.overCeiling++;
      figures.cases++;
      await endpoint.close();
    }
  } finally {
    await servers.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  return figures;
}
