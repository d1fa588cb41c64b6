import { z } from 'zod';
import { DEFAULT_OFFSET, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, STEP_UP_PURPOSES } from '../constants';
import { ERROR_TYPES } from '../messages';
import { ROLES } from '../roles';
import { datesInOrder } from './periodOrder';

/* Shared pieces of every resource: scalars, the error body, paging, periods, path params. */

export const roleSchema = z.enum(ROLES);
export const flagSchema = z.union([z.literal(0), z.literal(1)]);
export const idSchema = z.coerce.number().int().positive();
/** Wallet numbers are ten digits. */
export const walletNoSchema = z.string().regex(/^\d{10}$/, '10桁の数字で指定してください');
/** A calendar day in Asia/Tokyo. */
export const dateSchema = z.iso.date();
/** A month as YYYYMM. */
export const monthSchema = z.string().regex(/^\d{4}(0[1-9]|1[0-2])$/, 'YYYYMM形式で指定してください');
/** Instants are ISO 8601 strings in UTC. */
export const instantSchema = z.string();
/** Amounts are integers (yen and coins have no fractions). */
export const amountSchema = z.number().int();

export const errorBodySchema = z.object({
  type: z.enum(ERROR_TYPES),
  message: z.string(),
  /** The offending field of a 400 answer, as a dotted path. */
  field: z.string().optional(),
  /** What a `step_up_required` refusal needs a proof for. */
  purpose: z.enum(STEP_UP_PURPOSES).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

export const pagingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(1).default(DEFAULT_OFFSET),
});

export const periodQuerySchema = z.object({ start_date: dateSchema, end_date: dateSchema }).refine(...datesInOrder);

export const pagedPeriodQuerySchema = z
  .object({
    start_date: dateSchema,
    end_date: dateSchema,
    limit: pagingQuerySchema.shape.limit,
    offset: pagingQuerySchema.shape.offset,
  })
  .refine(...datesInOrder);

export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });
export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

export const merchantParamsSchema = z.object({ id: idSchema });
export const walletParamsSchema = z.object({ wallet_no: walletNoSchema });
export const identityParamsSchema = z.object({ id: idSchema });
