import { redact } from '../../../core/index.js';
import { AGENT_TRACK_ATTRIBUTES as A } from '../../importers/otel/agent-track-attributes.js';
import type { ExportAttribute, ExportSpan } from './export-span.js';

function cutValue(value: ExportAttribute, secrets: readonly string[]): ExportAttribute {
  if (typeof value === 'string') return redact(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redact(item, secrets));
  return value;
}

/**
 * The spans with every key value cut (`redact`: each occurrence becomes `***`) from their names,
 * status messages and every string attribute: a trajectory may carry a key an agent echoed. A
 * result that held one loses its blob hash too (a hash of a short text with the key in it would
 * let a guess be checked).
 *
 * @example
 * redactSpans(spans, envSecrets(process.env, ['OTLP_KEY'], { scan: true }));
 */
export function redactSpans(spans: readonly ExportSpan[], secrets: readonly string[]): ExportSpan[] {
  if (secrets.every((secret) => secret === '')) return [...spans];
  return spans.map((span) => {
    const attributes: Record<string, ExportAttribute> = {};
    for (const [key, value] of Object.entries(span.attributes)) attributes[key] = cutValue(value, secrets);
    const result = span.attributes['gen_ai.tool.call.result'];
    if (result !== undefined && attributes['gen_ai.tool.call.result'] !== result) delete attributes[A.blob];
    return {
      ...span,
      name: redact(span.name, secrets),
      attributes,
      status:
        span.status.message === undefined
          ? span.status
          : { ...span.status, message: redact(span.status.message, secrets) },
    };
  });
}
