import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import type { MerchantUserRow } from '@/api/merchantUserRows';
import {
  MERCHANT_USER_PAGE_SIZE,
  merchantUserQueries,
  useInviteMerchantUser,
  useResendMerchantUserInvitation,
  useUpdateMerchantUser,
} from '@/api/merchantUsers';
import { CsvButton } from '@/components/FileDownload';
import { ListSection } from '@/components/ListSection';
import type { Column } from '@/components/ListTable';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { useReturnFocus } from '@/components/useReturnFocus';
import { type TFunction, useTranslation } from '@/i18n';
import { roleKey } from '@/i18n/keys';
import { AppLink } from '@/router/AppLink';
import { tokyoDay } from '@/router/search';
import { selectSelectedMerchant, useSessionState } from '@/session';
import { ConfirmModal } from './ConfirmModal';
import { IdleTimeoutCard } from './IdleTimeoutCard';
import { merchantUserSearch } from './merchantUserSearch';
import { type RowAction, rowActions, shownStatus } from './merchantUserView';
import { RoleAbilitiesCard } from './RoleAbilities';
import { StaffTwoStepCard } from './StaffTwoStepCard';

// The invite / edit form (with @mantine/form and zod) loads when its dialog opens.
const UserFormModal = lazy(() => import('./UserFormModal'));

type Dialog =
  | { kind: 'invite' }
  | { kind: 'edit'; user: MerchantUserRow }
  | { kind: 'suspend' | 'activate' | 'resend'; user: MerchantUserRow };

/**
 * /merchant/user (Owner): the merchant's users; invite, edit, suspend / reactivate, resend the invitation;
 * what each role may do.
 */
export default function MerchantUserPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.MerchantUser'));
  const merchant = useSessionState(selectSelectedMerchant);
  const selfUserId = useSessionState((state) => state.user?.user_id ?? null);
  const merchantId = merchant?.merchant_id ?? 0;
  const [search, updateSearch] = useListSearch(merchantUserSearch);
  const list = useQuery({
    ...merchantUserQueries.list(merchantId, search.page),
    enabled: merchantId > 0,
    placeholderData: keepPreviousData,
  });
  const invite = useInviteMerchantUser(merchantId);
  const update = useUpdateMerchantUser(merchantId);
  const resend = useResendMerchantUserInvitation(merchantId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focus = useReturnFocus(headingRef);

  function open(next: Dialog) {
    invite.reset();
    update.reset();
    resend.reset();
    focus.remember();
    setDialog(next);
  }
  const close = () => {
    setDialog(null);
    focus.restore();
  };
  const done = (message: string) => {
    close();
    notifications.show({ color: 'teal', message });
  };

  function confirm(kind: 'suspend' | 'activate' | 'resend', user: MerchantUserRow) {
    const email = user.email ?? '';
    if (kind === 'resend') {
      resend.mutate(user.user_id, { onSuccess: () => done(t('accounts.merchantUser.done.resent', { email })) });
      return;
    }
    update.mutate(
      { userId: user.user_id, body: { status: kind === 'suspend' ? 'SUSPENDED' : 'ACTIVE' } },
      {
        onSuccess: () =>
          done(
            t(kind === 'suspend' ? 'accounts.merchantUser.done.suspended' : 'accounts.merchantUser.done.activated', {
              name: user.name,
            }),
          ),
      },
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} ref={headingRef} tabIndex={-1}>
          {t('pages.MerchantUser')}
        </Title>
        <Group gap="sm">
          {/* Issue 48: who did what in the shop, one step from its staff. */}
          <Button variant="default" renderRoot={(props) => <AppLink {...props} to="/merchant/user/history" />}>
            {t('operationHistory.fromStaff')}
          </Button>
          <Button onClick={() => open({ kind: 'invite' })} disabled={merchantId === 0}>
            {t('accounts.actions.invite')}
          </Button>
        </Group>
      </Group>
      {merchantId > 0 && <StaffTwoStepCard merchantId={merchantId} />}
      {/* Issue 48: how long the shop's sign-ins may stay unused. */}
      {merchantId > 0 && <IdleTimeoutCard merchantId={merchantId} />}
      <ListSection
        title={t('accounts.merchantUser.listTitle')}
        csv={
          merchant && (
            <CsvButton
              merchantId={merchant.merchant_id}
              merchantName={merchant.name}
              report="merchant_users"
              // Users have no period: the file is named after the day of the export.
              query={{ start_date: tokyoDay(new Date()), end_date: tokyoDay(new Date()) }}
            />
          )
        }
        columns={userColumns(t, selfUserId, (kind, user) => open({ kind, user }))}
        query={list}
        rowKey={(row) => row.user_id}
        page={search.page}
        pageSize={MERCHANT_USER_PAGE_SIZE}
        onPageChange={(page) => updateSearch({ page })}
        emptyText={t('accounts.merchantUser.empty')}
      />
      <RoleAbilitiesCard />
      <Suspense fallback={null}>
        {dialog?.kind === 'invite' && (
          <UserFormModal
            mode="invite"
            opened
            initial={{ name: '', role: 'Member', email: '' }}
            submitting={invite.isPending}
            error={invite.error}
            onClose={close}
            onSubmit={(values) =>
              invite.mutate(values, {
                onSuccess: (user) =>
                  done(t('accounts.merchantUser.done.invited', { email: user.email ?? values.email })),
              })
            }
          />
        )}
        {dialog?.kind === 'edit' && (
          <UserFormModal
            mode="edit"
            opened
            initial={{ name: dialog.user.name, role: dialog.user.role, email: dialog.user.email ?? '' }}
            submitting={update.isPending}
            error={update.error}
            onClose={close}
            onSubmit={({ name, role }) =>
              update.mutate(
                { userId: dialog.user.user_id, body: { name, role } },
                { onSuccess: () => done(t('accounts.merchantUser.done.updated', { name })) },
              )
            }
          />
        )}
      </Suspense>
      {dialog && dialog.kind !== 'invite' && dialog.kind !== 'edit' && (
        <ConfirmModal
          opened
          title={t(`accounts.merchantUser.confirm.${dialog.kind}Title`)}
          body={t(`accounts.merchantUser.confirm.${dialog.kind}Body`, {
            name: dialog.user.name,
            email: dialog.user.email ?? '',
          })}
          confirmLabel={t(`accounts.actions.${dialog.kind}`)}
          danger={dialog.kind === 'suspend'}
          submitting={dialog.kind === 'resend' ? resend.isPending : update.isPending}
          error={dialog.kind === 'resend' ? resend.error : update.error}
          onConfirm={() => confirm(dialog.kind, dialog.user)}
          onClose={close}
        />
      )}
    </Stack>
  );
}

/** The list's columns: on a phone each user is a card headed by name, role, status and actions. */
function userColumns(
  t: TFunction,
  selfUserId: number | null,
  onAction: (kind: RowAction, user: MerchantUserRow) => void,
): Column<MerchantUserRow>[] {
  return [
    {
      key: 'name',
      header: t('accounts.fields.userName'),
      mobile: 'primary',
      render: (row) => (
        <Text span fw={500} size="sm">
          {row.name}
        </Text>
      ),
    },
    {
      key: 'email',
      header: t('accounts.fields.email'),
      render: (row) =>
        row.email ? (
          <span style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{row.email}</span>
        ) : (
          <Text span c="dimmed" size="sm">
            {t('accounts.merchantUser.noEmail')}
          </Text>
        ),
    },
    {
      key: 'role',
      header: t('accounts.fields.role'),
      mobile: 'primary',
      render: (row) => (
        <Badge variant="outline" color="gray" radius="sm">
          {t(roleKey(row.role))}
        </Badge>
      ),
    },
    {
      key: 'status',
      header: t('fields.status'),
      mobile: 'primary',
      render: (row) => {
        const status = shownStatus(row);
        return (
          <Badge variant="light" color={status.color} radius="sm">
            {t(status.key)}
          </Badge>
        );
      },
    },
    {
      key: 'twoStep',
      header: t('accounts.fields.twoStep'),
      // Counted for the ACTIVE staff only, as the card above counts them: others show a dash.
      render: (row) =>
        row.status !== 'ACTIVE' ? (
          <Text span c="dimmed" size="sm" aria-label={t('accounts.merchantUser.twoStepNotApplicable')}>
            —
          </Text>
        ) : row.two_step ? (
          <Badge variant="light" color="teal" radius="sm">
            {t('accounts.merchantUser.twoStepOn')}
          </Badge>
        ) : (
          <Badge variant="outline" color="orange" radius="sm">
            {t('accounts.merchantUser.twoStepOff')}
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: t('accounts.fields.actions'),
      mobile: 'primary',
      render: (row) => (
        <Group gap={6} wrap="wrap" role="group" aria-label={t('accounts.merchantUser.actionsFor', { name: row.name })}>
          {rowActions(row, selfUserId).map((action) => (
            <Button
              key={action}
              size="compact-sm"
              variant={action === 'suspend' ? 'subtle' : 'light'}
              color={action === 'suspend' ? 'red' : undefined}
              onClick={() => onAction(action, row)}
            >
              {t(`accounts.actions.${action}`)}
            </Button>
          ))}
        </Group>
      ),
    },
  ];
}
