import { useState } from 'react';

/**
 * The steps of a form that moves money: the form, its confirm step (what was confirmed, with the
 * request's Idempotency-Key), then the result.
 */
export type MoneyStep<Confirmed extends object, Result> =
  | { kind: 'form' }
  | ({ kind: 'confirm'; idempotencyKey: string } & Confirmed)
  | { kind: 'done'; result: Result };

export type ConfirmStepOf<S> = Extract<S, { kind: 'confirm' }>;

/**
 * The step of a money-moving form. Each confirm step gets a fresh key: a retry of its final button
 * reuses it, so the server moves the money once; going back and confirming again is a new request.
 */
export function useMoneySteps<Confirmed extends object, Result>() {
  const [step, setStep] = useState<MoneyStep<Confirmed, Result>>({ kind: 'form' });
  return {
    step,
    confirm: (confirmed: Confirmed) =>
      setStep({ kind: 'confirm', ...confirmed, idempotencyKey: crypto.randomUUID() } as MoneyStep<Confirmed, Result>),
    back: () => setStep({ kind: 'form' }),
    done: (result: Result) => setStep({ kind: 'done', result }),
  };
}
