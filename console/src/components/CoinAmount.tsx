import { formatCoin } from '@/format';
import { TwoLineCell } from './TwoLineCell';

/** A list cell's amount with its coin's name under it. */
export function CoinAmount({ amount, coin }: { amount: number; coin: string }) {
  return <TwoLineCell main={formatCoin(amount)} sub={coin} />;
}
