import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  type Coupon,
  ERROR_TYPES,
  type ErrorType,
  type Invoice,
  REFUND_APPLICATION_STATUSES,
  type RefundApplication,
  type UrlPayment,
} from '@coin/contract';
import type { Db } from '../db/connection';
import type { RefundApplicationStatus } from '../db/schema';
import { useCoupon } from '../domain/coupons';
import { DomainError } from '../domain/errors';
import { correctMonthlyFee, type FeeCorrection } from '../domain/fees';
import { pruneIdempotencyKeys } from '../domain/idempotency';
import { OPERATOR_SECRET_HEADER, type OperatorChannel } from '../domain/operatorChannel';
import {
  type OperatorInvoiceInput,
  operatorIssueInvoice,
  operatorPayUrlPayment,
  urlPaymentRef,
} from '../domain/operatorMoneyOut';
import { type PayoutRunResult, runPayouts } from '../domain/payouts';
import { type AutomaticPaymentRunResult, runAutomaticPayments } from '../domain/programs';
import { approveRefund, operatorRefundList } from '../domain/refunds';
import { resetTwoStep } from '../domain/twoStep';

export const ADMIN_USAGE = `Usage: npm run admin -- <command>

Operator commands of the wallet service:
  refunds list [--status REQUESTED|APPROVED|CANCELED] [--limit N] [--json]
      refund applications of every merchant, newest first (default: the 50 latest)
  refunds approve <id> [--json]
      approve a REQUESTED refund application: in one database transaction, checks what is left to
      refund and the merchant's balance, moves the refund (merchant → customer) and its fee
  url-payments pay <id | URL> --wallet <customer wallet> [--json]
      pay a payment link (its id, or the URL copied from /urlPayment) as the customer of that wallet (stands in for the app): one PAYMENT
      transaction into the merchant's wallet, counted as a use of the link; a stopped or expired
      link is refused
  invoices issue --merchant <id> --title <text> --amount <N> --due <YYYY-MM-DD>
                 [--item <text>] [--issuer-merchant <id>] [--json]
      issue an invoice to a merchant, from another merchant (--issuer-merchant) or from the
      service (めぶくペイ運営事務局, the default); it is paid on /invoicePayment
  payouts run --date YYYY-MM-DD [--json]
      close the payout periods due on that date (closing days before it) and pay each merchant's
      めぶくコイン balance out to its bank account, less the fees: one ledger transaction per merchant;
      a merchant without a bank account is passed over and told why on /withdrawalInfo. Running
      the same date twice pays nothing twice. Run it daily with the day's date.
  coupons use <id> --wallet <customer wallet> --amount <purchase> [--json]
      a customer pays a purchase with a coupon (stands in for the app): one PAYMENT of the purchase
      less the discount; a scheduled, expired, stopped or used-up coupon, or a purchase below its
      minimum, is refused
  automatic-payments run --date YYYY-MM-DD [--json]
      charge the subscriptions due on that date, and retry once the charges that failed on an
      earlier run; a charge the customer's balance cannot pay is retried on the next run, then fails
      for good. Running the same date twice charges nothing twice. Run it daily.
  idempotency-keys prune [--days N]
      forget the Idempotency-Keys of money-moving requests older than N days (default 7)
  fees correct --merchant <id> --month YYYYMM --amount <N> --reason <text> [--json]
      correct a month's fees before tax (its tax is recalculated at 10 %, rounded down); the correction
      and its reason are kept and audited (fees.corrected), and the month's next fee invoice is a
      corrected invoice (請求書（訂正）) naming the one it corrects, which stays downloadable
  two-step reset --email <address> [--json]
      remove every second factor (authenticator app, passkeys, recovery codes) of a user who lost
      them all, after confirming who they are out of band: their next sign-in takes the password
      alone, and a merchant that requires two-step sends them to enrol again. Written to the audit
      trail (identity.two_step_reset, no actor: the operator)
  move-to-postgres --to postgres://user:password@host:5432/database [--json]
      move the embedded database (DATA_DIR/pglite) to PostgreSQL, with the server stopped: migrates
      the target, then copies every table in dependency order, ids and all, and sets its sequences,
      in one transaction there; a target holding any data is refused. Then start the server with
      DATABASE_URL set to that URL: it runs on PostgreSQL from then on (DATA_DIR/pglite is left as
      it was: keep it as a backup until the service has been checked)

With DATABASE_URL the command uses PostgreSQL directly. On the embedded database (PGlite, one
process only) it opens DATA_DIR itself when the server is stopped, and asks the running server
through its loopback operator listener (DATA_DIR/operator.json) when it is running.`;

/** What the commands act through: the database directly, or a running server's operator listener. */
export interface AdminBackend {
  describe: string;
  listRefunds(options: { status?: RefundApplicationStatus; limit: number }): Promise<RefundApplication[]>;
  approveRefund(id: number): Promise<RefundApplication>;
  pruneIdempotencyKeys(days: number): Promise<number>;
  /** `ref`: the link's id, token or URL. */
  payUrlPayment(ref: string, walletNo: string): Promise<{ transaction_id: number; link: UrlPayment }>;
  issueInvoice(input: OperatorInvoiceInput): Promise<Invoice>;
  runPayouts(date: string): Promise<PayoutRunResult>;
  useCoupon(id: number, walletNo: string, amount: number): Promise<CouponUse>;
  runAutomaticPayments(date: string): Promise<AutomaticPaymentRunResult>;
  resetTwoStep(email: string): Promise<{ user_id: number; removed: number }>;
  correctFee(input: { merchantId: number; month: string; amount: number; reason: string }): Promise<FeeCorrection>;
}

/** What a coupon's use answers. */
export interface CouponUse {
  transaction_id: number;
  purchase_amount: number;
  discount: number;
  paid_amount: number;
  coupon: Coupon;
}

export function databaseBackend(
  db: Db,
  describe = 'database',
  options: { publicUrl?: string; bankAccountHoldHours?: number } = {},
): AdminBackend {
  const publicUrl = options.publicUrl ?? 'http://localhost:3000';
  return {
    describe,
    payUrlPayment: (ref, walletNo) => operatorPayUrlPayment(db, { ref, walletNo, publicUrl }),
    issueInvoice: (input) => operatorIssueInvoice(db, input),
    runPayouts: (date) => runPayouts(db, date, new Date(), options.bankAccountHoldHours),
    useCoupon: (id, walletNo, amount) => useCoupon(db, { couponId: id, walletNo, purchaseAmount: amount }, new Date()),
    runAutomaticPayments: (date) => runAutomaticPayments(db, date),
    listRefunds: (options) => operatorRefundList(db, options),
    approveRefund: (id) => approveRefund(db, { applicationId: id }),
    pruneIdempotencyKeys: (days) => pruneIdempotencyKeys(db, days),
    resetTwoStep: (email) => resetTwoStep(db, email, new Date(), publicUrl),
    correctFee: (input) => correctMonthlyFee(db, input, new Date()),
  };
}

/** A refusal the server answered (`{type, message}`), rethrown as the same DomainError. */
async function answerOf<T>(response: Response): Promise<T> {
  const body = (await response.json()) as unknown;
  if (response.ok) return body as T;
  const error = body as { type?: string; message?: string; field?: string };
  const type = (ERROR_TYPES as readonly string[]).includes(error.type ?? '') ? (error.type as ErrorType) : 'internal';
  throw new DomainError(type, error.message ?? `HTTP ${response.status}`, error.field);
}

export function serverBackend(channel: OperatorChannel): AdminBackend {
  const base = `http://127.0.0.1:${channel.port}/operator`;
  const headers = { [OPERATOR_SECRET_HEADER]: channel.secret };
  return {
    describe: `the running server (pid ${channel.pid}, operator listener 127.0.0.1:${channel.port})`,
    async listRefunds(options) {
      const query = new URLSearchParams({
        limit: String(options.limit),
        ...(options.status ? { status: options.status } : {}),
      });
      const response = await fetch(`${base}/refunds?${query}`, { headers });
      return (await answerOf<{ items: RefundApplication[] }>(response)).items;
    },
    async approveRefund(id) {
      const response = await fetch(`${base}/refunds/${id}/approve`, { method: 'POST', headers });
      return answerOf<RefundApplication>(response);
    },
    async pruneIdempotencyKeys(days) {
      const response = await fetch(`${base}/idempotency-keys/prune?days=${days}`, { method: 'POST', headers });
      return (await answerOf<{ deleted: number }>(response)).deleted;
    },
    async payUrlPayment(ref, walletNo) {
      const query = new URLSearchParams({ ref, wallet: walletNo });
      const response = await fetch(`${base}/url-payments/pay?${query}`, { method: 'POST', headers });
      return answerOf<{ transaction_id: number; link: UrlPayment }>(response);
    },
    async useCoupon(id, walletNo, amount) {
      const query = new URLSearchParams({ wallet: walletNo, amount: String(amount) });
      const response = await fetch(`${base}/coupons/${id}/use?${query}`, { method: 'POST', headers });
      return answerOf<CouponUse>(response);
    },
    async runAutomaticPayments(date) {
      const response = await fetch(`${base}/automatic-payments/run?date=${date}`, { method: 'POST', headers });
      return answerOf<AutomaticPaymentRunResult>(response);
    },
    async runPayouts(date) {
      const response = await fetch(`${base}/payouts/run?date=${date}`, { method: 'POST', headers });
      return answerOf<PayoutRunResult>(response);
    },
    async resetTwoStep(email) {
      const query = new URLSearchParams({ email });
      const response = await fetch(`${base}/two-step/reset?${query}`, { method: 'POST', headers });
      return answerOf<{ user_id: number; removed: number }>(response);
    },
    async correctFee(input) {
      const query = new URLSearchParams({
        merchant: String(input.merchantId),
        month: input.month,
        amount: String(input.amount),
        reason: input.reason,
      });
      const response = await fetch(`${base}/fees/correct?${query}`, { method: 'POST', headers });
      return answerOf<FeeCorrection>(response);
    },
    async issueInvoice(input) {
      const response = await fetch(`${base}/invoices`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      return answerOf<Invoice>(response);
    },
  };
}

export interface AdminIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const yen = (amount: number) => amount.toLocaleString('ja-JP');

function describeApplication(a: RefundApplication): string {
  return [
    `#${a.id}`,
    a.status.padEnd(9),
    `merchant ${a.merchant_id} (${a.merchant_wallet_no}) → ${a.customer_wallet_no}`,
    `${yen(a.amount)} ${a.coin_name}`,
    `fee ${yen(a.fee)}`,
    `payment ${a.payment_transaction_id} (${yen(a.payment_amount)})`,
    `requested ${a.created_at}`,
    ...(a.approved_at ? [`approved ${a.approved_at} as transaction ${a.refund_transaction_id}`] : []),
    ...(a.canceled_at ? [`canceled ${a.canceled_at}`] : []),
  ].join('  ');
}

const OPTIONS = {
  status: { type: 'string' },
  date: { type: 'string' },
  wallet: { type: 'string' },
  merchant: { type: 'string' },
  title: { type: 'string' },
  amount: { type: 'string' },
  due: { type: 'string' },
  item: { type: 'string' },
  'issuer-merchant': { type: 'string' },
  limit: { type: 'string' },
  days: { type: 'string' },
  email: { type: 'string' },
  month: { type: 'string' },
  reason: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The parsed command line, or why it cannot be parsed. */
function parseCommandLine(args: readonly string[]) {
  try {
    return parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Exit codes: 0 done, 1 refused or failed, 2 bad usage. */
export async function runAdmin(
  args: readonly string[],
  backend: () => Promise<AdminBackend>,
  io: AdminIo,
): Promise<number> {
  const parsed = parseCommandLine(args);
  if (typeof parsed === 'string') {
    io.err(`${parsed}\n\n${ADMIN_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(ADMIN_USAGE);
    return 0;
  }
  const [group, command, ...rest] = positionals;
  const usage = (message: string) => {
    io.err(`${message}\n\n${ADMIN_USAGE}`);
    return 2;
  };
  if (group === 'idempotency-keys') {
    if (command !== 'prune' || rest.length > 0) return usage('idempotency-keys takes one command: prune');
    const days = values.days === undefined ? 7 : Number(values.days);
    if (!Number.isSafeInteger(days) || days < 1 || days > 3650) return usage('--days must be 1 to 3650');
    const deleted = await (await backend()).pruneIdempotencyKeys(days);
    io.out(`forgot ${deleted} idempotency key${deleted === 1 ? '' : 's'} older than ${days} days`);
    return 0;
  }
  if (group === 'two-step') {
    if (command !== 'reset' || rest.length > 0) return usage('two-step takes one command: reset --email <address>');
    const email = values.email ?? '';
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) return usage("--email must be the user's email address");
    return refusing(io, async () => {
      const reset = await (await backend()).resetTwoStep(email);
      if (values.json) io.out(JSON.stringify(reset, null, 2));
      else
        io.out(
          `removed ${reset.removed} second factor${reset.removed === 1 ? '' : 's'} of user #${reset.user_id} (${email})`,
        );
      return 0;
    });
  }
  if (group === 'fees') {
    if (command !== 'correct' || rest.length > 0)
      return usage('fees takes one command: correct --merchant <id> --month YYYYMM --amount <N> --reason <text>');
    const merchantId = positiveId(values.merchant);
    if (merchantId === null) return usage('--merchant must be a merchant id');
    const month = values.month ?? '';
    if (!/^\d{4}(0[1-9]|1[0-2])$/.test(month)) return usage('--month must be a month YYYYMM');
    const amount = values.amount !== undefined && /^\d{1,12}$/.test(values.amount) ? Number(values.amount) : null;
    if (amount === null) return usage('--amount must be a whole amount (yen, before tax)');
    const reason = values.reason?.trim() ?? '';
    if (reason === '') return usage('--reason must say why the fees are corrected');
    return refusing(io, async () => {
      const target = await backend();
      const corrected = await target.correctFee({ merchantId, month, amount, reason });
      if (values.json) io.out(JSON.stringify(corrected, null, 2));
      else
        io.out(
          `corrected the fees of merchant #${merchantId} for ${month} through ${target.describe}: ` +
            `${yen(corrected.previous_amount)} → ${yen(corrected.amount)} (tax ${yen(corrected.tax)}): ${corrected.reason}`,
        );
      return 0;
    });
  }
  if (group === 'coupons' || group === 'automatic-payments') {
    return refusing(io, () => runPrograms(group, command, rest, values, backend, io, usage));
  }
  if (group === 'payouts') {
    if (command !== 'run' || rest.length > 0) return usage('payouts takes one command: run --date YYYY-MM-DD');
    const date = values.date ?? '';
    if (!isCalendarDate(date)) return usage('--date must be a date YYYY-MM-DD');
    const target = await backend();
    const run = await target.runPayouts(date);
    if (values.json) io.out(JSON.stringify(run, null, 2));
    else {
      io.out(`payout run of ${date} through ${target.describe}:`);
      for (const paid of run.paid) {
        io.out(
          `  paid     ${paid.merchant_name} (#${paid.merchant_id}): period to ${paid.period_end}, ` +
            `${yen(paid.net_amount)} to be transferred on ${paid.payout_date}`,
        );
      }
      for (const skipped of run.skipped) {
        io.out(
          `  skipped  ${skipped.merchant_name} (#${skipped.merchant_id}): period to ${skipped.period_end}: ${skipped.reason}`,
        );
      }
      if (run.paid.length === 0 && run.skipped.length === 0)
        io.out('  nothing due: every closing before this date is done');
    }
    return 0;
  }
  if (group === 'url-payments' || group === 'invoices') {
    return refusing(io, () => runMoneyOut(group, command, rest, values, backend, io, usage));
  }
  if (group !== 'refunds') return usage(group ? `unknown command "${group}"` : 'no command given');

  try {
    if (command === 'list') {
      if (rest.length > 0) return usage(`unexpected argument "${rest[0]}"`);
      const status = values.status?.toUpperCase();
      if (status !== undefined && !(REFUND_APPLICATION_STATUSES as readonly string[]).includes(status)) {
        return usage(`--status must be one of ${REFUND_APPLICATION_STATUSES.join(', ')}`);
      }
      const limit = values.limit === undefined ? 50 : Number(values.limit);
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1000) return usage('--limit must be 1 to 1000');
      const items = await (await backend()).listRefunds({
        limit,
        ...(status ? { status: status as RefundApplicationStatus } : {}),
      });
      if (values.json) io.out(JSON.stringify(items, null, 2));
      else if (items.length === 0) io.out('no refund applications');
      else for (const item of items) io.out(describeApplication(item));
      return 0;
    }
    if (command === 'approve') {
      if (rest.length !== 1) return usage('approve takes one refund application id');
      const id = Number(rest[0]);
      if (!/^\d+$/.test(rest[0] ?? '') || !Number.isSafeInteger(id) || id <= 0) {
        return usage(`"${rest[0]}" is not a refund application id`);
      }
      const target = await backend();
      const approved = await target.approveRefund(id);
      if (values.json) io.out(JSON.stringify(approved, null, 2));
      else {
        io.out(`approved through ${target.describe}:`);
        io.out(describeApplication(approved));
      }
      return 0;
    }
    return usage(command ? `unknown refunds command "${command}"` : 'refunds needs a command: list or approve');
  } catch (error) {
    return refused(io, error);
  }
}

/** A real calendar day written YYYY-MM-DD. */
function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
}

/** A refusal the backend answered (exit code 1, its reason on stderr); anything else is rethrown. */
function refused(io: AdminIo, error: unknown): number {
  if (!(error instanceof DomainError)) throw error;
  io.err(`refused (${error.type}): ${error.message}`);
  return 1;
}

const refusing = (io: AdminIo, run: () => Promise<number>) => run().catch((error: unknown) => refused(io, error));

/** `--wallet` as typed (spaces and hyphens allowed), or null unless it is a wallet number. */
const walletArg = (text: string | undefined) => {
  const wallet = text?.replace(/[\s-]/g, '') ?? '';
  return /^\d{10}$/.test(wallet) ? wallet : null;
};

const positiveId = (text: string | undefined) =>
  text !== undefined && /^\d{1,10}$/.test(text) && Number(text) > 0 ? Number(text) : null;

/** Customer programs: `coupons use` and `automatic-payments run`. */
async function runPrograms(
  group: 'coupons' | 'automatic-payments',
  command: string | undefined,
  rest: readonly string[],
  values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'],
  backend: () => Promise<AdminBackend>,
  io: AdminIo,
  usage: (message: string) => number,
): Promise<number> {
  if (group === 'automatic-payments') {
    if (command !== 'run' || rest.length > 0)
      return usage('automatic-payments takes one command: run --date YYYY-MM-DD');
    const date = values.date ?? '';
    if (!isCalendarDate(date)) return usage('--date must be a date YYYY-MM-DD');
    const target = await backend();
    const run = await target.runAutomaticPayments(date);
    if (values.json) io.out(JSON.stringify(run, null, 2));
    else {
      io.out(
        `automatic payments of ${date} through ${target.describe}: ${run.succeeded} charged, ` +
          `${run.retry_scheduled} to retry on the next run, ${run.failed} failed`,
      );
    }
    return 0;
  }
  if (command !== 'use') return usage('coupons takes one command: use');
  if (rest.length !== 1) return usage('use takes one coupon id');
  const id = positiveId(rest[0]);
  if (id === null) return usage(`"${rest[0]}" is not a coupon id`);
  const wallet = walletArg(values.wallet);
  if (wallet === null) return usage('--wallet must be a customer wallet number (10 digits)');
  const amount = positiveId(values.amount);
  if (amount === null || amount > 10_000_000) return usage('--amount must be a whole amount from 1 to 10,000,000');
  const target = await backend();
  const used = await target.useCoupon(id, wallet, amount);
  if (values.json) io.out(JSON.stringify(used, null, 2));
  else {
    io.out(`coupon #${used.coupon.id} 「${used.coupon.name}」 used through ${target.describe}:`);
    io.out(
      `  transaction ${used.transaction_id}: purchase ${yen(used.purchase_amount)}, discount ${yen(used.discount)}, ` +
        `paid ${yen(used.paid_amount)} from ${wallet}; ${used.coupon.use_count} uses, ${used.coupon.status}`,
    );
  }
  return 0;
}

/** Money in and out: `url-payments pay` and `invoices issue`. */
async function runMoneyOut(
  group: 'url-payments' | 'invoices',
  command: string | undefined,
  rest: readonly string[],
  values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'],
  backend: () => Promise<AdminBackend>,
  io: AdminIo,
  usage: (message: string) => number,
): Promise<number> {
  if (group === 'url-payments') {
    if (command !== 'pay') return usage('url-payments takes one command: pay');
    if (rest.length !== 1) return usage('pay takes one payment link: its id, or its URL');
    const ref = rest[0] ?? '';
    if (!urlPaymentRef(ref)) return usage(`"${ref}" is neither a payment link id nor a payment link URL`);
    const wallet = walletArg(values.wallet);
    if (wallet === null) return usage('--wallet must be a customer wallet number (10 digits)');
    const target = await backend();
    const paid = await target.payUrlPayment(ref, wallet);
    if (values.json) io.out(JSON.stringify(paid, null, 2));
    else {
      const { link } = paid;
      io.out(`paid through ${target.describe}: link #${link.id} 「${link.description}」`);
      io.out(
        `  transaction ${paid.transaction_id}: ${yen(link.amount)} ${link.coin_name} from ${wallet}; ` +
          `${link.use_count} use${link.use_count === 1 ? '' : 's'}, ${yen(link.used_amount)} in all; ${link.status}`,
      );
    }
    return 0;
  }
  if (command !== 'issue' || rest.length > 0) return usage('invoices takes one command: issue');
  const merchantId = positiveId(values.merchant);
  if (merchantId === null) return usage('--merchant must be a merchant id');
  const title = values.title?.trim() ?? '';
  if (title === '' || title.length > 100) return usage('--title must be 1 to 100 characters');
  const amount = positiveId(values.amount);
  if (amount === null || amount > 100_000_000) return usage('--amount must be a whole amount from 1 to 100,000,000');
  const due = values.due ?? '';
  if (!isCalendarDate(due)) return usage('--due must be a date YYYY-MM-DD');
  const issuerMerchant = values['issuer-merchant'] === undefined ? undefined : positiveId(values['issuer-merchant']);
  if (issuerMerchant === null) return usage('--issuer-merchant must be a merchant id');
  const target = await backend();
  const invoice = await target.issueInvoice({
    merchantId,
    title,
    amount,
    dueDate: due,
    ...(values.item ? { itemName: values.item } : {}),
    ...(issuerMerchant !== undefined ? { issuerMerchantId: issuerMerchant } : {}),
  });
  if (values.json) io.out(JSON.stringify(invoice, null, 2));
  else {
    io.out(`issued through ${target.describe}: invoice #${invoice.id} to merchant ${merchantId}`);
    io.out(
      `  ${invoice.issuer_name}「${invoice.title}」 ${yen(invoice.amount)} ${invoice.coin_name}, due ${invoice.due_date}; ` +
        `open it at /invoicePayment?invoice_id=${invoice.id}`,
    );
  }
  return 0;
}

/** The pid in a PGlite lock file when that process is alive; null otherwise. */
export function lockHolder(lockFile: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile, 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
