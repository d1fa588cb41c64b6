import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import type { CallResponse } from '@coin/contract';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { signInQueries, useEndOtherSignIns, useEndSignIn } from '@/api/signIns';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { QueryCard } from '@/components/QueryCard';
import { usePageTitle } from '@/components/usePageTitle';
import { useReturnFocus } from '@/components/useReturnFocus';
import { formatDateTime } from '@/format';
import { type TFunction, useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';

type SignIn = CallResponse<'listSignIns'>['items'][number];
type Dialog = { kind: 'one'; signIn: SignIn } | { kind: 'others'; count: number };

const SKELETON_ENTRIES = ['a', 'b'] as const;

/**
 * /devices (every role, the user menu; issue 48): the signed-in user's own sign-ins — browser and system,
 * address, started and last used — with this one marked; any other is ended here, or all of them at once.
 */
export default function SignedInDevicesPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.SignedInDevices'));
  const list = useQuery(signInQueries.list());
  const endOne = useEndSignIn();
  const endOthers = useEndOtherSignIns();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focus = useReturnFocus(headingRef);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  function open(next: Dialog) {
    focus.remember();
    setDialog(next);
  }
  const closed = (outcome: 'done' | 'dismissed') => {
    setDialog(null);
    // Done, the button that opened the dialog leaves with the entry it ended.
    focus.restore(outcome === 'done');
  };
  const endedMessage = ({ ended }: { ended: number }) =>
    ended === 0 ? t('signedInDevices.endedNone') : t('signedInDevices.ended', { count: ended });

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} ref={headingRef} tabIndex={-1}>
        {t('pages.SignedInDevices')}
      </Title>
      <Text size="sm">{t('signedInDevices.lead')}</Text>
      <Text size="sm">
        {t('signedInDevices.unknownDevice')}{' '}
        <Anchor component={AppLink} to="/changePassword">
          {t('signedInDevices.toChangePassword')}
        </Anchor>
      </Text>
      <QueryCard
        title={t('signedInDevices.list.title')}
        query={list}
        isEmpty={(data) => data.items.length === 0}
        emptyText={t('signedInDevices.list.empty')}
        skeleton={
          <Stack gap="xs" aria-busy role="status" aria-label={t('common.loading')}>
            {SKELETON_ENTRIES.map((key) => (
              <Skeleton key={key} height={84} radius="sm" />
            ))}
          </Stack>
        }
      >
        {({ items }) => {
          // This sign-in first, whatever the order of last use: the one the user knows.
          const current = items.filter((signIn) => signIn.current);
          const others = items.filter((signIn) => !signIn.current);
          return (
            <Stack gap="md">
              <Stack
                component="ul"
                gap="xs"
                aria-label={t('signedInDevices.list.label')}
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {[...current, ...others].map((signIn) => (
                  <SignInEntry
                    key={signIn.id}
                    signIn={signIn}
                    onEnd={signIn.current ? undefined : () => open({ kind: 'one', signIn })}
                  />
                ))}
              </Stack>
              {others.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('signedInDevices.list.noOthers')}
                </Text>
              ) : (
                <Button
                  variant="light"
                  color="red"
                  onClick={() => open({ kind: 'others', count: others.length })}
                  style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
                >
                  {t('signedInDevices.endOthers.button')}
                </Button>
              )}
            </Stack>
          );
        }}
      </QueryCard>
      {dialog?.kind === 'one' && (
        <ConfirmDialog
          title={t('signedInDevices.endOne.title')}
          body={t('signedInDevices.endOne.body', {
            device: deviceName(t, dialog.signIn),
            ip: clientIpOf(t, dialog.signIn),
            date: formatDateTime(dialog.signIn.last_used_at),
          })}
          confirmLabel={t('signedInDevices.endOne.confirm')}
          tone="danger"
          failedTitle={t('signedInDevices.endOne.failed')}
          doneMessage={endedMessage}
          mutation={endOne}
          variables={dialog.signIn.id}
          onClose={closed}
        />
      )}
      {dialog?.kind === 'others' && (
        <ConfirmDialog
          title={t('signedInDevices.endOthers.title')}
          body={t('signedInDevices.endOthers.body', { count: dialog.count })}
          confirmLabel={t('signedInDevices.endOthers.confirm')}
          tone="danger"
          failedTitle={t('signedInDevices.endOthers.failed')}
          doneMessage={endedMessage}
          mutation={endOthers}
          variables={undefined}
          onClose={closed}
        />
      )}
    </Stack>
  );
}

/** The browser and system the sign-in's User-Agent named, or a word for none. */
const deviceName = (t: TFunction, signIn: SignIn) => signIn.device || t('signedInDevices.list.unknownBrowser');
const clientIpOf = (t: TFunction, signIn: SignIn) => signIn.client_ip ?? t('signedInDevices.list.unknownIp');

/** One sign-in: what it is and when it was used; `onEnd` for any but this one. */
function SignInEntry({ signIn, onEnd }: { signIn: SignIn; onEnd?: () => void }) {
  const { t } = useTranslation();
  const device = deviceName(t, signIn);
  const lastUsed = formatDateTime(signIn.last_used_at);
  return (
    <Paper component="li" withBorder radius="sm" p="sm">
      <Group justify="space-between" gap="sm">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {device}
            </Text>
            {signIn.current && (
              <Badge color="teal" variant="light">
                {t('signedInDevices.list.current')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('signedInDevices.list.clientIp', { ip: clientIpOf(t, signIn) })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('signedInDevices.list.startedAt', { date: formatDateTime(signIn.started_at) })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('signedInDevices.list.lastUsedAt', { date: lastUsed })}
          </Text>
        </Stack>
        {onEnd && (
          <Button
            variant="light"
            color="red"
            aria-label={t('signedInDevices.endOne.buttonLabel', { device, date: lastUsed })}
            onClick={onEnd}
          >
            {t('signedInDevices.endOne.button')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
