/** The graph variants the agent can run; the optimizer searches over them by name. */
export const ARCHITECTURES = ['react', 'rewrite'] as const;
export type Architecture = (typeof ARCHITECTURES)[number];

/** What the `rewrite` variant asks the model before the loop starts (no tools offered). */
export const REWRITE_INSTRUCTIONS =
  'Rewrite the question below as a short code-search query: the distinctive names, identifiers and domain terms it implies, space-separated, nothing else.';

/** The question the loop starts from in the `rewrite` variant: the original, then the rewrite. */
export function rewrittenQuestion(question: string, rewrite: string): string {
  const terms = rewrite.trim();
  return terms.length === 0 ? question : `${question}\n\nSearch terms to start with: ${terms}`;
}
