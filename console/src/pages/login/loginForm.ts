import { NAMED_PATHS, type Query } from '@coin/contract';

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginFieldErrors = { email: 'required' | 'format' | null; password: 'required' | null };

// Deliberately loose: the server is the judge of an address; this catches typos only.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLogin(values: LoginValues): LoginFieldErrors {
  const email = values.email.trim();
  return {
    email: email === '' ? 'required' : EMAIL_PATTERN.test(email) ? null : 'format',
    password: values.password === '' ? 'required' : null,
  };
}

/** §2: after sign-in, InvoicePayment keeping the query when it names an invoice, else Top. */
export function loginTarget(query: Query): { path: string; query: Query } {
  if ('invoice_id' in query) {
    const { authError: _authError, ...kept } = query;
    return { path: NAMED_PATHS.InvoicePayment, query: kept };
  }
  return { path: NAMED_PATHS.Top, query: {} };
}
