import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SimpleGrid.css';
import type { CallResponse, TwoStepStatus } from '@coin/contract';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import {
  twoStepQueries,
  useDeletePasskey,
  useDeleteTotp,
  useRegenerateRecoveryCodes,
  useStartTotp,
} from '@/api/twoStep';
import { clearEnrolmentRequired, enrolmentRequired, subscribeEnrolmentRequired } from '@/api/twoStepEnrolment';
import { browserHasPasskeys, hostIsIpAddress } from '@/api/webauthn';
import { apiErrorText } from '@/components/apiErrorText';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { usePageTitle } from '@/components/usePageTitle';
import { useReturnFocus } from '@/components/useReturnFocus';
import { formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import { pathOf } from '@/router/paths';
import { useSessionState } from '@/session';
import AddPasskeyDialog from './AddPasskeyDialog';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { TotpEnrolment } from './TotpEnrolment';
import { isLastFactor, mustEnrol, requiredByNames } from './twoStepView';

type Passkey = TwoStepStatus['passkeys'][number];
type Enrolment = CallResponse<'startTotp'>;
type Dialog =
  | { kind: 'removeTotp' }
  | { kind: 'removePasskey'; passkey: Passkey }
  | { kind: 'regenerate' }
  | { kind: 'addPasskey' };

/**
 * /twoStep (every role, the user menu): the signed-in user's second factors (issue 24) — the
 * authenticator app (enrolled by QR code), passkeys and the recovery codes left — added and removed
 * after a step-up. A merchant that requires two-step sign-in sends a user without a factor here
 * (api/twoStepEnrolment.ts); once a factor is enrolled the user goes on to Top.
 */
export default function TwoStepPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.TwoStep'));
  const navigate = useNavigate();
  const userId = useSessionState((state) => state.user?.user_id ?? 0);
  const status = useQuery({ ...twoStepQueries.status(userId), enabled: userId > 0 });
  const refused = useSyncExternalStore(subscribeEnrolmentRequired, enrolmentRequired, () => false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focus = useReturnFocus(headingRef);
  const [codes, setCodes] = useState<string[] | null>(null);
  // The codes were issued by the enrolment a merchant required: Top follows once they are kept.
  const [topAfterCodes, setTopAfterCodes] = useState(false);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const startTotp = useStartTotp(userId);
  const deleteTotp = useDeleteTotp(userId);
  const deletePasskey = useDeletePasskey(userId);
  const regenerate = useRegenerateRecoveryCodes(userId, setCodes);

  const required = mustEnrol(status.data, refused);
  const enabled = status.data?.enabled === true;
  // A factor is in use (enrolled here or in another tab): the merchants' refusals are answered.
  useEffect(() => {
    if (enabled) clearEnrolmentRequired();
  }, [enabled]);
  const requiredBy = requiredByNames(status.data, t('twoStep.requiredByJoin'));

  function goToTop() {
    clearEnrolmentRequired();
    notifications.show({ color: 'teal', message: t('twoStep.enrolled.toTop') });
    void navigate({ href: pathOf('Top') });
  }

  /** A factor was added; the account's first answers its recovery codes, shown once. */
  function enrolled(answer: { recovery_codes: string[] | null }) {
    setEnrolment(null);
    if (answer.recovery_codes) {
      setCodes(answer.recovery_codes);
      setTopAfterCodes(required);
    } else if (required) {
      goToTop();
    }
  }

  function codesKept() {
    setCodes(null);
    if (topAfterCodes) goToTop();
    else focus.restore(true);
  }

  function open(next: Dialog) {
    focus.remember();
    setDialog(next);
  }
  const close = () => {
    setDialog(null);
    focus.restore();
  };

  function begin() {
    startTotp.mutate(undefined, { onSuccess: setEnrolment });
  }

  let body: ReactNode;
  if (codes) {
    body = <RecoveryCodesPanel codes={codes} onClose={codesKept} />;
  } else if (status.isPending) {
    body = <Loader role="status" aria-label={t('twoStep.loading')} />;
  } else if (status.isError) {
    body = <QueryErrorAlert query={status} title={t('twoStep.loadFailed')} />;
  } else {
    const data = status.data;
    body = (
      <>
        <StatusSection status={data} />
        <Section title={t('twoStep.totp.title')}>
          {data.totp ? (
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('twoStep.totp.enrolledAt', { date: formatDateTime(data.totp.enrolled_at) })}</Text>
              <Button
                variant="light"
                color="red"
                aria-label={t('twoStep.totp.removeLabel')}
                onClick={() => open({ kind: 'removeTotp' })}
              >
                {t('twoStep.totp.remove')}
              </Button>
            </Group>
          ) : enrolment ? (
            <TotpEnrolment
              userId={userId}
              enrolment={enrolment}
              onEnrolled={(answer) => {
                notifications.show({ color: 'teal', message: t('twoStep.totp.enrolled') });
                enrolled(answer);
              }}
              onCancel={() => {
                setEnrolment(null);
                focus.restore(true);
              }}
            />
          ) : (
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {t('twoStep.totp.none')}
              </Text>
              <Button onClick={begin} loading={startTotp.isPending}>
                {t('twoStep.totp.add')}
              </Button>
            </Group>
          )}
          {startTotp.isError && !enrolment && (
            <Alert color="red" variant="light" role="alert" title={t('twoStep.totp.startFailed')}>
              {apiErrorText(t, startTotp.error)}
            </Alert>
          )}
        </Section>
        <PasskeySection
          status={data}
          onAdd={() => open({ kind: 'addPasskey' })}
          onRemove={(passkey) => open({ kind: 'removePasskey', passkey })}
        />
        {data.enabled && (
          <Section title={t('twoStep.recovery.title')}>
            <Text size="sm" c="dimmed">
              {t('twoStep.recovery.lead')}
            </Text>
            <Group justify="space-between" gap="sm">
              <Text size="sm" fw={500}>
                {t('twoStep.recovery.left', { count: data.recovery_codes_left })}
              </Text>
              <Button variant="light" onClick={() => open({ kind: 'regenerate' })}>
                {t('twoStep.recovery.regenerate')}
              </Button>
            </Group>
          </Section>
        )}
        {dialog && dialogOf(dialog, data)}
      </>
    );
  }

  // A function of the page's render, not a component of its own: the dialog keeps its state across renders.
  function dialogOf(dialog: Dialog, status: TwoStepStatus): ReactNode {
    if (dialog.kind === 'addPasskey') {
      return (
        <AddPasskeyDialog
          userId={userId}
          onClose={close}
          onAdded={(answer, name) => {
            setDialog(null);
            notifications.show({ color: 'teal', message: t('twoStep.passkeys.added', { name }) });
            enrolled(answer);
            if (!answer.recovery_codes) focus.restore();
          }}
        />
      );
    }
    if (dialog.kind === 'removeTotp') {
      return (
        <ConfirmDialog
          title={t('twoStep.totp.removeTitle')}
          body={t(isLastFactor(status, 'totp') ? 'twoStep.totp.removeLastBody' : 'twoStep.totp.removeBody')}
          confirmLabel={t('twoStep.totp.remove')}
          tone="danger"
          failedTitle={t('twoStep.totp.removeFailed')}
          doneMessage={t('twoStep.totp.removed')}
          mutation={deleteTotp}
          variables={undefined}
          onClose={(outcome) => {
            setDialog(null);
            focus.restore(outcome === 'done');
          }}
        />
      );
    }
    if (dialog.kind === 'removePasskey') {
      const { passkey } = dialog;
      return (
        <ConfirmDialog
          title={t('twoStep.passkeys.removeTitle')}
          body={
            isLastFactor(status, { passkeyId: passkey.id })
              ? `${t('twoStep.passkeys.removeBody', { name: passkey.name })}${t('twoStep.totp.removeLastBody')}`
              : t('twoStep.passkeys.removeBody', { name: passkey.name })
          }
          confirmLabel={t('twoStep.passkeys.remove')}
          tone="danger"
          failedTitle={t('twoStep.passkeys.removeFailed')}
          doneMessage={t('twoStep.passkeys.removed', { name: passkey.name })}
          mutation={deletePasskey}
          variables={passkey.id}
          onClose={(outcome) => {
            setDialog(null);
            focus.restore(outcome === 'done');
          }}
        />
      );
    }
    return (
      <ConfirmDialog
        title={t('twoStep.recovery.regenerateTitle')}
        body={t('twoStep.recovery.regenerateBody')}
        confirmLabel={t('twoStep.recovery.regenerate')}
        tone="primary"
        failedTitle={t('twoStep.recovery.regenerateFailed')}
        doneMessage={t('twoStep.recovery.regenerated')}
        mutation={regenerate}
        variables={undefined}
        onClose={(outcome) => {
          setDialog(null);
          if (outcome === 'dismissed') focus.restore();
        }}
      />
    );
  }

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} ref={headingRef} tabIndex={-1}>
        {t('pages.TwoStep')}
      </Title>
      <Text size="sm">{t('twoStep.lead')}</Text>
      {required ? (
        // Said once, on the page where it is done: which shop asks, and what each way is (issue 45).
        <Alert
          color="orange"
          variant="light"
          role="alert"
          title={requiredBy ? t('twoStep.requiredBy', { merchants: requiredBy }) : t('twoStep.requiredHere')}
        >
          <Stack gap={6}>
            <Text size="sm">{t('twoStep.howTo.lead')}</Text>
            <Text size="sm">{t('twoStep.howTo.app')}</Text>
            <Text size="sm">{t('twoStep.howTo.passkey')}</Text>
          </Stack>
        </Alert>
      ) : (
        requiredBy && (
          <Text size="sm" fw={500}>
            {t('twoStep.requiredBy', { merchants: requiredBy })}
          </Text>
        )
      )}
      {body}
      <Text size="sm">
        {t('twoStep.devicesLead')}{' '}
        <Anchor component={AppLink} to="/devices">
          {t('twoStep.devicesLink')}
        </Anchor>
      </Text>
    </Stack>
  );
}

/** A card of the page, named by its heading. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function StatusSection({ status }: { status: TwoStepStatus }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group gap="sm">
          <Title order={2} size="h4" id={headingId}>
            {t('twoStep.status.title')}
          </Title>
          <Badge color={status.enabled ? 'teal' : 'gray'} variant={status.enabled ? 'filled' : 'outline'} size="lg">
            {t(status.enabled ? 'twoStep.status.enabled' : 'twoStep.status.disabled')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(status.enabled ? 'twoStep.status.enabledLead' : 'twoStep.status.disabledLead')}
        </Text>
      </Stack>
    </Paper>
  );
}

function PasskeySection({
  status,
  onAdd,
  onRemove,
}: {
  status: TwoStepStatus;
  onAdd: () => void;
  onRemove: (passkey: Passkey) => void;
}) {
  const { t } = useTranslation();
  const supported = browserHasPasskeys();
  const ipHost = hostIsIpAddress();
  return (
    <Section title={t('twoStep.passkeys.title')}>
      <Text size="sm" c="dimmed">
        {t('twoStep.passkeys.lead')}
      </Text>
      {status.passkeys.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('twoStep.passkeys.none')}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          aria-label={t('twoStep.passkeys.listLabel')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {status.passkeys.map((passkey) => (
            <Paper component="li" withBorder radius="sm" p="sm" key={passkey.id}>
              <Group justify="space-between" gap="sm">
                <Stack gap={2} miw={0}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {passkey.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('twoStep.passkeys.createdAt', { date: formatDateTime(passkey.created_at) })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {passkey.last_used_at
                      ? t('twoStep.passkeys.lastUsedAt', { date: formatDateTime(passkey.last_used_at) })
                      : t('twoStep.passkeys.neverUsed')}
                  </Text>
                </Stack>
                <Button
                  variant="light"
                  color="red"
                  aria-label={t('twoStep.passkeys.removeLabel', { name: passkey.name })}
                  onClick={() => onRemove(passkey)}
                >
                  {t('twoStep.passkeys.remove')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {supported && !ipHost ? (
        <Button variant="light" onClick={onAdd} style={{ alignSelf: 'flex-start' }}>
          {t('twoStep.passkeys.add')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {ipHost
            ? t('twoStep.passkeys.ipHost', { host: globalThis.location?.host ?? '' })
            : t('twoStep.passkeys.unsupported')}
        </Text>
      )}
    </Section>
  );
}
