import { type BoxProps, Table, type TableProps, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import reflow from './ReflowTable.module.css';

/** One column of a ReflowTable. */
export interface ReflowColumn<Row> {
  /** The column's header text: the `<th scope="col">`, and each cell's label when rows are cards. */
  header: string;
  /** The cell's content for one row. */
  cell: (row: Row, index: number) => ReactNode;
  /** The cell names its row (`<th scope="row">`) instead of being a data cell. */
  rowHeader?: boolean;
  /**
   * The header is for screen readers only (a column of buttons that name themselves, e.g. "Actions"):
   * not drawn in the header row, nor above the cell when rows are cards.
   */
  headerHidden?: boolean;
  /** Style props for the cell (e.g. `fw`, `miw`, `c`), per row. */
  cellProps?: (row: Row, index: number) => Pick<BoxProps, 'fw' | 'miw' | 'c'>;
}

/** Attributes put on a row's `<tr>`: `data-*` only (test ids, states for styling). */
export type ReflowRowAttributes = Record<`data-${string}`, string | undefined>;

export interface ReflowTableProps<Row> extends Omit<TableProps, 'children' | 'data'> {
  columns: readonly ReflowColumn<Row>[];
  rows: readonly Row[];
  /** A key unique among the rows. */
  rowKey: (row: Row, index: number) => string | number;
  /** `data-*` attributes for a row's `<tr>`. */
  rowAttributes?: (row: Row, index: number) => ReflowRowAttributes;
  /** The table's caption, if it has one (else name it with `aria-labelledby`). */
  caption?: ReactNode;
}

/**
 * A data table that reflows into one card per row below 48em (docs/student-experience.md, "Tables reflow
 * into cards"): a real `<table>` with a header row of `<th scope="col">` at every width, and each cell
 * carrying its column's header (unless hidden) as `data-label`, which ReflowTable.module.css draws above the value when
 * rows are cards. So every value stays visible and labelled at 375 px, without cut columns or sideways
 * scrolling. The drawn label is hidden from assistive technology (CSS generated content with empty
 * alternative text), and the elements carry their table roles explicitly because `display: block` makes
 * some browsers drop a table's semantics: a screen reader announces each value once, with its column
 * header from the table, at every width. Other Table props (striped, aria-labelledby, data-testid …) are passed to the `<table>`.
 */
export function ReflowTable<Row>({
  columns,
  rows,
  rowKey,
  rowAttributes,
  caption,
  className,
  ...tableProps
}: ReflowTableProps<Row>) {
  return (
    <Table
      role="table"
      {...tableProps}
      className={className ? `${reflow.reflow} ${className}` : reflow.reflow}
    >
      {caption !== undefined && <Table.Caption>{caption}</Table.Caption>}
      <Table.Thead role="rowgroup">
        <Table.Tr role="row">
          {columns.map((c) => (
            <Table.Th key={c.header} scope="col" role="columnheader">
              {c.headerHidden ? <VisuallyHidden>{c.header}</VisuallyHidden> : c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody role="rowgroup">
        {rows.map((row, i) => (
          <Table.Tr key={rowKey(row, i)} role="row" {...rowAttributes?.(row, i)}>
            {columns.map((c) => {
              const props = { ...c.cellProps?.(row, i), 'data-label': c.headerHidden ? undefined : c.header };
              return c.rowHeader ? (
                <Table.Th key={c.header} scope="row" role="rowheader" {...props}>
                  {c.cell(row, i)}
                </Table.Th>
              ) : (
                <Table.Td key={c.header} role="cell" {...props}>
                  {c.cell(row, i)}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
