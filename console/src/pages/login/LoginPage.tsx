import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { errorMessageKey } from '@/api/errors';
import controls from '@/components/PlainControls.module.css';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import { pathOf } from '@/router/paths';
import { hrefWithQuery, usePlainSearch } from '@/router/search';
import { draftReturnHref, IDLE_LOGOUT_TARGET, type PendingSecondStep, session } from '@/session';
import { type LoginFieldErrors, loginTarget, validateLogin } from './loginForm';
import { SecondStep } from './SecondStep';

const NO_ERRORS: LoginFieldErrors = { email: null, password: null };

/** A labelled control with its error below, tied together for assistive technology. */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div>
      <label className={controls.label} htmlFor={id}>
        {label}
      </label>
      <div className={controls.control}>{children}</div>
      {error && (
        <p className={controls.error} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

const EyeIcon = ({ crossed }: { crossed: boolean }) => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
    {crossed && <path d="M3 3l18 18" />}
  </svg>
);

/**
 * The sign-in page. Plain elements styled like Mantine's controls (components/PlainControls): the
 * login page's first load carries no Mantine, which keeps it within its budget (DESIGN §11, issue 14).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.Login'));
  const search = usePlainSearch();
  const navigate = useNavigate();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [keepSignedIn, setKeepSignedIn] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>(NO_ERRORS);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Issue 24: the password was right and the account has a second factor.
  const [pending, setPending] = useState<PendingSecondStep | null>(null);
  // Back from the second step, the password field takes the focus once it is there again.
  const [backs, setBacks] = useState(0);
  useEffect(() => {
    if (backs > 0) passwordRef.current?.focus();
  }, [backs]);

  /**
   * The session is open: InvoicePayment when the query names an invoice, else the page this user was on
   * when signed out for inactivity (its fields come back there, issue 48), else Top (loginForm.ts).
   */
  async function goOn() {
    const target = loginTarget(search);
    const back = 'invoice_id' in search ? null : draftReturnHref();
    await navigate({ href: back ?? hrefWithQuery(target.path, target.query), replace: true });
  }

  /** Back to the password, with or without a reason (the second step's token expired or was used). */
  function backToPassword(reason: string | null) {
    setPending(null);
    setPassword('');
    setFailure(reason);
    setBacks((count) => count + 1);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const errors = validateLogin({ email, password });
    setFieldErrors(errors);
    if (errors.email || errors.password) {
      // The first invalid field takes the focus, which reads out its error (aria-describedby).
      (errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      const outcome = await session.login({ email: email.trim(), password, keepSignedIn });
      if (outcome.kind === 'secondStep') {
        setSubmitting(false);
        setPending(outcome.pending);
        return;
      }
      await goOn();
    } catch (error) {
      setFailure(t(errorMessageKey(error)));
      setSubmitting(false);
    }
  }

  const emailError =
    fieldErrors.email === 'required'
      ? t('validation.required', { field: t('fields.email') })
      : fieldErrors.email === 'format'
        ? t('validation.email')
        : null;
  const passwordError = fieldErrors.password ? t('validation.required', { field: t('fields.password') }) : null;
  // Issue 48: signed out for inactivity (by this tab or by the server) says so, not only 認証エラーです.
  const idle = search.authError === IDLE_LOGOUT_TARGET.query.authError;
  // After the user's own logout (Back to a signed-in page lands here with authError) nothing failed.
  const showAuthError =
    (search.authError === 'true' || idle) && failure === null && pending === null && !session.signedOutHere();
  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;

  return (
    <div className={controls.stack}>
      <h1 className={controls.heading}>{t('login.heading')}</h1>
      {showAuthError && (
        <div className={controls.alert} role="alert">
          {idle ? t('errors.sessionTimedOut') : t('errors.authError')}
        </div>
      )}
      {failure && (
        <div className={controls.alert} role="alert">
          {failure}
        </div>
      )}
      {pending ? (
        <SecondStep
          pending={pending}
          onSignedIn={goOn}
          onExpired={() => backToPassword(t('login.secondStep.expired'))}
          onBack={() => backToPassword(null)}
        />
      ) : (
        <>
          <form onSubmit={submit} noValidate className={controls.fields}>
            <Field id={emailId} label={t('fields.email')} error={emailError}>
              <input
                ref={emailRef}
                id={emailId}
                className={controls.input}
                type="email"
                name="email"
                autoComplete="username"
                inputMode="email"
                required
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? `${emailId}-error` : undefined}
                value={email}
                onChange={(event) => {
                  setEmail(event.currentTarget.value);
                  setFieldErrors((errors) => ({ ...errors, email: null }));
                }}
              />
            </Field>
            <Field id={passwordId} label={t('fields.password')} error={passwordError}>
              <input
                ref={passwordRef}
                id={passwordId}
                className={`${controls.input} ${controls.withToggle}`}
                type={showPassword ? 'text' : 'password'}
                name="password"
                autoComplete="current-password"
                required
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={passwordError ? `${passwordId}-error` : undefined}
                value={password}
                onChange={(event) => {
                  setPassword(event.currentTarget.value);
                  setFieldErrors((errors) => ({ ...errors, password: null }));
                }}
              />
              <button
                type="button"
                className={controls.toggle}
                aria-label={t('actions.toggleSecretVisibility')}
                aria-pressed={showPassword}
                aria-controls={passwordId}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                <EyeIcon crossed={showPassword} />
              </button>
            </Field>
            <label className={controls.check}>
              <input
                type="checkbox"
                className={controls.checkbox}
                name="keepSignedIn"
                checked={keepSignedIn}
                onChange={(event) => setKeepSignedIn(event.currentTarget.checked)}
              />
              {t('fields.keepSignedIn')}
            </label>
            <button type="submit" className={controls.button} aria-busy={submitting || undefined}>
              {submitting && <span className={controls.busy} aria-hidden="true" />}
              {t('actions.login')}
            </button>
          </form>
          <AppLink to={pathOf('ForgetPassword')} className={controls.link}>
            {t('actions.forgotPassword')}
          </AppLink>
        </>
      )}
    </div>
  );
}
