import '@mantine/core/styles/Table.css';
import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { accountQueries } from '@/api/accounts';
import { tokenFailure } from '@/components/accountErrors';
import { CheckingView, FailureAlert, TokenFailureView } from '@/components/MailLinkViews';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { roleKey } from '@/i18n/keys';
import { pathOf } from '@/router/paths';
import { hrefWithQuery, usePlainSearch } from '@/router/search';
import { invitationStepQuery } from './invitationStep';

/** /mu: the invitation link. Shows what the invitation is for, then 次へ to /mu/invitations. */
export default function VerifyMerchantUserPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.VerifyMerchantUser'));
  const navigate = useNavigate();
  const token = usePlainSearch().token ?? '';
  const invitation = useQuery({ ...accountQueries.invitation(token), enabled: token !== '' });

  if (token === '') return <TokenFailureView failure="invalid" flow="invitation" />;
  const failure = invitation.isError ? tokenFailure(invitation.error) : null;
  if (failure) return <TokenFailureView failure={failure} flow="invitation" />;
  const data = invitation.data;
  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('pages.VerifyMerchantUser')}
      </Title>
      {invitation.isPending && <CheckingView text={t('accounts.invitation.verifying')} />}
      {invitation.isError && (
        <FailureAlert
          error={invitation.error}
          onRetry={() => void invitation.refetch()}
          retrying={invitation.isFetching}
        />
      )}
      {data && (
        <>
          <Text>{t('accounts.invitation.lead')}</Text>
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={120}>{t('accounts.invitation.merchant')}</Table.Th>
                <Table.Td>{data.merchant_name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('accounts.invitation.name')}</Table.Th>
                <Table.Td>{data.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('accounts.invitation.role')}</Table.Th>
                <Table.Td>{t(roleKey(data.role))}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('accounts.invitation.email')}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{data.email}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm" c="dimmed">
            {t('accounts.invitation.nextHint')}
          </Text>
          <Button
            fullWidth
            onClick={() =>
              void navigate({ href: hrefWithQuery(pathOf('InitMerchantAccount'), invitationStepQuery(token, data)) })
            }
          >
            {t('accounts.actions.next')}
          </Button>
        </>
      )}
    </Stack>
  );
}
