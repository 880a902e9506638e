import { z } from 'zod';

/**
 * OTLP JSON traces as the collector's file exporter writes them (one `{resourceSpans}` object a
 * line) and as an OTLP/HTTP JSON request carries them, as far as the importer reads them. Loose on
 * purpose: exporters add fields (`droppedAttributesCount`, `flags`, `schemaUrl`, `links`) and the
 * importer must not refuse a real export for them (nor for the resource and scope, which it does not
 * read). 64-bit integers may arrive as strings.
 */

const int64Schema = z.union([z.number(), z.string().regex(/^-?\d+$/)]);
/** A span time: nanoseconds since the epoch, never negative. */
const unixNanoSchema = z.union([
  z.number().nonnegative(),
  z.string().regex(/^\d+$/, 'a non-negative integer'),
]);

/** An OTLP `AnyValue`: exactly one of its keys is set. */
export type OtlpAnyValue = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number | string;
  bytesValue?: string;
  arrayValue?: { values?: OtlpAnyValue[] };
  kvlistValue?: { values?: OtlpKeyValue[] };
};
export type OtlpKeyValue = { key: string; value?: OtlpAnyValue };

const otlpAnyValueSchema: z.ZodType<OtlpAnyValue> = z.lazy(() =>
  z.looseObject({
    stringValue: z.string().optional(),
    boolValue: z.boolean().optional(),
    intValue: int64Schema.optional(),
    // The JSON mapping writes NaN and the infinities as strings.
    doubleValue: z.union([z.number(), z.string()]).optional(),
    bytesValue: z.string().optional(),
    arrayValue: z.looseObject({ values: z.array(otlpAnyValueSchema).optional() }).optional(),
    kvlistValue: z.looseObject({ values: z.array(otlpKeyValueSchema).optional() }).optional(),
  }),
);

const otlpKeyValueSchema: z.ZodType<OtlpKeyValue> = z.lazy(() =>
  z.looseObject({ key: z.string(), value: otlpAnyValueSchema.optional() }),
);

const attributesSchema = z.array(otlpKeyValueSchema).optional();

const otlpSpanSchema = z.looseObject({
  traceId: z.string().min(1),
  spanId: z.string().min(1),
  name: z.string(),
  startTimeUnixNano: unixNanoSchema.optional(),
  endTimeUnixNano: unixNanoSchema.optional(),
  attributes: attributesSchema,
  // 2 (`STATUS_CODE_ERROR`) is an error; the JSON mapping may spell the enum by name.
  status: z
    .looseObject({ code: z.union([z.number(), z.string()]).optional(), message: z.string().optional() })
    .optional(),
  events: z.array(z.looseObject({ name: z.string().optional(), attributes: attributesSchema })).optional(),
});

/** One line of a file export, or one OTLP/HTTP JSON request body. */
export const otlpTracesSchema = z.looseObject({
  resourceSpans: z.array(
    z.looseObject({
      scopeSpans: z.array(z.looseObject({ spans: z.array(otlpSpanSchema).optional() })).optional(),
    }),
  ),
});

export type OtlpSpan = z.infer<typeof otlpSpanSchema>;
