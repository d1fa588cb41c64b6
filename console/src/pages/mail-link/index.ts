/**
 * The pages of the mailed links and of /forget, one chunk: they are small, share their forms and
 * views, and each page chunk costs the first load of /login its name in the preload table.
 */
import ForgetPassword from './ForgetPasswordPage';
import InitAccount from './InitAccountPage';
import InitMerchantAccount from './InitMerchantAccountPage';
import ResetPassword from './ResetPasswordPage';
import VerifyEmail from './VerifyEmailPage';
import VerifyMerchantUser from './VerifyMerchantUserPage';
import { withQueryClient } from './withQueryClient';

export const ForgetPasswordPage = withQueryClient(ForgetPassword);
export const InitAccountPage = withQueryClient(InitAccount);
export const InitMerchantAccountPage = withQueryClient(InitMerchantAccount);
export const ResetPasswordPage = withQueryClient(ResetPassword);
export const VerifyEmailPage = withQueryClient(VerifyEmail);
export const VerifyMerchantUserPage = withQueryClient(VerifyMerchantUser);
