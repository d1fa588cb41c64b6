/*
 * Compile-time checks of the typed links (run by `npm run typecheck`; nothing imports this file). Each
 * `@ts-expect-error` line must fail to compile: if a change made it compile, the typecheck fails here.
 */
import { AppLink } from './AppLink';
import { pathOf } from './paths';

export const typedLinks = [
  <AppLink key="list" to="/transaction" search={{ type: 'PAYMENT', id: 42, from: '2026-11-01' }} />,
  <AppLink key="page" to={pathOf('ForgetPassword')} />,
  <AppLink key="bare" to="/refund" />,
  // @ts-expect-error a path that no route has
  <AppLink key="unknown-path" to="/transactionnnn" />,
  // @ts-expect-error a filter the transaction list does not have
  <AppLink key="unknown-filter" to="/transaction" search={{ zzz: 1 }} />,
  // @ts-expect-error a type the transaction list does not know
  <AppLink key="bad-value" to="/transaction" search={{ type: 'GIFT' }} />,
  // @ts-expect-error a page that is no list takes no search
  <AppLink key="no-list" to="/top" search={{ page: 2 }} />,
];

// @ts-expect-error a route name that does not exist
export const unknownName = () => pathOf('NoSuch');
