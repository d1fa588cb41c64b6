import type { SpecialPage } from '@coin/contract';
import { type ComponentType, lazy, Suspense } from 'react';
import { PagePending } from '@/components/RouteStates';
import { type PageProps, SPECIAL_PAGE_LOADERS } from './pages';

const SPECIAL_PAGES: Record<SpecialPage, ComponentType<PageProps>> = {
  NotFound: lazy(SPECIAL_PAGE_LOADERS.NotFound),
  Intermediary: lazy(SPECIAL_PAGE_LOADERS.Intermediary),
  IntermediaryReturnApp: lazy(SPECIAL_PAGE_LOADERS.IntermediaryReturnApp),
};

/** A page the guard chose instead of the matched route (not found, intermediaries). */
export function SpecialPageView({ page, action }: { page: SpecialPage; action?: string }) {
  const Page = SPECIAL_PAGES[page];
  return (
    <Suspense fallback={<PagePending />}>
      <Page action={action} />
    </Suspense>
  );
}
