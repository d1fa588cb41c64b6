import { useTranslation } from '@/i18n';
import controls from './PlainControls.module.css';
import classes from './RouteStates.module.css';

/**
 * Shown while a route's page chunk or the session loads. Plain elements, not Mantine: it can show
 * before Mantine is loaded (the login page's first load carries none).
 */
export function PagePending() {
  const { t } = useTranslation();
  return (
    <div className={classes.center} role="status" aria-live="polite">
      <span className={classes.spinner} />
      <span className={classes.hidden}>{t('common.loading')}</span>
    </div>
  );
}

/**
 * The signed-in layout's frame (header, menu column, page background, as Mantine's AppShell lays them out)
 * with the loading state in it: shown until the layout's first render commits (router/pages.ts, inSlices),
 * so signing in or reloading a page goes from the spinner to the shell without a blank window.
 */
export function ShellPending() {
  return (
    <>
      <div className={classes.shellHeader} />
      <div className={classes.shellMenu} />
      <div className={classes.shellMain}>
        <PagePending />
      </div>
    </>
  );
}

/** Shown when rendering a route fails (a chunk that no longer exists after a deploy, a bug). */
export function PageError() {
  const { t } = useTranslation();
  return (
    <div className={classes.center}>
      <div className={classes.alert} role="alert">
        <p className={classes.title}>{t('errors.unexpected')}</p>
        <button type="button" className={controls.button} onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </button>
      </div>
    </div>
  );
}
