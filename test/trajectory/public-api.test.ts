import { describe, expect, expectTypeOf, test } from 'vitest';
import type {
  ImportedTrajectory,
  ReadTrajectoryOptions,
  ToolCallInput,
  ToolEvent,
  ToolRoles,
  ToolsConfig,
  Trajectory,
} from '../../src/trajectory/index.js';
import * as surface from '../../src/trajectory/index.js';
import { previewOf } from '../../src/trajectory/store/preview.js';

describe('agent-track/trajectory public surface', () => {
  test('exports the format, store, reader, tool roles and importers', () => {
    // The metrics share this entry, so this names the format's part of it, not the whole list.
    expect(Object.keys(surface)).toEqual(
      expect.arrayContaining([
        'BLOBS_DIR',
        'BlobStore',
        'CLAUDE_CODE_TOOL_ROLES',
        'OUTCOMES',
        'REFERENCE_TOOL_ROLES',
        'Recorder',
        'TOOL_ROLE_PROFILES',
        'TRAJECTORY_ERROR_CODES',
        'TRAJECTORY_FILES',
        'claudeCodeYield',
        'convertClaudeCode',
        'convertOpenAi',
        'convertOtel',
        'detectTranscriptFormat',
        'importClaudeCode',
        'importOpenAi',
        'importOtel',
        'importTranscript',
        'importedTaskDir',
        'listTrajectories',
        'modelMessageSchema',
        'outcomeSchema',
        'readTrajectories',
        'readTrajectory',
        'resolveToolRoles',
        'toolEventSchema',
        'toolsConfigSchema',
        'trajectoryResultSchema',
        'writeFileAtomic',
        'writeImportedRun',
        'writeJsonAtomic',
      ]),
    );
  });

  test('signatures', () => {
    expectTypeOf(surface.readTrajectory).toEqualTypeOf<
      (dir: string, options?: ReadTrajectoryOptions) => Promise<Trajectory>
    >();
    expectTypeOf(surface.listTrajectories).returns.toEqualTypeOf<AsyncGenerator<string>>();
    expectTypeOf(surface.resolveToolRoles)
      .parameter(0)
      .toEqualTypeOf<ToolsConfig | 'default' | 'claude-code' | 'generic' | undefined>();
    expectTypeOf(surface.resolveToolRoles).returns.toEqualTypeOf<ToolRoles>();
    expectTypeOf<surface.Recorder['recordToolCall']>().toEqualTypeOf<(call: ToolCallInput) => ToolEvent>();
    expectTypeOf(surface.importTranscript).returns.toEqualTypeOf<Promise<ImportedTrajectory[]>>();
    expectTypeOf(previewOf).toEqualTypeOf<(text: string, maxBytes?: number) => string>();
    expectTypeOf<Trajectory['result']['turn_budget']>().toEqualTypeOf<number | null>();
    expectTypeOf<ToolEvent['duration_ms']>().toEqualTypeOf<number | null>();
  });
});
