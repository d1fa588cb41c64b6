import { IDEMPOTENCY_KEY_HEADER, type ReloadBody } from '@coin/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './instance';
import { merchantQueries } from './merchants';
import { type PagedPeriodQuery, walletKeys, walletQueries } from './wallets';

/* Coin reloads (Reload): a merchant sells coins to a customer's wallet from its own stock. */

/** POST /merchants/{id}/reloads; a retry with the same key answers the first result. */
export const createReload = (merchantId: number, body: ReloadBody, idempotencyKey: string) =>
  api.call('createReload', {
    params: { id: merchantId },
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

export const reloadQueries = {
  /** The reloadable coins are the merchant response's `reloadable_coins`. */
  coins: (merchantId: number) => merchantQueries.detail(merchantId),
  /**
   * The reloads are the merchant wallet's RELOAD histories: the same call and cache entry as the
   * Transaction page's list with that type.
   */
  history: (walletNo: string, query: PagedPeriodQuery) =>
    walletQueries.histories(walletNo, { ...query, type: 'RELOAD' }),
};

/** A reload changes the merchant wallet's balances and its histories. */
export function useCreateReload(merchantId: number, walletNo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ReloadBody; idempotencyKey: string }) =>
      createReload(merchantId, body, idempotencyKey),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.detail(walletNo) }),
        queryClient.invalidateQueries({ queryKey: walletKeys.lists() }),
      ]),
  });
}
