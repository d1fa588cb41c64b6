import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import classes from './PublicFrame.module.css';

/**
 * The frame of every signed-out page: the product name above one centred card. Plain elements and a
 * CSS module, not Mantine: it is part of the login page's first load, which carries no Mantine.
 */
export function PublicFrame({ children, width = 440 }: { children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  return (
    <div className={classes.frame}>
      <div className={classes.container} style={{ maxWidth: width }}>
        <p className={classes.brand}>{t('common.appName')}</p>
        <main className={classes.card}>{children}</main>
      </div>
    </div>
  );
}
