/**
 * The system prompt the agent is given: the product's ask prompt, then its usage skill, each as
 * the product's files hold them (trimmed, one blank line between).
 *
 * @example
 * systemPrompt('You answer questions.', '# Using the tools\n...'); // 'You answer questions.\n\n# Using the tools\n...'
 */
export function systemPrompt(askPrompt: string, usageSkill: string): string {
  return [askPrompt.trim(), usageSkill.trim()].filter((part) => part.length > 0).join('\n\n');
}
