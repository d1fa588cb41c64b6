import { describe, expect, it } from 'vitest';
import { loginTarget, validateLogin } from './loginForm';

describe('login form', () => {
  it.each([
    { email: '', password: '', errors: { email: 'required', password: 'required' } },
    { email: '  ', password: 'x', errors: { email: 'required', password: null } },
    { email: 'owner', password: 'x', errors: { email: 'format', password: null } },
    { email: 'owner@example.com', password: '', errors: { email: null, password: 'required' } },
    { email: ' owner@example.com ', password: 'x', errors: { email: null, password: null } },
  ])('validates $email / $password', ({ email, password, errors }) => {
    expect(validateLogin({ email, password })).toEqual(errors);
  });

  it('goes to InvoicePayment keeping the query when it names an invoice, else to Top', () => {
    expect(loginTarget({ invoice_id: 'INV-1', authError: 'true', x: '1' })).toEqual({
      path: '/invoicePayment',
      query: { invoice_id: 'INV-1', x: '1' },
    });
    expect(loginTarget({ authError: 'true' })).toEqual({ path: '/top', query: {} });
    expect(loginTarget({})).toEqual({ path: '/top', query: {} });
  });
});
