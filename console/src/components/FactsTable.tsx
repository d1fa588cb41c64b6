import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** One row: its label and what it says. */
export type Fact = readonly [label: string, value: ReactNode];

type Named = { 'aria-labelledby': string } | { 'aria-label': string };

/**
 * Label / value rows (a confirm step before money moves, an invoice's summary) as one vertical table,
 * figures in tabular digits, long values wrapped.
 */
export function FactsTable({
  rows,
  labelWidth = 220,
  ...name
}: { rows: readonly Fact[]; labelWidth?: number } & Named) {
  return (
    <Table variant="vertical" withTableBorder layout="fixed" {...name}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={labelWidth}>{label}</Table.Th>
            <Table.Td style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
