import type { FormErrors } from '@mantine/form';
import { useEffect } from 'react';
import type { ZodType } from 'zod';

/*
 * The account forms' validation, loading the contract's zod schemas (accountFormSchemas.ts) in a
 * chunk of their own: page chunks stay free of zod, as the API's call schemas do. The module starts
 * loading when the form mounts, so a submit rarely waits; `useForm` takes the asynchronous result.
 */
type AccountSchemas = typeof import('./accountFormSchemas');

const load = (): Promise<AccountSchemas> => import('./accountFormSchemas');

/**
 * `useForm`'s `validate` from one of the account schemas:
 *
 *     const validate = useAccountRules((s) => s.changePasswordSchema(t, min));
 *     const form = useForm({ initialValues, validate });
 */
export function useAccountRules<Values>(
  pick: (schemas: AccountSchemas) => ZodType,
): (values: Values) => Promise<FormErrors> {
  useEffect(() => {
    void load();
  }, []);
  return (values) => load().then((schemas) => schemas.formErrors(pick(schemas), values));
}
