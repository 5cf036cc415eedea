import '@blueprintjs/table/lib/css/table.css';
import './data-table.css';
import { Spinner } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, SelectionModes, Table2 } from '@blueprintjs/table';
import { type CSSProperties, type HTMLAttributes, type ReactNode, useEffect, useRef, useState } from 'react';

export interface DataColumn<T> {
  title: string;
  /** Fixed width in px; the columns without one share what is left. */
  width?: number;
  /** Content pushed to the right edge (action buttons). */
  alignEnd?: boolean;
  render: (row: T) => ReactNode;
}

type RowProps = HTMLAttributes<HTMLDivElement> & { [data: `data-${string}`]: string | undefined };

export interface DataTableProps<T> {
  columns: DataColumn<T>[];
  rows: readonly T[];
  rowTestId: string;
  /** More attributes of a row: a class for its look, `data-*` that styles and tests read. */
  rowProps?: (row: T) => RowProps;
  rowHeight?: number;
  loading: boolean;
  /** Asked for the next page when the last rows come into view; the caller knows whether there is one. */
  onLoadMore?: () => void;
  /** Shown instead of the table when there is nothing to show and nothing loading. */
  empty: ReactNode;
  testId?: string;
}

const FLEX_MIN_WIDTH = 120;
const SCROLLBAR = 16;
/** Header height, rounded up: decides whether the rows overflow and a vertical scrollbar takes room. */
const HEADER_HEIGHT = 40;
/** About the old tables' 100 px from the bottom. */
const NEAR_END_ROWS = 3;

/** The size of an element, following it as the window or the layout changes. */
function useSize() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}

/**
 * A table for lists that can hold thousands of rows: `@blueprintjs/table` mounts only the rows in view.
 * It has one Blueprint column whose cell lays a whole row out on a CSS grid, so that each row stays one
 * element carrying its testid, its attributes and all of its cells, as the HTML tables' `<tr>` did.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowHeight = 40, loading } = props;
  const [ref, size] = useSize();
  const grid: CSSProperties = {
    gridTemplateColumns: columns
      .map((c) => (c.width ? `${c.width}px` : `minmax(${FLEX_MIN_WIDTH}px, 1fr)`))
      .join(' '),
  };
  const minWidth = columns.reduce((sum, c) => sum + (c.width ?? FLEX_MIN_WIDTH), 0);
  const overflows = HEADER_HEIGHT + rows.length * rowHeight > size.height;
  const width = Math.max(minWidth, size.width - (overflows ? SCROLLBAR : 0));

  // The table reports the visible rows while it renders: the next page is asked for after that render.
  const latest = useRef(props);
  latest.current = props;
  const onVisibleCellsChange = ({ rowIndexEnd }: { rowIndexEnd: number }) =>
    queueMicrotask(() => {
      const { rows, onLoadMore } = latest.current;
      if (rows.length > 0 && rowIndexEnd >= rows.length - NEAR_END_ROWS) onLoadMore?.();
    });

  /** One line of the grid: the header's titles or a row's cells. */
  const line = (
    role: 'columnheader' | 'cell',
    cell: (c: DataColumn<T>) => ReactNode,
    attributes?: RowProps,
  ) => (
    // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: a <tr> cannot sit in Blueprint's positioned cells; the rows hold their own buttons
    <div role="row" {...attributes} className={`data-table-row ${attributes?.className ?? ''}`} style={grid}>
      {columns.map((c) => (
        <div key={c.title} role={role} className={c.alignEnd ? 'data-table-cell is-end' : 'data-table-cell'}>
          {cell(c)}
        </div>
      ))}
    </div>
  );
  const header = () => <ColumnHeaderCell nameRenderer={() => line('columnheader', (c) => c.title)} />;
  const row = (index: number) => {
    const item = rows[index] as T;
    return (
      <Cell interactive truncated={false} wrapText className="data-table-row-cell">
        {line('cell', (c) => c.render(item), {
          ...props.rowProps?.(item),
          'data-testid': props.rowTestId,
          'aria-rowindex': index + 2, // the header is row 1
        })}
      </Cell>
    );
  };

  return (
    <div ref={ref} className="data-table" data-testid={props.testId}>
      {rows.length > 0 && size.width > 0 && (
        // Only the rows in view are in the DOM: the count tells assistive technology how many there are.
        // biome-ignore lint/a11y/useSemanticElements: Blueprint's table is made of <div>s
        <div role="table" aria-rowcount={rows.length + 1} className="data-table-grid">
          <Table2
            className="bp6-table-striped"
            numRows={rows.length}
            defaultRowHeight={rowHeight}
            columnWidths={[width]}
            enableRowHeader={false}
            enableFocusedCell={false}
            enableGhostCells={false}
            enableColumnResizing={false}
            enableRowResizing={false}
            selectionModes={SelectionModes.NONE}
            onVisibleCellsChange={onVisibleCellsChange}
            cellRendererDependencies={[rows, columns]}
          >
            <Column columnHeaderCellRenderer={header} cellRenderer={row} />
          </Table2>
        </div>
      )}
      {!loading && rows.length === 0 && props.empty}
      {loading && <Spinner size={24} className={rows.length > 0 ? 'data-table-more' : undefined} />}
    </div>
  );
}
