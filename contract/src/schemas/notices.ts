import { z } from 'zod';
import { instantSchema, listOf } from './common';

/* Notices shown on the Top page. */

export const noticeSchema = z.object({
  id: z.number().int(),
  revision: z.number().int(),
  title: z.string(),
  body: z.string(),
  published_at: instantSchema,
});
export const noticesResponseSchema = listOf(noticeSchema);

export type Notice = z.infer<typeof noticeSchema>;
