import type { SpecialPage } from '@coin/contract';
import type { ComponentType } from 'react';

export interface PageProps {
  /** The intermediary action (special pages only). */
  action?: string;
}

export type PageModule = { default: ComponentType<PageProps> };
export type PageLoader = () => Promise<PageModule>;

const comingSoon: PageLoader = () => import('@/pages/coming-soon/ComingSoonPage');
const verification: PageLoader = () => import('@/pages/verification/VerificationPlaceholderPage');
const loading: PageLoader = () => import('@/pages/mobile/LoadingPage');
const mobileError: PageLoader = () => import('@/pages/mobile/MobileErrorPage');
const mobileCancel: PageLoader = () => import('@/pages/mobile/MobileCancelPage');

/**
 * Route name (of the contract's route tables) → lazily loaded page: the one place that says which
 * component a route shows. Each entry is its own chunk (route-level code splitting).
 */
export const PAGE_LOADERS: Readonly<Record<string, PageLoader>> = {
  // Signed-in pages.
  Top: () => import('@/pages/top/TopPage'),
  Transaction: comingSoon,
  RequestPayment: comingSoon,
  UrlPayment: comingSoon,
  InvoicePayment: comingSoon,
  QRCode: comingSoon,
  Coupon: comingSoon,
  BookTicketUseHistory: comingSoon,
  Subscriptions: comingSoon,
  AutomaticPaymentHistory: comingSoon,
  UtilityBillsQrHistories: comingSoon,
  Refund: comingSoon,
  RequestRefund: comingSoon,
  Reload: comingSoon,
  MerchantRebate: comingSoon,
  WithdrawalInfo: comingSoon,
  WithdrawalInfoMerchant: comingSoon,
  Merchant: comingSoon,
  MerchantRebateCoin: comingSoon,
  MerchantBankAccount: comingSoon,
  MerchantUser: comingSoon,
  DownloadFile: comingSoon,
  DownloadUtilityBillsData: comingSoon,
  ChangePassword: comingSoon,
  ChangeEmail: comingSoon,
  // Public pages.
  Login: () => import('@/pages/login/LoginPage'),
  ForgetPassword: verification,
  ResetPassword: verification,
  InitAccount: verification,
  VerifyEmail: verification,
  VerifyMerchantUser: verification,
  InitMerchantAccount: verification,
  Loading: loading,
  MobileError: mobileError,
  MobileCancel: mobileCancel,
};

/** Pages the guard renders outside the route tables. */
export const SPECIAL_PAGE_LOADERS: Readonly<Record<SpecialPage, PageLoader>> = {
  NotFound: () => import('@/pages/not-found/NotFoundPage'),
  Intermediary: () => import('@/pages/intermediary/IntermediaryPage'),
  IntermediaryReturnApp: () => import('@/pages/intermediary/IntermediaryReturnAppPage'),
};

export function pageLoader(name: string): PageLoader {
  const loader = PAGE_LOADERS[name];
  if (!loader) throw new Error(`no page is mapped to route ${name}`);
  return loader;
}
