import { expectTypeOf, test } from 'vitest';

test('the report entry offers the viewer and the run log', async () => {
  const api = await import('../../src/report/index.js');
  expectTypeOf(api.writeViewer).toEqualTypeOf<
    (
      runDir: string,
      options?: import('../../src/report/index.js').WriteViewerOptions,
    ) => Promise<import('../../src/report/index.js').WrittenViewer>
  >();
  expectTypeOf(api.appendRunRecord).toEqualTypeOf<
    (
      logFile: string,
      input: import('../../src/report/run-log/run-record-schema.js').RunRecordInput,
    ) => import('../../src/report/index.js').RunRecord
  >();
  expectTypeOf(api.readRunLog).returns.toEqualTypeOf<import('../../src/report/index.js').RunRecord[]>();
  expectTypeOf(api.compareRunRecords).returns.toEqualTypeOf<
    import('../../src/report/index.js').RunComparison
  >();
});
