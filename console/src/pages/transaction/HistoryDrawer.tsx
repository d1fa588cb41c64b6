import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { CALL_ENDPOINTS, type Role, type TransactionDetail } from '@coin/contract';
import { Button, Drawer, Group, Loader, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { walletQueries } from '@/api/wallets';
import { useDialogFrame } from '@/components/ConfirmDialog';
import { type Fact, FactsTable } from '@/components/FactsTable';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import type { RefundTarget } from '@/components/refund/refundForm';
import { formatCoin, formatDateTime } from '@/format';
import { type TFunction, useTranslation } from '@/i18n';
import { selectRole, selectSelectedMerchant, useSessionState } from '@/session';
import { formatSignedAmount, transactionTypeLabel } from './columns';
import type { ReceiptPayment } from './ReceiptDialog';

// The refund form (and its confirm step) loads when 返金する is pressed.
const RefundSteps = lazy(() => import('@/components/refund/RefundSteps'));
// The receipt's dialog loads when 領収書を発行 is pressed.
const ReceiptDialog = lazy(() => import('./ReceiptDialog'));

interface HistoryDrawerProps {
  walletNo: string;
  transactionId: number | null;
  onClose: () => void;
}

/**
 * A transaction's detail (GET /wallets/{wallet_no}/balance/{transaction_id}): what moved, with whom, its
 * fee, the balances after it and its comment. A payment into the wallet either offers its refund (a role
 * that may request one, something left: the refund request's own steps) or says why not (refundStateOf),
 * and issues its receipt (領収書, any role: receiptPaymentOf).
 */
export function HistoryDrawer({ walletNo, transactionId, onClose }: HistoryDrawerProps) {
  const { t } = useTranslation();
  const role = useSessionState(selectRole);
  const merchant = useSessionState(selectSelectedMerchant);
  // The dialogs' frame (dimmed, focus kept inside, named close button); a drawer is not centred.
  const { centered: _centered, ...frame } = useDialogFrame();
  // The payment being refunded, as it stood when 返金する was pressed (the detail is read again after).
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  // The payment whose receipt's dialog is open.
  const [receipt, setReceipt] = useState<ReceiptPayment | null>(null);
  // The drawer mounts open (it loads with the row), so Mantine has no opener to give focus back to:
  // the row that opened it gets it back here.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  const close = () => {
    onClose();
    if (opener instanceof HTMLElement) requestAnimationFrame(() => opener.focus({ preventScroll: true }));
  };
  const query = useQuery({ ...walletQueries.balanceAt(walletNo, transactionId ?? 0), enabled: transactionId !== null });
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="xs" aria-busy role="status" aria-label={t('common.loading')}>
        <Skeleton height={16} />
        <Skeleton height={16} width="70%" />
        <Skeleton height={16} width="50%" />
      </Stack>
    );
  } else if (query.isError) {
    body = <QueryErrorAlert query={query} />;
  } else {
    const state = refundStateOf(query.data, role);
    const receiptPayment = merchant ? receiptPaymentOf(query.data) : null;
    body = (
      <TransactionDetailView
        detail={query.data}
        onReceipt={receiptPayment && (() => setReceipt(receiptPayment))}
        refund={
          state
            ? {
                state,
                onOpen: () => setRefunding(state.kind === 'offer' ? state.target : null),
                form: refunding && (
                  <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
                    <RefundSteps
                      key={refunding.transaction_id}
                      walletNo={walletNo}
                      payment={refunding}
                      onCancel={() => setRefunding(null)}
                      cancelLabel={t('actions.cancel')}
                      doneActions={
                        <Button variant="default" onClick={close}>
                          {t('actions.close')}
                        </Button>
                      }
                    />
                  </Suspense>
                ),
              }
            : null
        }
      />
    );
  }
  return (
    <Drawer
      opened={transactionId !== null}
      onClose={close}
      position="right"
      size="lg"
      title={t('transaction.drawerTitle')}
      {...frame}
    >
      {body}
      {receipt && merchant && (
        <Suspense fallback={null}>
          <ReceiptDialog merchantId={merchant.merchant_id} payment={receipt} onClose={() => setReceipt(null)} />
        </Suspense>
      )}
    </Drawer>
  );
}

/** A payment into the merchant's wallet, as its receipt names it; null for anything else (no receipt). */
export function receiptPaymentOf(detail: TransactionDetail): ReceiptPayment | null {
  const entry = detail.entries.find((candidate) => candidate.amount > 0);
  if (detail.type !== 'PAYMENT' || !entry) return null;
  return { transactionId: detail.transaction_id, amount: entry.amount, coinName: entry.coin_name };
}

/** The payment of a detail as the refund form takes it, when something is left to refund. */
export function refundTargetOf(detail: TransactionDetail): RefundTarget | null {
  const entry = detail.entries.find((candidate) => candidate.amount > 0);
  if (detail.type !== 'PAYMENT' || !entry || detail.refundable_remaining === null) return null;
  if (detail.refundable_remaining <= 0) return null;
  return {
    transaction_id: detail.transaction_id,
    created_at: detail.created_at,
    coin_name: entry.coin_name,
    amount: entry.amount,
    refundable_remaining: detail.refundable_remaining,
  };
}

/** Who may request a refund: the server's rule for the request (createRefund's access, the contract). */
const REFUND_ROLES: readonly Role[] = (() => {
  const access = CALL_ENDPOINTS.createRefund.access;
  return 'roles' in access ? access.roles : [];
})();

/**
 * What a payment's detail says about refunding it: its refund to offer, or why there is none — the coin
 * takes no refunds, nothing is left (refunded or requested), or the role may not request one (the roles
 * that may, to ask). Null for anything but a payment into the wallet (nothing to refund).
 */
export type RefundState =
  | { kind: 'offer'; target: RefundTarget }
  | { kind: 'coinNotRefundable' }
  | { kind: 'nothingLeft' }
  | { kind: 'rolesOnly'; roles: readonly Role[] };

export function refundStateOf(detail: TransactionDetail, role: Role): RefundState | null {
  if (detail.type !== 'PAYMENT' || !detail.entries.some((entry) => entry.amount > 0)) return null;
  if (detail.refundable_remaining === null) return { kind: 'coinNotRefundable' };
  const target = refundTargetOf(detail);
  if (!target) return { kind: 'nothingLeft' };
  if (!REFUND_ROLES.includes(role)) return { kind: 'rolesOnly', roles: REFUND_ROLES };
  return { kind: 'offer', target };
}

function feeText(t: TFunction, detail: TransactionDetail): string {
  const parts = [
    ...(detail.fee_included > 0 ? [t('transaction.feeIncluded', { fee: formatCoin(detail.fee_included) })] : []),
    ...(detail.fee_charged > 0 ? [t('transaction.feeCharged', { fee: formatCoin(detail.fee_charged) })] : []),
  ];
  return parts.length > 0 ? parts.join('／') : t('transaction.noFee');
}

/** The rows of a detail: the transaction, each of the wallet's entries of it, its fee and comment. */
export function detailFacts(t: TFunction, detail: TransactionDetail): Fact[] {
  const several = detail.entries.length > 1;
  const label = (field: string, coin: string) => (several ? t('transaction.entryField', { field, coin }) : field);
  return [
    [t('fields.transactionId'), String(detail.transaction_id)],
    [t('fields.dateTime'), formatDateTime(detail.created_at)],
    [t('fields.type'), transactionTypeLabel(t, detail.type)],
    ...detail.entries.flatMap((entry): Fact[] => [
      [label(t('fields.coin'), entry.coin_name), entry.coin_name],
      [
        label(t('fields.amount'), entry.coin_name),
        <Text key="amount" span inherit c={entry.amount < 0 ? 'red.9' : undefined} fw={600}>
          {formatSignedAmount(entry.amount)}
        </Text>,
      ],
      [label(t('fields.counterparty'), entry.coin_name), entry.counterparty ?? '—'],
      [label(t('fields.balanceAfter'), entry.coin_name), formatCoin(entry.balance)],
    ]),
    [t('fields.fee'), feeText(t, detail)],
    [t('fields.comment'), detail.comment ?? t('transaction.noComment')],
    ...(detail.refundable_remaining !== null
      ? ([[t('fields.refundableRemaining'), formatCoin(detail.refundable_remaining)]] as Fact[])
      : []),
  ];
}

interface RefundPart {
  state: RefundState;
  /** Opens the refund's steps (an offered refund). */
  onOpen: () => void;
  /** The refund's steps once 返金する was pressed; null before. */
  form: ReactNode;
}

/** Why a payment's detail offers no refund, in words. */
function noRefundText(t: TFunction, state: Exclude<RefundState, { kind: 'offer' }>): string {
  switch (state.kind) {
    case 'coinNotRefundable':
      return t('transaction.coinNotRefundable');
    case 'nothingLeft':
      return t('transaction.nothingLeft');
    case 'rolesOnly':
      return t('transaction.refundRolesOnly', { roles: state.roles.map((role) => t(`roles.${role}`)).join('・') });
  }
}

/**
 * The detail's content; `refund` is a payment into the wallet's part (refundStateOf): the 返金する
 * button, the refund's steps, or why it cannot be refunded here. Null for other transactions.
 * `onReceipt` opens the receipt's dialog of a payment into the wallet (receiptPaymentOf).
 */
export function TransactionDetailView({
  detail,
  refund,
  onReceipt = null,
}: {
  detail: TransactionDetail;
  refund: RefundPart | null;
  onReceipt?: (() => void) | null;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <FactsTable rows={detailFacts(t, detail)} labelWidth={130} aria-label={t('transaction.detailLabel')} />
      {refund &&
        (refund.form ? (
          refund.form
        ) : refund.state.kind === 'offer' ? (
          <Group>
            <Button onClick={refund.onOpen}>{t('transaction.refund')}</Button>
          </Group>
        ) : (
          <Text size="sm">{noRefundText(t, refund.state)}</Text>
        ))}
      {onReceipt && !refund?.form && (
        <Group>
          <Button variant="default" onClick={onReceipt}>
            {t('documents.receipt.open')}
          </Button>
        </Group>
      )}
      <Stack gap="xs">
        <Text fw={600} id="balances-after">
          {t('transaction.balancesAfter')}
        </Text>
        <Table striped aria-labelledby="balances-after">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.coin')}</Table.Th>
              <Table.Th ta="right">{t('fields.balance')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.balances.map((coin) => (
              <Table.Tr key={coin.id}>
                <Table.Td>{coin.name}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCoin(coin.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Stack>
  );
}
