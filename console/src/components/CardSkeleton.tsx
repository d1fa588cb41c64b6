import { Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';

/** A day that formats like any other: what placeholder dates show (never seen, under the skeleton). */
export const PLACEHOLDER_INSTANT = '2000-01-01T00:00:00.000Z';

/**
 * The loading placeholder of a card (/top's, 出金情報's), the size of its content: the card's own content
 * drawn from a placeholder answer of the usual length, hidden under a skeleton block. The cards and the
 * list below them keep their place as the answers arrive (CLS on the mobile profile); the placeholder is
 * neither read out nor focusable, nor found by text. What does not depend on the answer (a note) may stay
 * outside it, shown as it will be.
 */
export function CardSkeleton({ children }: { children: ReactNode }) {
  return (
    <Skeleton inert aria-hidden>
      <div style={{ visibility: 'hidden' }}>{children}</div>
    </Skeleton>
  );
}
