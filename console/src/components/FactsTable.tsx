import { rem, Table } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './FactsTable.module.css';
import { keepValuesWhole } from './Value';

/** One row: its label and what it says. */
export type Fact = readonly [label: string, value: ReactNode];

type Named = { 'aria-labelledby': string } | { 'aria-label': string };

/** A label longer than this (in characters) goes above its value on a phone rather than beside it. */
export const LONG_LABEL = 10;

/**
 * Label / value rows (a confirm step before money moves, an invoice's summary) as one vertical table,
 * figures in tabular digits, values (wallet numbers, amounts, dates, ids) never broken across lines
 * (keepValuesWhole), long text wrapped. On a phone (a container query in FactsTable.module.css) the label
 * column takes what its labels need up to 35% and the value the rest, and a long label goes above its
 * value; a wider box keeps the label column at `labelWidth`.
 */
export function FactsTable({
  rows,
  labelWidth = 220,
  ...name
}: { rows: readonly Fact[]; labelWidth?: number } & Named) {
  const width = { '--facts-label-width': rem(labelWidth) } as CSSProperties;
  return (
    <div className={classes.container}>
      <Table
        variant="vertical"
        withTableBorder
        layout="fixed"
        className={classes.table}
        style={width}
        role="table"
        {...name}
      >
        <Table.Tbody className={classes.body} role="rowgroup">
          {rows.map(([label, value]) => (
            <Table.Tr
              key={label}
              className={classes.row}
              role="row"
              data-long-label={label.length > LONG_LABEL || undefined}
            >
              <Table.Th className={classes.label} role="rowheader" scope="row">
                {label}
              </Table.Th>
              <Table.Td className={classes.value} role="cell">
                {keepValuesWhole(value)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
