/** A free check's verdict: `reason` says why it failed (`null` when it passed). */
export interface FreeCheckResult {
  check: 'tool_schema' | 'length' | 'copied_task_text' | 'description_lint';
  pass: boolean;
  reason: string | null;
}

export const passed = (check: FreeCheckResult['check']): FreeCheckResult => ({
  check,
  pass: true,
  reason: null,
});
export const failed = (check: FreeCheckResult['check'], reason: string): FreeCheckResult => ({
  check,
  pass: false,
  reason,
});
