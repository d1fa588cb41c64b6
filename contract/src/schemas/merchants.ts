import { z } from 'zod';
import {
  amountSchema,
  dateSchema,
  flagSchema,
  instantSchema,
  listOf,
  periodQuerySchema,
  walletNoSchema,
} from './common';

/* Merchants: the merchant itself, its latest payment and daily sales. */

export const coinRefSchema = z.object({ id: z.number().int(), name: z.string() });
export const merchantResponseSchema = z.object({
  merchant_id: z.number().int(),
  name: z.string(),
  wallet_no: walletNoSchema,
  reloadable_coins: z.array(coinRefSchema),
  allow_subscription: flagSchema,
  merchant_group_id: z.number().int().nullable(),
  merchant_group_parent_id: z.number().int().nullable(),
  status: z.enum(['OPEN', 'CLOSED']),
});

export const latestPaymentResponseSchema = z.object({
  payment: z
    .object({
      transaction_id: z.number().int(),
      created_at: instantSchema,
      amount: amountSchema,
      coin_id: z.number().int(),
      coin_name: z.string(),
      payer_wallet_no: z.string(),
    })
    .nullable(),
});

export const dailySalesQuerySchema = periodQuerySchema;
export const dailySalesSchema = z.object({ date: dateSchema, amount: amountSchema, count: z.number().int() });
export const dailySalesResponseSchema = listOf(dailySalesSchema);

export type MerchantResponse = z.infer<typeof merchantResponseSchema>;
