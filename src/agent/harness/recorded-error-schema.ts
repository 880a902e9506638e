import { z } from 'zod';
import type { RecordedError } from '../../core/index.js';

/** `core`'s `RecordedError` as every log validates it: a non-empty `type` and a `message`, nothing else. */
export const recordedErrorSchema: z.ZodType<RecordedError> = z
  .object({
    type: z.string().min(1),
    message: z.string(),
  })
  .strict();
