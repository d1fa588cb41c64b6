import type { BankAccount, CallBody, MerchantProfile, MerchantStatus, RebateCoinSettings } from '@coin/contract';
import { REBATE_RATE_MAX_BP, REBATE_RATE_STEP_BP } from '@coin/contract';
import { type Db, inTransaction } from '../db/connection';
import { recordAudit } from './audit';
import { invalidRequest, notFound } from './errors';
import { bankAccountChangedMail } from './mail';
import { queueMail } from './mailOutbox';
import { merchantImagePath } from './merchantImages';
import { lookAlikeOf } from './merchantNames';
import { holdEnd, maskAccount, maskAccountNumber, maskedAccountText } from './payouts';
import { ownersOf } from './securityMail';
import { bankFullName, branchFullName, findBank, findBranch, ZENGIN_MESSAGES } from './zengin';

/* Merchant settings: the profile, open/closed, tags, rebate coin and payout bank account. */

export const MERCHANT_SETTINGS_MESSAGES = {
  unknownTag: '選べないタグが含まれています',
  notRebatable: 'このコインは還元に使えません',
  nameTaken: 'ほかの加盟店と見分けにくい名前のため使えません。店名を区別できる名前にしてください',
} as const;

interface Actor {
  userId: number;
  clientIp?: string | null;
}

/** The fields of the profile form (PATCH /merchants/{id} sends all of them). */
const PROFILE_FIELDS = [
  'name',
  'description',
  'postal_code',
  'prefecture',
  'city',
  'street',
  'phone',
  'business_hours',
  'invoice_registration_no',
] as const;

/** The profile as the Owner edits it. */
export async function getMerchantProfile(db: Db, merchantId: number): Promise<MerchantProfile> {
  const merchant = await db
    .selectFrom('merchants')
    .select(['id', ...PROFILE_FIELDS, 'status', 'thumbnail_sha256', 'image_sha256', 'profile_updated_at'])
    .where('id', '=', merchantId)
    .executeTakeFirst();
  if (!merchant) throw notFound();
  const { id, status, thumbnail_sha256, image_sha256, profile_updated_at, ...fields } = merchant;
  return {
    merchant_id: id,
    ...fields,
    status,
    thumbnail_url: merchantImagePath(thumbnail_sha256),
    image_url: merchantImagePath(image_sha256),
    tags: await merchantTags(db, merchantId),
    updated_at: profile_updated_at.toISOString(),
  };
}

const merchantTags = (db: Db, merchantId: number) =>
  db
    .selectFrom('merchant_tags as mt')
    .innerJoin('tags as t', 't.id', 'mt.tag_id')
    .select(['t.id', 't.name'])
    .where('mt.merchant_id', '=', merchantId)
    .orderBy('t.id')
    .execute();

/** Every field at once; the audit event keeps the fields that changed, before and after. */
export async function updateMerchantProfile(
  db: Db,
  merchantId: number,
  actor: Actor,
  body: CallBody<'updateMerchant'>,
  now: Date,
): Promise<MerchantProfile> {
  await inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('merchants')
      .select(PROFILE_FIELDS)
      .where('id', '=', merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    // A client that does not send the registration number keeps the stored one.
    const next = { ...body, invoice_registration_no: body.invoice_registration_no ?? before.invoice_registration_no };
    const changed = PROFILE_FIELDS.filter((field) => before[field] !== next[field]);
    if (changed.length === 0) return;
    // A name that reads as another shop's would let a payer pay the wrong shop (issue 45).
    if (changed.includes('name')) {
      const others = await trx.selectFrom('merchants').select(['id', 'name']).where('id', '!=', merchantId).execute();
      if (lookAlikeOf(next.name, others)) throw invalidRequest('name', MERCHANT_SETTINGS_MESSAGES.nameTaken);
    }
    await trx
      .updateTable('merchants')
      .set({ ...next, profile_updated_at: now })
      .where('id', '=', merchantId)
      .execute();
    await recordAudit(
      trx,
      {
        actorUserId: actor.userId,
        action: 'merchant.profile_updated',
        merchantId,
        before: Object.fromEntries(changed.map((field) => [field, before[field]])),
        after: Object.fromEntries(changed.map((field) => [field, next[field]])),
        clientIp: actor.clientIp ?? null,
      },
      now,
    );
  });
  return getMerchantProfile(db, merchantId);
}

export async function updateMerchantStatus(
  db: Db,
  merchantId: number,
  actor: Actor,
  status: MerchantStatus,
  now: Date,
): Promise<MerchantProfile> {
  await inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('merchants')
      .select('status')
      .where('id', '=', merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    if (before.status === status) return;
    await trx.updateTable('merchants').set({ status, profile_updated_at: now }).where('id', '=', merchantId).execute();
    await recordAudit(
      trx,
      {
        actorUserId: actor.userId,
        action: 'merchant.status_changed',
        merchantId,
        before: { status: before.status },
        after: { status },
        clientIp: actor.clientIp ?? null,
      },
      now,
    );
  });
  return getMerchantProfile(db, merchantId);
}

/* ---------- tags ---------- */

export async function listMerchantTags(db: Db, merchantId: number) {
  const [items, selected] = await Promise.all([
    db.selectFrom('tags').select(['id', 'name']).orderBy('id').execute(),
    db.selectFrom('merchant_tags').select('tag_id').where('merchant_id', '=', merchantId).orderBy('tag_id').execute(),
  ]);
  return { items, selected_ids: selected.map((row) => row.tag_id) };
}

/** Replaces the merchant's tags with the chosen ones (each from the catalogue). */
export async function setMerchantTags(db: Db, merchantId: number, actor: Actor, tagIds: number[], now: Date) {
  await inTransaction(db, async (trx) => {
    if (tagIds.length > 0) {
      const known = await trx.selectFrom('tags').select('id').where('id', 'in', tagIds).execute();
      if (known.length !== tagIds.length) throw invalidRequest('tag_ids', MERCHANT_SETTINGS_MESSAGES.unknownTag);
    }
    // The merchant row is the lock: two saves at once apply one after the other.
    await trx.selectFrom('merchants').select('id').where('id', '=', merchantId).forUpdate().executeTakeFirstOrThrow();
    const before = await trx
      .selectFrom('merchant_tags')
      .select('tag_id')
      .where('merchant_id', '=', merchantId)
      .orderBy('tag_id')
      .execute();
    const after = [...tagIds].sort((a, b) => a - b);
    if (before.map((row) => row.tag_id).join() === after.join()) return;
    await trx.deleteFrom('merchant_tags').where('merchant_id', '=', merchantId).execute();
    if (after.length > 0)
      await trx
        .insertInto('merchant_tags')
        .values(after.map((tag_id) => ({ merchant_id: merchantId, tag_id })))
        .execute();
    await trx.updateTable('merchants').set({ profile_updated_at: now }).where('id', '=', merchantId).execute();
    await recordAudit(
      trx,
      {
        actorUserId: actor.userId,
        action: 'merchant.tags_updated',
        merchantId,
        before: { tag_ids: before.map((row) => row.tag_id) },
        after: { tag_ids: after },
        clientIp: actor.clientIp ?? null,
      },
      now,
    );
  });
  return listMerchantTags(db, merchantId);
}

/* ---------- rebate coin ---------- */

export async function getRebateCoin(db: Db, merchantId: number): Promise<RebateCoinSettings> {
  const [merchant, coins] = await Promise.all([
    db
      .selectFrom('merchants')
      .select(['rebate_coin_id', 'rebate_rate_bp'])
      .where('id', '=', merchantId)
      .executeTakeFirst(),
    db.selectFrom('coins').select(['id', 'name']).where('rebatable', '=', 1).orderBy('id').execute(),
  ]);
  if (!merchant) throw notFound();
  return {
    coin_id: merchant.rebate_coin_id,
    rate_bp: merchant.rebate_rate_bp,
    coins,
    max_rate_bp: REBATE_RATE_MAX_BP,
    step_bp: REBATE_RATE_STEP_BP,
  };
}

export async function updateRebateCoin(
  db: Db,
  merchantId: number,
  actor: Actor,
  body: CallBody<'updateRebateCoin'>,
  now: Date,
): Promise<RebateCoinSettings> {
  await inTransaction(db, async (trx) => {
    if (body.coin_id !== null) {
      const coin = await trx
        .selectFrom('coins')
        .select('id')
        .where('id', '=', body.coin_id)
        .where('rebatable', '=', 1)
        .executeTakeFirst();
      if (!coin) throw invalidRequest('coin_id', MERCHANT_SETTINGS_MESSAGES.notRebatable);
    }
    const before = await trx
      .selectFrom('merchants')
      .select(['rebate_coin_id', 'rebate_rate_bp'])
      .where('id', '=', merchantId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (before.rebate_coin_id === body.coin_id && before.rebate_rate_bp === body.rate_bp) return;
    await trx
      .updateTable('merchants')
      .set({ rebate_coin_id: body.coin_id, rebate_rate_bp: body.rate_bp })
      .where('id', '=', merchantId)
      .execute();
    await recordAudit(
      trx,
      {
        actorUserId: actor.userId,
        action: 'merchant.rebate_coin_updated',
        merchantId,
        before: { coin_id: before.rebate_coin_id, rate_bp: before.rebate_rate_bp },
        after: { coin_id: body.coin_id, rate_bp: body.rate_bp },
        clientIp: actor.clientIp ?? null,
      },
      now,
    );
  });
  return getRebateCoin(db, merchantId);
}

/* ---------- bank account ---------- */

export async function getBankAccount(db: Db, merchantId: number): Promise<{ account: BankAccount | null }> {
  const row = await db
    .selectFrom('merchant_bank_accounts')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return {
    account: row
      ? {
          bank_code: row.bank_code,
          // Accounts stored before the names were kept in full hold the list's short names (群馬).
          bank_name: bankFullName(row.bank_code, row.bank_name),
          branch_code: row.branch_code,
          branch_name: branchFullName(row.bank_code, row.branch_name),
          account_type: row.account_type,
          number_masked: maskAccountNumber(row.account_number),
          holder_name: row.holder_name,
          updated_at: row.updated_at.toISOString(),
        }
      : null,
  };
}

/**
 * Registers or replaces the payout account. The codes must be on the Zengin list (the names stored are
 * the list's, in full); the body's schema has converted and checked the holder name. The audit event keeps the
 * account numbers masked.
 */
/**
 * Registers or replaces the merchant's payout account. A change from another account is remembered
 * (`changed_at`): payouts to it are held for `notice.holdHours` (payouts.ts). Every ACTIVE Owner of the
 * merchant is mailed at once (in the same transaction, through the outbox), and the audit trail records
 * both accounts masked.
 */
export async function putBankAccount(
  db: Db,
  merchantId: number,
  actor: Actor,
  body: CallBody<'putBankAccount'>,
  now: Date,
  notice: { link: string; holdHours: number },
): Promise<{ account: BankAccount | null }> {
  const bank = await findBank(body.bank_code);
  if (!bank) throw invalidRequest('bank_code', ZENGIN_MESSAGES.unknownBank);
  const branch = await findBranch(body.bank_code, body.branch_code);
  if (!branch) throw invalidRequest('branch_code', ZENGIN_MESSAGES.unknownBranch);
  const account = {
    bank_code: body.bank_code,
    bank_name: bank.name,
    branch_code: body.branch_code,
    branch_name: branch.name,
    account_type: body.account_type,
    account_number: body.account_number,
    holder_name: body.holder_name,
  };
  const audited = (a: typeof account) => ({ ...a, account_number: maskAccountNumber(a.account_number) });
  await inTransaction(db, async (trx) => {
    await trx.selectFrom('merchants').select('id').where('id', '=', merchantId).forUpdate().executeTakeFirstOrThrow();
    const before = await trx
      .selectFrom('merchant_bank_accounts')
      .select(['bank_code', 'bank_name', 'branch_code', 'branch_name', 'account_type', 'account_number', 'holder_name'])
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    // Another destination than before (not a first registration, not the same account again).
    const changed =
      before !== undefined &&
      (['bank_code', 'branch_code', 'account_type', 'account_number', 'holder_name'] as const).some(
        (key) => before[key] !== account[key],
      );
    const holderOnly =
      changed &&
      (['bank_code', 'branch_code', 'account_type', 'account_number'] as const).every(
        (key) => before[key] === account[key],
      );
    // A first registration of a shop that has been paid by other merchants is held as a change is: the
    // money another shop sent does not leave at once for an account nobody has seen yet (issue 45, N4).
    const firstAfterPayments =
      before === undefined &&
      (await trx
        .selectFrom('merchant_payments')
        .select('transaction_id')
        .where('to_merchant_id', '=', merchantId)
        .limit(1)
        .executeTakeFirst()) !== undefined;
    const held = changed || firstAfterPayments;
    const changedAt = held ? { changed_at: now } : {};
    await trx
      .insertInto('merchant_bank_accounts')
      .values({ merchant_id: merchantId, ...account, updated_at: now, ...changedAt })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ ...account, updated_at: now, ...changedAt }))
      .execute();
    const heldUntil = held ? holdEnd(now, notice.holdHours) : null;
    const [merchant, owners, actorRow] = await Promise.all([
      trx.selectFrom('merchants').select('name').where('id', '=', merchantId).executeTakeFirstOrThrow(),
      ownersOf(trx, merchantId),
      trx
        .selectFrom('merchant_users')
        .select('name')
        .where('merchant_id', '=', merchantId)
        .where('user_id', '=', actor.userId)
        .executeTakeFirst(),
    ]);
    for (const owner of owners) {
      await queueMail(
        trx,
        bankAccountChangedMail({
          to: owner,
          kind: before === undefined ? 'registered' : holderOnly ? 'holder_renamed' : 'changed',
          merchantName: merchant.name,
          actorName: actorRow?.name ?? `ユーザー${actor.userId}`,
          at: now,
          before: before ? maskedAccountText(maskAccount(before)) : null,
          after: maskedAccountText(maskAccount(account)),
          heldUntil,
          link: notice.link,
          clientIp: actor.clientIp ?? null,
        }),
        now,
      );
    }
    await recordAudit(
      trx,
      {
        actorUserId: actor.userId,
        action: 'merchant.bank_account_changed',
        merchantId,
        before: before ? audited(before) : null,
        after: audited(account),
        clientIp: actor.clientIp ?? null,
      },
      now,
    );
  });
  return getBankAccount(db, merchantId);
}
