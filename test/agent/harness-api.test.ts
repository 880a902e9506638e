import { expectTypeOf, test } from 'vitest';
import type {
  AgentRun,
  HarnessSummary,
  LedgerLine,
  McpSession,
  OpenedModel,
  RunTaskOptions,
  ServerSpec,
  TaskRun,
} from '../../src/agent/index.js';
import {
  askQuestion,
  connectMcpServer,
  harnessRun,
  readLedger,
  runAgent,
  runHarness,
  runTask,
} from '../../src/agent/index.js';
import { classifyOutcome } from '../../src/agent/loop/outcome.js';
import type { Task } from '../../src/retrieval/index.js';
import type { Outcome, UsageTotals } from '../../src/trajectory/index.js';

test('the agent entry offers runTask, the harness, the ledger, the MCP client and the outcome classifier', () => {
  expectTypeOf(runTask).toEqualTypeOf<(task: Task, options: RunTaskOptions) => Promise<TaskRun>>();
  expectTypeOf<TaskRun['outcome']>().toEqualTypeOf<Outcome>();
  expectTypeOf<TaskRun['usage']>().toEqualTypeOf<UsageTotals | null>();
  expectTypeOf<TaskRun['answer']>().toEqualTypeOf<string | null>();
  expectTypeOf(runHarness).returns.toEqualTypeOf<Promise<HarnessSummary>>();
  expectTypeOf(harnessRun).returns.toEqualTypeOf<Promise<HarnessSummary>>();
  expectTypeOf(readLedger).returns.toEqualTypeOf<Map<string, LedgerLine>>();
  expectTypeOf<LedgerLine['status']>().toEqualTypeOf<'done' | 'failed'>();
  expectTypeOf<LedgerLine['error']>().toEqualTypeOf<{ type: string; message: string } | null>();
  expectTypeOf(connectMcpServer).parameter(0).toEqualTypeOf<ServerSpec>();
  expectTypeOf(connectMcpServer).returns.toEqualTypeOf<Promise<McpSession>>();
  expectTypeOf(runAgent).returns.toEqualTypeOf<Promise<AgentRun>>();
  expectTypeOf(classifyOutcome).returns.toHaveProperty('outcome').toEqualTypeOf<Outcome>();
  expectTypeOf(askQuestion).returns.resolves.toHaveProperty('offline').toEqualTypeOf<boolean>();
  expectTypeOf<OpenedModel['close']>().toEqualTypeOf<() => Promise<void>>();
});
