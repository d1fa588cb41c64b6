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
