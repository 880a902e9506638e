import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One command of the guide: where it is, what it runs, the exit code it expects. */
export interface GuideCommand {
  page: string;
  line: number;
  command: string;
  exit: number;
}

/** A fenced block the guide shows: its info string, first line and commands. */
export interface GuideBlock {
  page: string;
  line: number;
  info: string;
  commands: GuideCommand[];
}

const FENCE = /^```(.*)$/;
const EXIT = /\s+#\s*exit\s+(\d+)\b.*$/;

// A block's lines as commands: comments and blank lines skipped, `\` continuations joined, a
// trailing `# exit N` read as the exit code the line expects (0 otherwise).
function commandsOf(page: string, start: number, lines: readonly string[]): GuideCommand[] {
  const commands: GuideCommand[] = [];
  let pending: { line: number; text: string } | null = null;
  lines.forEach((raw, index) => {
    const text = raw.trimEnd();
    if (pending === null && (text.trim() === '' || text.trim().startsWith('#'))) return;
    const joined: { line: number; text: string } = pending ?? { line: start + index, text: '' };
    if (text.endsWith('\\')) {
      pending = { line: joined.line, text: `${joined.text}${text.slice(0, -1).trim()} ` };
      return;
    }
    pending = null;
    const whole = `${joined.text}${text.trim()}`;
    const exit = EXIT.exec(whole);
    commands.push({
      page,
      line: joined.line,
      command: exit === null ? whole : whole.slice(0, exit.index),
      exit: exit === null ? 0 : Number(exit[1]),
    });
  });
  return commands;
}

/** Every fenced block of every page under `dir` (`*.md`, name order). */
export function guideBlocks(dir: string): GuideBlock[] {
  const blocks: GuideBlock[] = [];
  for (const page of readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()) {
    const lines = readFileSync(join(dir, page), 'utf8').split('\n');
    let open: { line: number; info: string; body: string[] } | null = null;
    lines.forEach((text, index) => {
      const fence = FENCE.exec(text);
      if (fence === null) {
        open?.body.push(text);
      } else if (open === null) {
        open = { line: index + 1, info: fence[1]!.trim(), body: [] };
      } else {
        const block: { line: number; info: string; body: string[] } = open;
        blocks.push({
          page,
          line: block.line,
          info: block.info,
          commands: commandsOf(page, block.line + 1, block.body),
        });
        open = null;
      }
    });
  }
  return blocks;
}
