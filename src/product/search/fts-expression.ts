import { AgentTrackError } from '../../core/index.js';

/** One phrase of an FTS5 expression: its number in the expression (FTS5's order) and its text. */
export interface PhraseNode {
  type: 'phrase';
  /** The phrase's place among the expression's phrases, left to right, counted from 0. */
  index: number;
  /** The phrase as an FTS5 expression of its own: `"word"`, or `kind : "function"` with a column. */
  query: string;
}

export interface BooleanNode {
  type: 'and' | 'or';
  children: ExpressionNode[];
}

export type ExpressionNode = PhraseNode | BooleanNode;

const TOKEN = /\s*(\(|\)|AND\b|OR\b|[a-z_]+\s*:\s*"[^"]*"|"[^"]*")/y;

/**
 * Parses the FTS5 expressions this package writes (`matchExpression`, `anyModeExpressions` and a
 * `kind :` filter): quoted phrases, a column filter before a phrase, parentheses, `AND` binding
 * tighter than `OR`, as FTS5 reads them. Phrases are numbered left to right, as FTS5 numbers them.
 * Anything else (NOT, NEAR, prefixes, bare words) is refused: this package never writes them.
 *
 * @example
 * parseFtsExpression('("retry") AND ("retry" OR "payment")');
 * // and[phrase 0 "retry", or[phrase 1 "retry", phrase 2 "payment"]]
 */
export function parseFtsExpression(expression: string): ExpressionNode {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expression.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(expression);
    if (match === null) {
      if (expression.slice(at).trim() === '') break;
      throw refused(expression, `at character ${at}`);
    }
    tokens.push(match[1]!);
  }
  let position = 0;
  let phrases = 0;
  const peek = () => tokens[position];
  const group = (type: 'and' | 'or', next: () => ExpressionNode): ExpressionNode => {
    const children = [next()];
    while (peek() === type.toUpperCase()) {
      position += 1;
      children.push(next());
    }
    return children.length === 1 ? children[0]! : { type, children };
  };
  const or = (): ExpressionNode => group('or', and);
  const and = (): ExpressionNode => group('and', unary);
  const unary = (): ExpressionNode => {
    const token = peek();
    position += 1;
    if (token === '(') {
      const inner = or();
      if (peek() !== ')') throw refused(expression, 'an unclosed parenthesis');
      position += 1;
      return inner;
    }
    if (token === undefined || !token.endsWith('"')) throw refused(expression, `\`${token ?? 'its end'}\``);
    return { type: 'phrase', index: phrases++, query: token.replace(/\s*:\s*/, ' : ') };
  };
  const root = or();
  if (position !== tokens.length) throw refused(expression, `\`${peek()}\``);
  return root;
}

function refused(expression: string, where: string): AgentTrackError {
  return new AgentTrackError(
    'SEARCH_EXPRESSION_INVALID',
    `The search expression \`${expression}\` is not one this server writes (${where})`,
    { data: { expression } },
  );
}
