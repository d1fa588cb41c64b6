import { z } from 'zod';

/** The console's `/config.json`; ../runtimeConfig.ts checks the same rules without zod (kept in step by its test). */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  noticeUrl: z.string(),
  passwordMinLength: z.number().int().min(1),
  notificationMs: z.number().int().positive(),
  requestTimeoutMs: z.number().int().positive(),
  appHandover: z.object({
    scheme: z.string(),
    universalLinkBase: z.string(),
    iosStoreUrl: z.string(),
    androidStoreUrl: z.string(),
  }),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
