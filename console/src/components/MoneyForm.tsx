import '@mantine/core/styles/Paper.css';
import type { FormErrors } from '@mantine/form';
import type { ReactNode } from 'react';
import { loadCallSchemas } from '@/api/client';
import { fieldRefusal, isJapanese } from './accountErrors';
import { RewritingInput } from './RewritingInput';
import { amountTyping, isAmountSeparator } from './typedNumber';

/*
 * The form step of the forms that move money (refund, reload, payment to another merchant), in a
 * FormCard: the amount field, and how refusals and the contract's rules reach their fields.
 * Their values live in a `useForm` (@mantine/form) above the step, so going back from the confirm
 * step keeps them.
 */

interface AmountFieldProps {
  id: string;
  label: string;
  description: string;
  value: string;
  onChange: (value: string) => void;
  error: ReactNode;
  maw?: number;
}

/**
 * An amount as Japanese users type it: full-width digits, 円 or ￥, commas (typedNumber). The field
 * shows it parsed as it is typed (「１，０００円」 → 「1,000」), the caret kept in place.
 */
export function AmountField({ id, label, description, value, onChange, error, maw = 420 }: AmountFieldProps) {
  return (
    <RewritingInput
      id={id}
      label={label}
      description={description}
      value={value}
      onValueChange={onChange}
      rewrite={amountTyping}
      ignorable={isAmountSeparator}
      inputMode="numeric"
      autoComplete="off"
      error={error}
      required
      maw={maw}
    />
  );
}

/** A problem per field, as shown (only fields with one). */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * A 400 refusal naming one of the form's fields (`fieldOf` maps the body's field to the form's), as
 * that field's problem: the server's Japanese message, else `fallback`. Null for any other failure.
 */
export function refusedFieldErrors<Field extends string>(
  error: unknown,
  fieldOf: Readonly<Record<string, Field>>,
  fallback: string,
): FieldErrors<Field> | null {
  const refusal = fieldRefusal(error);
  const field = refusal ? fieldOf[refusal.field] : undefined;
  if (!refusal || !field) return null;
  return { [field]: refusal.message ?? fallback } as FieldErrors<Field>;
}

/** The money-moving calls whose body a money form checks with the contract's schema. */
export type MoneyCall = 'confirmRefund' | 'createReload' | 'createMerchantPayment';

/**
 * Checks the body the form built with the contract's schema of the call, so the contract's rules
 * and limits apply as the server applies them: each issue becomes the problem of its field
 * (`fieldOf` maps the body's fields to the form's; `otherField` takes the rest), worded by the
 * contract in Japanese (`fallback` where the contract left zod's English default). The schemas
 * load with the call schemas (zod with them), not in the page chunk; when they cannot load, nothing
 * is said here and the request itself reports the failure.
 */
export async function contractFieldErrors<Field extends string>(
  call: MoneyCall,
  body: object,
  fieldOf: Readonly<Record<string, Field>>,
  otherField: Field,
  fallback: string,
): Promise<FieldErrors<Field>> {
  let schemas: Awaited<ReturnType<typeof loadCallSchemas>>;
  try {
    schemas = await loadCallSchemas();
  } catch {
    return {};
  }
  const parsed = schemas.CALLS[call].body.safeParse(body);
  if (parsed.success) return {};
  const errors: FieldErrors<Field> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf[String(issue.path[0])] ?? otherField;
    errors[field] ??= isJapanese(issue.message) ? issue.message : fallback;
  }
  return errors;
}

/** Whether any field has a problem. */
export const hasFieldErrors = (errors: FormErrors): boolean => Object.values(errors).some(Boolean);
