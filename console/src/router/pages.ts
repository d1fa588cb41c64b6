import type { SpecialPage } from '@coin/contract';
import { type ComponentType, createElement, type ReactNode, useDeferredValue } from 'react';
import { loadPageStrings } from '@/i18n';

export interface PageProps {
  /** The intermediary action (special pages only). */
  action?: string;
}

export type PageModule = { default: ComponentType<PageProps> };
export type PageLoader = () => Promise<PageModule>;

/**
 * Every page but Login shows strings of the catalogue's second part (i18n/jpPages.ts): the page's
 * chunk and those strings load together, so they are there when it renders.
 */
export const withPageStrings =
  <T>(loader: () => Promise<T>): (() => Promise<T>) =>
  () =>
    Promise.all([loader(), loadPageStrings()]).then(([page]) => page);

/**
 * A view rendered inside Mantine's provider (app/MantineRoot.tsx), which loads with it: the signed-in
 * layout, and every public and special page but Login, whose first load carries no Mantine.
 */
export const withMantine =
  <P extends object>(
    loader: () => Promise<{ default: ComponentType<P> }>,
  ): (() => Promise<{ default: ComponentType<P> }>) =>
  () =>
    Promise.all([loader(), import('@/app/MantineRoot')]).then(([{ default: View }, { MantineRoot }]) => ({
      default: (props: P) => createElement(MantineRoot, null, createElement(View, props)),
    }));

/**
 * Renders its children in a deferred pass after the first render, which shows only `placeholder`. The
 * router mounts a route's component in a synchronous update (its state is an external store), so a page
 * or the signed-in layout rendered at once would mount in one long task that blocks input (Lighthouse
 * TBT: on /top such a task took 150–240 ms of main thread before the CPU slowdown); a deferred pass is
 * interruptible, and React renders it in short tasks. What the page shows does not change.
 */
function MountInSlices({ children, placeholder }: { children?: ReactNode; placeholder: ReactNode }) {
  const shown = useDeferredValue(true, false);
  return shown ? children : placeholder;
}

/**
 * A route component whose first render is left to a deferred, interruptible pass (MountInSlices). Until
 * that pass commits, `placeholder` shows: the signed-in layout's frame, so the window is not blank for the
 * 150–250 ms between the sign-in page and the shell; a page inside the shell needs none.
 */
export const inSlices =
  <P extends object>(
    loader: () => Promise<{ default: ComponentType<P> }>,
    placeholder: ReactNode = null,
  ): (() => Promise<{ default: ComponentType<P> }>) =>
  () =>
    loader().then(({ default: View }) => ({
      default: (props: P) => createElement(MountInSlices, { placeholder }, createElement(View, props)),
    }));

/** A public or special page: its strings and Mantine load with it. */
const publicPage = (loader: () => Promise<PageModule>): PageLoader => withMantine(withPageStrings(loader));

type MailLinkPages = typeof import('@/pages/mail-link/index');
type AccountPages = typeof import('@/pages/account/index');
/** Pages that share one chunk: the page is picked from the chunk's exports. */
const mailLinkPage = (name: keyof MailLinkPages): PageLoader =>
  publicPage(() => import('@/pages/mail-link/index').then((pages) => ({ default: pages[name] })));
const accountPage = (name: keyof AccountPages): PageLoader =>
  withPageStrings(() => import('@/pages/account/index').then((pages) => ({ default: pages[name] })));
const loading: PageLoader = publicPage(() => import('@/pages/mobile/LoadingPage'));
const mobileError: PageLoader = publicPage(() => import('@/pages/mobile/MobileErrorPage'));
const mobileCancel: PageLoader = publicPage(() => import('@/pages/mobile/MobileCancelPage'));

/**
 * Route name (of the contract's route tables) → lazily loaded page: the one place that says which
 * component a route shows. Each entry is its own chunk (route-level code splitting).
 */
export const PAGE_LOADERS: Readonly<Record<string, PageLoader>> = {
  // Signed-in pages.
  Top: withPageStrings(() => import('@/pages/top/TopPage')),
  Transaction: withPageStrings(() => import('@/pages/transaction/TransactionPage')),
  RequestPayment: withPageStrings(() => import('@/pages/payment-request/RequestPaymentPage')),
  UrlPayment: withPageStrings(() => import('@/pages/url-payment/UrlPaymentPage')),
  InvoicePayment: withPageStrings(() => import('@/pages/invoice/InvoicePaymentPage')),
  QRCode: withPageStrings(() => import('@/pages/merchant-settings/QrCodePage')),
  Coupon: withPageStrings(() => import('@/pages/coupon/CouponPage')),
  BookTicketUseHistory: withPageStrings(() => import('@/pages/book-ticket/BookTicketUseHistoryPage')),
  Subscriptions: withPageStrings(() => import('@/pages/subscriptions/SubscriptionsPage')),
  AutomaticPaymentHistory: withPageStrings(() => import('@/pages/automatic-payments/AutomaticPaymentHistoryPage')),
  UtilityBillsQrHistories: withPageStrings(() => import('@/pages/utility-bills/UtilityBillsPage')),
  Refund: withPageStrings(() => import('@/pages/refund/RefundPage')),
  RequestRefund: withPageStrings(() => import('@/pages/refund/RequestRefundPage')),
  Reload: withPageStrings(() => import('@/pages/reload/ReloadPage')),
  MerchantRebate: withPageStrings(() => import('@/pages/merchant-rebate/MerchantRebatePage')),
  WithdrawalInfo: withPageStrings(() => import('@/pages/withdrawal/WithdrawalInfoPage')),
  WithdrawalInfoMerchant: withPageStrings(() => import('@/pages/withdrawal/WithdrawalInfoMerchantPage')),
  Merchant: withPageStrings(() => import('@/pages/merchant/MerchantPage')),
  MerchantRebateCoin: withPageStrings(() => import('@/pages/merchant-settings/RebateCoinPage')),
  MerchantBankAccount: withPageStrings(() => import('@/pages/merchant-settings/BankAccountPage')),
  MerchantUser: withPageStrings(() => import('@/pages/merchant-user/MerchantUserPage')),
  OperationHistory: withPageStrings(() => import('@/pages/merchant-user/OperationHistoryPage')),
  DownloadFile: withPageStrings(() => import('@/pages/download/DownloadPage')),
  DownloadUtilityBillsData: withPageStrings(() => import('@/pages/utility-bills/UtilityBillsDownloadPage')),
  ChangePassword: accountPage('ChangePasswordPage'),
  ChangeEmail: accountPage('ChangeEmailPage'),
  // Issue 24: a chunk of its own (the QR code and the passkey calls stay out of the other account pages).
  TwoStep: withPageStrings(() => import('@/pages/account/TwoStepPage')),
  // Issue 48: opened rarely, so kept out of the password and email pages' chunk.
  SignedInDevices: withPageStrings(() => import('@/pages/account/SignedInDevicesPage')),
  // Public pages.
  // The first paint: its strings are in the catalogue's first part.
  Login: () => import('@/pages/login/LoginPage'),
  ForgetPassword: mailLinkPage('ForgetPasswordPage'),
  ResetPassword: mailLinkPage('ResetPasswordPage'),
  InitAccount: mailLinkPage('InitAccountPage'),
  VerifyEmail: mailLinkPage('VerifyEmailPage'),
  VerifyMerchantUser: mailLinkPage('VerifyMerchantUserPage'),
  InitMerchantAccount: mailLinkPage('InitMerchantAccountPage'),
  Loading: loading,
  MobileError: mobileError,
  MobileCancel: mobileCancel,
};

/** Pages the guard renders outside the route tables. */
export const SPECIAL_PAGE_LOADERS: Readonly<Record<SpecialPage, PageLoader>> = {
  NotFound: publicPage(() => import('@/pages/not-found/NotFoundPage')),
  Intermediary: publicPage(() => import('@/pages/intermediary/IntermediaryPage')),
  IntermediaryReturnApp: publicPage(() => import('@/pages/intermediary/IntermediaryReturnAppPage')),
};

/** The route's page, mounted in slices (inSlices). */
export function pageLoader(name: string): PageLoader {
  const loader = PAGE_LOADERS[name];
  if (!loader) throw new Error(`no page is mapped to route ${name}`);
  return inSlices(loader);
}
