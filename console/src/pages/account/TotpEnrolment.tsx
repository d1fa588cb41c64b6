import type { CallResponse } from '@coin/contract';
import { Alert, Box, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '@/api/errors';
import { useConfirmTotp } from '@/api/twoStep';
import { apiErrorText } from '@/components/apiErrorText';
import { groupSecret, normaliseTotpCode, totpCodeProblem } from '@/components/twoStepCodes';
import { useFocusOnMount } from '@/components/useFocusOnMount';
import { useTranslation } from '@/i18n';

type Enrolment = CallResponse<'startTotp'>;
type Enrolled = CallResponse<'confirmTotp'>;

/**
 * Enrolling an authenticator app: its QR code (the otpauth URI), the secret in groups of four for an
 * app that cannot scan, and the first code the app shows, which confirms it (PUT …/two_step/totp).
 */
export function TotpEnrolment({
  userId,
  enrolment,
  onEnrolled,
  onCancel,
}: {
  userId: number;
  enrolment: Enrolment;
  onEnrolled: (answer: Enrolled) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const confirm = useConfirmTotp(userId);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (confirm.isPending) return;
    const problem = totpCodeProblem(code);
    if (problem) {
      setCodeError(t(problem === 'required' ? 'login.secondStep.codeRequired' : 'login.secondStep.codeFormat'));
      return;
    }
    setCodeError(null);
    setFailure(null);
    confirm.mutate(normaliseTotpCode(code), {
      onSuccess: onEnrolled,
      onError: (error) => {
        // A wrong code is said on the field; anything else (the enrolment to start again…) above it.
        if (isApiError(error, 400) && error.body.field === 'code') setCodeError(apiErrorText(t, error));
        else setFailure(apiErrorText(t, error));
      },
    });
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={3} size="h5" id={headingId} ref={headingRef} tabIndex={-1}>
          {t('twoStep.totp.enrolTitle')}
        </Title>
        <Text size="sm">{t('twoStep.totp.scan')}</Text>
        <Box style={{ alignSelf: 'center' }}>
          <QRCodeSVG
            value={enrolment.otpauth_url}
            size={200}
            level="M"
            marginSize={4}
            role="img"
            aria-label={t('twoStep.totp.qrLabel')}
          />
        </Box>
        <Text size="sm">{t('twoStep.totp.manual')}</Text>
        <Group gap="xs" align="baseline">
          <Text size="sm" fw={500}>
            {t('twoStep.totp.secret')}
          </Text>
          <Text component="code" ff="monospace" fw={600} style={{ letterSpacing: '0.08em', overflowWrap: 'anywhere' }}>
            {groupSecret(enrolment.secret)}
          </Text>
        </Group>
        <Text size="sm">{t('twoStep.totp.enterCode')}</Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm">
            <TextInput
              label={t('twoStep.totp.code')}
              name="one-time-code"
              autoComplete="one-time-code"
              inputMode="numeric"
              spellCheck={false}
              maxLength={32}
              required
              withAsterisk={false}
              w={180}
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                setCodeError(null);
              }}
              error={codeError}
              errorProps={{ role: 'alert' }}
              aria-invalid={codeError ? true : undefined}
            />
            <Group gap="sm" mt={25}>
              <Button type="submit" loading={confirm.isPending}>
                {t('twoStep.totp.confirm')}
              </Button>
              <Button variant="default" onClick={onCancel} disabled={confirm.isPending}>
                {t('twoStep.totp.cancel')}
              </Button>
            </Group>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
