import { useEffect } from 'react';
import { useTranslation } from '@/i18n';

/** document.title = "<page title> | 加盟店管理画面". */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const suffix = t('common.titleSuffix');
  useEffect(() => {
    document.title = `${title} | ${suffix}`;
  }, [title, suffix]);
}
