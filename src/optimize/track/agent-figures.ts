import { isAbsolute, relative } from 'node:path';
import type { ReportedFigures } from '../../agent/index.js';
import { normalizePath } from '../../retrieval/index.js';
import type { ToolRoles, Trajectory } from '../../trajectory/index.js';
import type { AgentFigures } from './track-schema.js';

const PATH_ARGS = ['file_path', 'path', 'file'] as const;

function pathsOf(args: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of PATH_ARGS) if (typeof args[key] === 'string') out.push(args[key] as string);
  if (Array.isArray(args.paths)) for (const p of args.paths) if (typeof p === 'string') out.push(p);
  return out;
}

/**
 * Distinct files a run read: the path arguments (`file_path`, `path`, `file`, `paths`) of its
 * successful calls to a read tool or its batch form, made relative to `cwd` and normalized.
 *
 * @example
 * filesRead(trajectory, roles, '/corpus'); // 2
 */
export function filesRead(trajectory: Trajectory, roles: ToolRoles, cwd: string): number {
  const readers = new Set([
    ...roles.read,
    ...roles.read.map((tool) => roles.batch[tool]).filter((t) => t !== undefined),
  ]);
  const seen = new Set<string>();
  for (const event of trajectory.events) {
    if (!event.ok || !readers.has(event.tool)) continue;
    for (const path of pathsOf(event.args))
      seen.add(normalizePath(isAbsolute(path) ? relative(cwd, path) : path));
  }
  return seen.size;
}

/**
 * The agent's own figures for one rollout: the cost, turns and cache tokens its `result` line
 * reported (turns fall back to the trajectory's; cache reads to the messages' cached slices when
 * the agent gave no total), the measured wall clock, the calls and the files read.
 *
 * @example
 * agentFigures(trajectory, reported, { roles, cwd: '/corpus', wallMs: 5120 }).files_read; // 2
 */
export function agentFigures(
  trajectory: Trajectory,
  reported: ReportedFigures,
  options: { roles: ToolRoles; cwd: string; wallMs: number },
): AgentFigures {
  const cached = trajectory.messages.flatMap((m) => (m.usage?.cached === undefined ? [] : [m.usage.cached]));
  return {
    cost_usd: reported.cost_usd,
    wall_ms: options.wallMs,
    turns: reported.num_turns ?? trajectory.result.turns,
    tool_calls: trajectory.events.length,
    files_read: filesRead(trajectory, options.roles, options.cwd),
    cache_read_tokens:
      reported.cache_read_tokens ?? (cached.length > 0 ? cached.reduce((a, b) => a + b, 0) : null),
    cache_creation_tokens: reported.cache_creation_tokens,
  };
}
