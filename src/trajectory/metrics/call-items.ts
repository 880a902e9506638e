import type { RankedItem } from '../../retrieval/index.js';
import type { ToolEvent } from '../schema.js';

/**
 * What a call returned as items the relevance predicate can judge, in rank order: its rows when it
 * recorded them, else each identifier as a path (file gold) and an id (doc-id gold).
 *
 * @example
 * callItems({ ...event, rows: undefined, identifiers: ['src/a.py'] }); // [{ path: 'src/a.py', doc_id: 'src/a.py' }]
 */
export function callItems(event: ToolEvent): RankedItem[] {
  if (event.rows !== undefined) return event.rows;
  return event.identifiers.map((id) => ({ path: id, doc_id: id }));
}
