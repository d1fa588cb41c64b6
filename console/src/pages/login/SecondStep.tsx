import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessageKey, isApiError } from '@/api/errors';
import { passkeyAssertion } from '@/api/webauthn';
import controls from '@/components/PlainControls.module.css';
import {
  normaliseRecoveryCode,
  normaliseTotpCode,
  recoveryCodeProblem,
  type SecondFactorProof,
  totpCodeProblem,
} from '@/components/twoStepCodes';
import { useTranslation } from '@/i18n';
import { type PendingSecondStep, session } from '@/session';
import classes from './SecondStep.module.css';

type Method = PendingSecondStep['methods'][number];

/** The method offered first: the app's code, else a passkey, else a recovery code. */
export function firstMethod(methods: readonly Method[]): Method {
  if (methods.includes('totp')) return 'totp';
  if (methods.includes('passkey')) return 'passkey';
  return 'recovery_code';
}

const SWITCH_KEYS = {
  totp: 'login.secondStep.useTotp',
  recovery_code: 'login.secondStep.useRecovery',
  passkey: 'login.secondStep.usePasskeyInstead',
} as const;
const LEAD_KEYS = {
  totp: 'login.secondStep.totpLead',
  recovery_code: 'login.secondStep.recoveryLead',
  passkey: 'login.secondStep.passkeyLead',
} as const;
/** The fields of a refused proof (400 `field`), by method. */
const PROOF_FIELDS: Record<Method, string> = { totp: 'totp_code', recovery_code: 'recovery_code', passkey: 'passkey' };

/**
 * Issue 24: the second step of a sign-in for an account with a second factor, on the Login page (plain
 * elements, no Mantine): a code from the authenticator app (the browser may fill it from a text message
 * or the app: one-time-code), a passkey, or a recovery code. A token that has expired or was used sends
 * the user back to the password (`onExpired`).
 */
export function SecondStep({
  pending,
  onSignedIn,
  onExpired,
  onBack,
}: {
  pending: PendingSecondStep;
  /** The session is open: go where the sign-in leads. */
  onSignedIn: () => Promise<void>;
  onExpired: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [method, setMethod] = useState<Method>(() => firstMethod(pending.methods));
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const passkeyRef = useRef<HTMLButtonElement>(null);

  // The step's control takes the focus when the step shows and when the method changes.
  useEffect(() => {
    (method === 'passkey' ? passkeyRef : codeRef).current?.focus();
  }, [method]);

  function choose(next: Method) {
    setMethod(next);
    setCode('');
    setFieldError(null);
    setFailure(null);
  }

  function refused(error: unknown) {
    setSubmitting(false);
    if (isApiError(error, 401)) {
      onExpired();
      return;
    }
    if (isApiError(error, 400) && error.body.field === PROOF_FIELDS[method] && method !== 'passkey') {
      setFieldError(error.body.message || t('errors.invalidRequest'));
      codeRef.current?.focus();
      return;
    }
    setFailure(isApiError(error, 400) && error.body.message ? error.body.message : t(errorMessageKey(error)));
  }

  async function complete(proof: () => Promise<SecondFactorProof>) {
    setFailure(null);
    setSubmitting(true);
    try {
      await session.completeSecondStep(pending, await proof());
    } catch (error) {
      refused(error);
      return;
    }
    await onSignedIn();
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const totp = method === 'totp';
    const problem = totp ? totpCodeProblem(code) : recoveryCodeProblem(code);
    if (problem) {
      setFieldError(
        t(
          problem === 'required'
            ? 'login.secondStep.codeRequired'
            : totp
              ? 'login.secondStep.codeFormat'
              : 'login.secondStep.recoveryFormat',
        ),
      );
      codeRef.current?.focus();
      return;
    }
    setFieldError(null);
    void complete(async () =>
      totp ? { totp_code: normaliseTotpCode(code) } : { recovery_code: normaliseRecoveryCode(code) },
    );
  }

  function signWithPasskey() {
    if (submitting) return;
    void complete(async () => ({ passkey: await passkeyAssertion(await session.secondStepPasskeyOptions(pending)) }));
  }

  const headingId = `${id}-heading`;
  const codeId = `${id}-code`;
  const others = pending.methods.filter((other) => other !== method);

  return (
    <section className={controls.fields} aria-labelledby={headingId}>
      <h2 id={headingId} className={classes.subheading}>
        {t('login.secondStep.heading')}
      </h2>
      <p className={classes.lead}>{t(LEAD_KEYS[method])}</p>
      {failure && (
        <div className={controls.alert} role="alert">
          {failure}
        </div>
      )}
      {method === 'passkey' ? (
        <button
          ref={passkeyRef}
          type="button"
          className={controls.button}
          aria-busy={submitting || undefined}
          onClick={signWithPasskey}
        >
          {submitting && <span className={controls.busy} aria-hidden="true" />}
          {t('login.secondStep.usePasskey')}
        </button>
      ) : (
        <form onSubmit={submitCode} noValidate className={controls.fields}>
          <div>
            <label className={controls.label} htmlFor={codeId}>
              {t(method === 'totp' ? 'login.secondStep.code' : 'login.secondStep.recoveryCode')}
            </label>
            <div className={controls.control}>
              <input
                ref={codeRef}
                id={codeId}
                key={method}
                className={`${controls.input} ${classes.code}`}
                type="text"
                name={method === 'totp' ? 'one-time-code' : 'recovery-code'}
                autoComplete={method === 'totp' ? 'one-time-code' : 'off'}
                inputMode={method === 'totp' ? 'numeric' : 'text'}
                autoCapitalize={method === 'totp' ? undefined : 'characters'}
                spellCheck={false}
                maxLength={32}
                required
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${codeId}-error` : undefined}
                value={code}
                onChange={(event) => {
                  setCode(event.currentTarget.value);
                  setFieldError(null);
                }}
              />
            </div>
            {fieldError && (
              <p className={controls.error} id={`${codeId}-error`} role="alert">
                {fieldError}
              </p>
            )}
          </div>
          <button type="submit" className={controls.button} aria-busy={submitting || undefined}>
            {submitting && <span className={controls.busy} aria-hidden="true" />}
            {t('login.secondStep.submit')}
          </button>
        </form>
      )}
      <ul className={classes.others} aria-label={t('login.secondStep.otherMethods')}>
        {others.map((other) => (
          <li key={other}>
            <button type="button" className={`${controls.link} ${classes.textButton}`} onClick={() => choose(other)}>
              {t(SWITCH_KEYS[other])}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className={`${controls.link} ${classes.textButton}`} onClick={onBack}>
            {t('login.secondStep.back')}
          </button>
        </li>
      </ul>
    </section>
  );
}
