import type { HTMLAttributes, ReactNode } from 'react';

/** A column of a {@link RecordTable}. */
export interface TableColumn<R> {
  key: string;
  /** Its heading, and each cell's `data-label`: on a phone a row becomes a card whose cells name their column. */
  header: string;
  cell: (row: R, index: number) => ReactNode;
  /** The cell that names the row (`<th scope="row">`, no label of its own). */
  rowHeader?: boolean;
  /**
   * The row's buttons: the heading is read by screen readers only and the cells carry no label
   * (`className` goes on the cells only, the area's `…__actions`).
   */
  actions?: boolean;
  /** On the heading and the cells (`num`, `money-table__amount`). */
  className?: string;
  /** What the column's cell in the totals row shows (with `totals`). */
  total?: ReactNode;
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | number | boolean | undefined>;

export interface RecordTableProps<R> {
  columns: TableColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => string | number;
  /** The area's table class (`booking-table`, `ops-table`, `money-table`…): its look and its phone layout. */
  className: string;
  testId?: string;
  /** Said to screen readers only (`<caption class="visually-hidden">`). */
  caption?: string;
  /** Attributes of a row (`data-status`, `data-payment`…), which tests and styles read. */
  rowProps?: (row: R, index: number) => RowAttributes;
  /** A row of its own in place of the columns' cells (a row with its own dialogs and state). */
  renderRow?: (row: R, index: number) => ReactNode;
  /** A totals row at the foot: this heading, then each column's `total`. */
  totals?: string;
}

/**
 * A record's table, written once: the heading row, a `data-label` on each cell for the phone
 * layout (each area's CSS turns a row into a card), a screen-reader-only heading over the buttons,
 * and an optional totals row. Lists with paging, sorting and filters use `ListPage` instead.
 */
export function RecordTable<R>({ columns, rows, rowKey, className, testId, caption, rowProps, renderRow, totals }: RecordTableProps<R>) {
  return (
    <table className={className} data-testid={testId}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" className={c.actions ? undefined : c.className}>
              {c.actions ? <span className="visually-hidden">{c.header}</span> : c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) =>
          renderRow ? (
            renderRow(r, i)
          ) : (
            <tr key={rowKey(r, i)} {...rowProps?.(r, i)}>
              {columns.map((c) => <TableCell key={c.key} column={c} content={c.cell(r, i)} />)}
            </tr>
          ),
        )}
      </tbody>
      {totals !== undefined && (
        <tfoot>
          <tr>
            <th scope="row">{totals}</th>
            {columns.slice(1).map((c) => <TableCell key={c.key} column={c} content={c.total ?? ''} />)}
          </tr>
        </tfoot>
      )}
    </table>
  );
}

/** One cell of a column: the row's heading, a button cell, or a labelled cell. */
export function TableCell<R>({ column: c, content }: { column: TableColumn<R>; content: ReactNode }) {
  if (c.rowHeader) return <th scope="row" className={c.className}>{content}</th>;
  if (c.actions) return <td className={c.className}>{content}</td>;
  return (
    <td data-label={c.header} className={c.className}>
      {content}
    </td>
  );
}

/** The column of a row's buttons (`header` is read by screen readers only; `className` is the area's `…__actions`). */
export function actionsColumn<R>(header: string, className: string, cell: (row: R, index: number) => ReactNode): TableColumn<R> {
  return { key: 'actions', header, actions: true, className, cell };
}
