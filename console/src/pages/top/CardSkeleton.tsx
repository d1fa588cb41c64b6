import { Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';

/** How many placeholder rows a list card sketches while it loads. */
export const PLACEHOLDER_ROWS = {
  /** The service's coins: a merchant's wallet holds a balance row of each. */
  balances: 3,
  /** Coins with refunds waiting: mostly the one refundable coin a merchant takes. */
  refunds: 1,
  /** The fee months the card asks for (the server answers at most twelve). */
  fees: 12,
  notices: 3,
} as const;

/** A day that formats like any other: what placeholder dates show (never seen, under the skeleton). */
export const PLACEHOLDER_INSTANT = '2000-01-01T00:00:00.000Z';

/**
 * The loading placeholder of a /top card, exactly the size of its content: the card's own content drawn
 * from a placeholder answer of the usual length, hidden under one skeleton block. The stacked cards keep
 * their place as the answers arrive (CLS on the mobile profile); the placeholder is neither read out
 * nor focusable, nor found by text.
 */
export function CardSkeleton({ children }: { children: ReactNode }) {
  return (
    <Skeleton inert aria-hidden>
      <div style={{ visibility: 'hidden' }}>{children}</div>
    </Skeleton>
  );
}
