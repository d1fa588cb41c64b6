import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Tabs.css';
import type { TwoStepStatus } from '@coin/contract';
import { Alert, Button, Group, getDefaultZIndex, Modal, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { StepUpNeed } from '@/api/client';
import { errorMessageKey, isApiError } from '@/api/errors';
import { api } from '@/api/instance';
import { handleStepUp } from '@/api/stepUp';
import { getTwoStepStatus } from '@/api/twoStep';
import { passkeyAssertion } from '@/api/webauthn';
import { useDialogFrame } from '@/components/ConfirmDialog';
import { PasswordField } from '@/components/PasswordField';
import {
  normaliseRecoveryCode,
  normaliseTotpCode,
  recoveryCodeProblem,
  type SecondFactorProof,
  totpCodeProblem,
} from '@/components/twoStepCodes';
import { type TFunction, useTranslation } from '@/i18n';
import { sessionStore } from '@/session';

type Proof = 'password' | 'code' | 'passkey';
type CodeKind = 'totp' | 'recovery';

/** How long the dialog waits for the user's factors before it opens with the password alone. */
const STATUS_WAIT_MS = 2000;

/**
 * The proofs a user may give: the password without a second factor; with an app or a passkey, only those
 * (and recovery codes), since the password alone is what a thief may have (issue 45).
 */
export function proofsOf(status: TwoStepStatus | null): Proof[] {
  if (!status?.enabled) return ['password'];
  const proofs: Proof[] = [];
  if (status.totp || status.recovery_codes_left > 0) proofs.push('code');
  if (status.passkeys.length > 0) proofs.push('passkey');
  return proofs;
}

/** The codes a user may type: the app's, recovery codes while any are left. */
export function codeKindsOf(status: TwoStepStatus | null): CodeKind[] {
  const kinds: CodeKind[] = [];
  if (status?.totp) kinds.push('totp');
  if (status && status.recovery_codes_left > 0) kinds.push('recovery');
  return kinds;
}

/** The user's factors, or null when they cannot be had in time (the password is always a proof). */
async function factorsOfSignedInUser(): Promise<TwoStepStatus | null> {
  const userId = sessionStore.getState().user?.user_id;
  if (!userId) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), STATUS_WAIT_MS);
  });
  try {
    return await Promise.race([getTwoStepStatus(userId).catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

function codeProblemText(t: TFunction, kind: CodeKind, typed: string): string | null {
  const problem = kind === 'totp' ? totpCodeProblem(typed) : recoveryCodeProblem(typed);
  if (!problem) return null;
  if (problem === 'required') return t('login.secondStep.codeRequired');
  return t(kind === 'totp' ? 'login.secondStep.codeFormat' : 'login.secondStep.recoveryFormat');
}

/** A refused proof's message: the server's own (Japanese) one on a 400, else the catalogue's. */
const refusalText = (t: TFunction, failure: unknown) =>
  isApiError(failure, 400) && failure.body.message ? failure.body.message : t(errorMessageKey(failure));

/**
 * Trust: when the server asks for a step-up (a change of the bank account, staff, the merchant's status
 * or the user's own two-step sign-in), this dialog proves the sign-in (POST /sessions/current/step_up)
 * and lets the API client send the change again; the form the change came from keeps what was typed.
 * Cancelling passes the refusal on to that form. A user with a second factor (issue 24) may give a code
 * from the authenticator app, a recovery code or a passkey instead of the password.
 */
export default function StepUpDialog() {
  const { t } = useTranslation();
  const frame = useDialogFrame();
  const [open, setOpen] = useState(false);
  const [proofs, setProofs] = useState<Proof[]>(['password']);
  const [proof, setProof] = useState<Proof>('password');
  const [codeKinds, setCodeKinds] = useState<CodeKind[]>([]);
  const [codeKind, setCodeKind] = useState<CodeKind>('totp');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [need, setNeed] = useState<StepUpNeed | null>(null);
  const settle = useRef<((proof: string | null) => void) | null>(null);

  useEffect(
    () =>
      handleStepUp(
        (asked) =>
          new Promise<string | null>((resolve) => {
            settle.current = resolve;
            void factorsOfSignedInUser().then((status) => {
              // Cancelled or answered while the factors were asked for: nothing to open.
              if (settle.current !== resolve) return;
              const offered = proofsOf(status);
              setNeed(asked);
              setProofs(offered);
              setProof(offered[0] ?? 'password');
              const kinds = codeKindsOf(status);
              setCodeKinds(kinds);
              setCodeKind(kinds[0] ?? 'totp');
              setPassword('');
              setCode('');
              setError(null);
              setPasskeyError(null);
              setOpen(true);
            });
          }),
      ),
    [],
  );

  const finish = (proof: string | null) => {
    setOpen(false);
    setSubmitting(false);
    setPassword('');
    setCode('');
    settle.current?.(proof);
    settle.current = null;
  };

  const choose = (next: Proof) => {
    setProof(next);
    setError(null);
    setPasskeyError(null);
  };

  async function prove(body: () => Promise<{ password: string } | SecondFactorProof>, onRefused: (e: unknown) => void) {
    if (!need) return;
    setSubmitting(true);
    setError(null);
    setPasskeyError(null);
    try {
      const made = await api.call('stepUpSession', {
        body: { purpose: need.purpose, merchant_id: need.merchantId, ...(await body()) },
      });
      finish(made.step_up_token);
    } catch (failure) {
      setSubmitting(false);
      onRefused(failure);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (proof === 'passkey') {
      void prove(
        async () => {
          const { options } = await api.call('stepUpPasskeyOptions');
          return { passkey: await passkeyAssertion(options) };
        },
        (failure) => setPasskeyError(refusalText(t, failure)),
      );
      return;
    }
    if (proof === 'code') {
      const problem = codeProblemText(t, codeKind, code);
      if (problem) {
        setError(problem);
        return;
      }
      void prove(
        async () =>
          codeKind === 'totp' ? { totp_code: normaliseTotpCode(code) } : { recovery_code: normaliseRecoveryCode(code) },
        (failure) => setError(refusalText(t, failure)),
      );
      return;
    }
    if (!password) {
      setError(t('validation.required', { field: t('accounts.fields.password') }));
      return;
    }
    void prove(
      async () => ({ password }),
      (failure) => {
        const wrongPassword = isApiError(failure, 400) && failure.body.field === 'password';
        setError(wrongPassword ? t('accounts.errors.currentPassword') : t(errorMessageKey(failure)));
      },
    );
  }

  const passwordPanel = (
    <PasswordField
      field="password"
      purpose="current"
      value={password}
      onChange={(event) => setPassword(event.currentTarget.value)}
      error={proof === 'password' ? error : null}
      errorProps={{ role: 'alert' }}
      data-autofocus
    />
  );

  const withFactors = !proofs.includes('password');
  const purpose = need ? t(`twoStep.stepUp.purposes.${need.purpose}`) : '';
  const codePanel = (
    <Stack gap="xs">
      <Text size="sm">{t(codeKind === 'totp' ? 'twoStep.stepUp.codeLead' : 'twoStep.stepUp.recoveryLead')}</Text>
      <TextInput
        key={codeKind}
        label={t(codeKind === 'totp' ? 'login.secondStep.code' : 'login.secondStep.recoveryCode')}
        name={codeKind === 'totp' ? 'one-time-code' : 'recovery-code'}
        autoComplete={codeKind === 'totp' ? 'one-time-code' : 'off'}
        inputMode={codeKind === 'totp' ? 'numeric' : 'text'}
        spellCheck={false}
        maxLength={32}
        required
        withAsterisk={false}
        value={code}
        onChange={(event) => {
          setCode(event.currentTarget.value);
          setError(null);
        }}
        error={proof === 'code' ? error : null}
        errorProps={{ role: 'alert' }}
        aria-invalid={proof === 'code' && error ? true : undefined}
        data-autofocus
      />
      {codeKinds.length > 1 && (
        <CodeKindSwitch
          t={t}
          codeKind={codeKind}
          onChange={(kind) => {
            setCodeKind(kind);
            setCode('');
            setError(null);
          }}
        />
      )}
    </Stack>
  );
  const passkeyPanel = (
    <Stack gap="xs">
      <Text size="sm">{t('twoStep.stepUp.passkeyLead')}</Text>
      {passkeyError && (
        <Alert color="red" variant="light" role="alert">
          {passkeyError}
        </Alert>
      )}
    </Stack>
  );

  const panels: Record<Proof, ReactNode> = { password: passwordPanel, code: codePanel, passkey: passkeyPanel };

  return (
    // Above the dialog the change came from (a confirm step is often open below it).
    <Modal
      opened={open}
      onClose={() => finish(null)}
      title={t(withFactors ? 'twoStep.stepUp.title' : 'accounts.stepUp.title')}
      {...frame}
      zIndex={getDefaultZIndex('modal') + 10}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t(withFactors ? 'twoStep.stepUp.body' : 'accounts.stepUp.body', { purpose })}</Text>
          {proofs.length > 1 ? (
            <Tabs value={proof} onChange={(value) => value && choose(value as Proof)} keepMounted={false}>
              <Tabs.List aria-label={t('twoStep.stepUp.tabsLabel')} grow>
                {proofs.map((each) => (
                  <Tabs.Tab key={each} value={each}>
                    {t(`twoStep.stepUp.${each}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {proofs.map((each) => (
                <Tabs.Panel key={each} value={each} pt="md">
                  {panels[each]}
                </Tabs.Panel>
              ))}
            </Tabs>
          ) : (
            panels[proofs[0] ?? 'password']
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => finish(null)} disabled={submitting}>
              {t('accounts.actions.cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {t(proof === 'passkey' ? 'twoStep.stepUp.passkeyButton' : 'accounts.stepUp.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Between the app's code and a recovery code. */
function CodeKindSwitch({
  t,
  codeKind,
  onChange,
}: {
  t: TFunction;
  codeKind: CodeKind;
  onChange: (kind: CodeKind) => void;
}) {
  const other: CodeKind = codeKind === 'totp' ? 'recovery' : 'totp';
  return (
    <Button variant="subtle" size="compact-sm" style={{ alignSelf: 'flex-start' }} onClick={() => onChange(other)}>
      {t(other === 'totp' ? 'login.secondStep.useTotp' : 'login.secondStep.useRecovery')}
    </Button>
  );
}
