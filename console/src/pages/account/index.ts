/** The signed-in user's account pages, one chunk (see pages/mail-link/index.ts). */
export { default as ChangeEmailPage } from './ChangeEmailPage';
export { default as ChangePasswordPage } from './ChangePasswordPage';
