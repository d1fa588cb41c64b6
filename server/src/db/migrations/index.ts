import type { Migration } from 'kysely/migration';
import * as core from './2026_11_22_0001_core';
import * as accounts from './2026_11_22_0002_accounts';
import * as historyIndexes from './2026_11_22_0003_history_indexes';
import * as refunds from './2026_11_22_0004_refunds';
import * as historyFilters from './2026_11_23_0005_history_filters';
import * as moneyOut from './2026_11_24_0006_money_out';
import * as payouts from './2026_11_24_0007_payouts';
import * as programs from './2026_11_24_0008_programs';
import * as merchantSettings from './2026_11_24_0009_merchant_settings';
import * as mailOutbox from './2026_11_24_0010_mail_outbox';
import * as refundReason from './2026_11_25_0011_refund_reason';
import * as sessionForks from './2026_11_25_0012_session_forks';
import * as stepUp from './2026_11_26_0013_step_up';
import * as setupProgress from './2026_11_26_0014_setup_progress';
import * as twoStep from './2026_11_26_0015_two_step';
import * as documents from './2026_11_27_0016_documents';
import * as journalAccounts from './2026_11_27_0017_journal_accounts';
import * as dayCountsCover from './2026_11_27_0018_day_counts_cover';
import * as boundProofs from './2026_11_29_0019_bound_proofs';
import * as auditLog from './2026_11_29_0020_audit_log';
import * as signedInDevices from './2026_11_29_0021_signed_in_devices';

/** Every migration, by name; names sort in the order they run. Listed by hand: no directory scanning. */
export const MIGRATIONS: Record<string, Migration> = {
  '2026_11_22_0001_core': core,
  '2026_11_22_0002_accounts': accounts,
  '2026_11_22_0003_history_indexes': historyIndexes,
  '2026_11_22_0004_refunds': refunds,
  '2026_11_23_0005_history_filters': historyFilters,
  '2026_11_24_0006_money_out': moneyOut,
  '2026_11_24_0007_payouts': payouts,
  '2026_11_24_0008_programs': programs,
  '2026_11_24_0009_merchant_settings': merchantSettings,
  '2026_11_24_0010_mail_outbox': mailOutbox,
  '2026_11_25_0011_refund_reason': refundReason,
  '2026_11_25_0012_session_forks': sessionForks,
  '2026_11_26_0013_step_up': stepUp,
  '2026_11_26_0014_setup_progress': setupProgress,
  '2026_11_26_0015_two_step': twoStep,
  '2026_11_27_0016_documents': documents,
  '2026_11_27_0017_journal_accounts': journalAccounts,
  '2026_11_27_0018_day_counts_cover': dayCountsCover,
  '2026_11_29_0019_bound_proofs': boundProofs,
  '2026_11_29_0020_audit_log': auditLog,
  '2026_11_29_0021_signed_in_devices': signedInDevices,
};
