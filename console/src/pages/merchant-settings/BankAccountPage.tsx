import '@mantine/core/styles/Table.css';
import type { BankAccount } from '@coin/contract';
import { Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { bankAccountQueries, usePutBankAccount } from '@/api/merchantSettings';
import { useTranslation } from '@/i18n';
import {
  type BankAccountDraft,
  bankAccountDraftOf,
  bankAccountRefusal,
  type ConfirmedAccount,
} from './bankAccountForm';
import { ConfirmBankAccount } from './ConfirmBankAccount';
import { RegisteredAccount } from './RegisteredAccount';
import { SettingsFrame } from './SettingsFrame';

// The form is a step of its own (a registered account shows without it): its chunk, with the bank and
// branch pickers' combobox and its positioning code, loads after the page's first paint.
const loadForm = () => import('./BankAccountForm');
const BankAccountForm = lazy(() => loadForm().then((module) => ({ default: module.BankAccountForm })));

/** MerchantBankAccount (Owner): the payout account, shown masked; registering one goes through a confirm step. */
export default function BankAccountPage() {
  const { t } = useTranslation();
  return (
    <SettingsFrame
      title={t('pages.MerchantBankAccount')}
      lead={t('bankAccount.lead')}
      loadFailed={t('bankAccount.loadFailed')}
      queryOf={bankAccountQueries.detail}
      skeletonFields={5}
      maw={760}
    >
      {(data, merchantId) => <BankAccountSettings merchantId={merchantId} account={data.account} />}
    </SettingsFrame>
  );
}

/** The steps: the registered account, the form to register or change one, its confirm step. */
function BankAccountSettings({ merchantId, account }: { merchantId: number; account: BankAccount | null }) {
  const { t } = useTranslation();
  const put = usePutBankAccount(merchantId);
  // What the form shows when it mounts: going back from the confirm step, or a refused registration,
  // keeps what was typed.
  const [draft, setDraft] = useState<BankAccountDraft>(() => bankAccountDraftOf(account));
  const [confirming, setConfirming] = useState<ConfirmedAccount | null>(null);
  // A registered account is changed only on request: payouts go to it.
  const [editing, setEditing] = useState(account === null);
  // Where the keyboard focus goes when a step replaces another: the account after a registration, the
  // form when the user opens it or comes back to it (not when the page loads).
  // A new object each time, so that asking twice for the same place moves the focus again.
  const [focus, setFocus] = useState<{ to: 'account' | 'form' } | null>(null);
  // Fetched once the page shows, so that 変更する opens the form at once.
  useEffect(() => {
    void loadForm().catch(() => {});
  }, []);

  const close = (next: BankAccount | null) => {
    setDraft(bankAccountDraftOf(next));
    setConfirming(null);
    setEditing(next === null);
  };

  const register = (confirmed: ConfirmedAccount) =>
    put.mutate(confirmed.body, {
      onSuccess: ({ account: registered }) => {
        notifications.show({
          color: 'teal',
          message: t('bankAccount.saved', { number: registered?.number_masked ?? '' }),
        });
        close(registered);
        setFocus({ to: 'account' });
      },
      onError: (error) => {
        // A refused field goes back to the form, shown on that field; other failures stay on the confirm step.
        const refused = bankAccountRefusal(error, t('errors.invalidRequest'));
        if (!refused) return;
        setDraft((kept) => ({ ...kept, problems: refused }));
        setConfirming(null);
        setFocus({ to: 'form' });
      },
    });

  let step: ReactNode = null;
  if (confirming) {
    step = (
      <ConfirmBankAccount
        confirmed={confirming}
        request={put}
        onBack={() => {
          put.reset();
          setConfirming(null);
          setFocus({ to: 'form' });
        }}
        onSubmit={() => register(confirming)}
      />
    );
  } else if (editing) {
    step = (
      <Suspense
        fallback={<Skeleton height={360} radius="md" role="status" aria-busy aria-label={t('common.loading')} />}
      >
        <BankAccountForm
          merchantId={merchantId}
          changing={account !== null}
          draft={draft}
          onConfirm={(confirmed, values) => {
            put.reset();
            setDraft({ values, problems: {} });
            setConfirming(confirmed);
          }}
          onCancel={
            account === null
              ? undefined
              : () => {
                  close(account);
                  setFocus({ to: 'account' });
                }
          }
          takeFocus={focus?.to === 'form'}
        />
      </Suspense>
    );
  }

  return (
    <Stack gap="lg">
      <RegisteredAccount
        account={account}
        takeFocus={focus?.to === 'account' ? focus : null}
        onChange={
          editing
            ? undefined
            : () => {
                setEditing(true);
                setFocus({ to: 'form' });
              }
        }
      />
      {step}
    </Stack>
  );
}
