import { z } from 'zod';

/** Every error response: `{ error: { code, message } }`. */
export const errorEnvelopeSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

