import { Box, Text } from 'ink';

export interface Column<T> {
  header: string;
  cell: (row: T) => string;
  align?: 'left' | 'right';
  color?: (row: T) => string | undefined;
}

const GAP = 2;

/** The last column wraps inside itself, but never narrower than this (or its widest cell). */
const LAST_MIN = 24;

/**
 * A plain table: every column but the last is as wide as its widest cell; the last one takes the
 * rest of the line and wraps inside itself, so long text never breaks the columns. On a terminal too
 * narrow for the other columns (or a pipe, which Ink measures as 80 columns) the line runs long instead
 * of squeezing the last column to a letter a line.
 */
export function Table<T>({ columns, rows }: { columns: Column<T>[]; rows: T[] }) {
  const cells = rows.map((r) => columns.map((c) => c.cell(r)));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((row) => row[i].length)));
  const last = columns.length - 1;
  // The gap is spaces in the text, not box width, so that a line too long for the terminal keeps it.
  const pad = (text: string, i: number) =>
    i === last
      ? text
      : (columns[i].align === 'right' ? text.padStart(widths[i]) : text.padEnd(widths[i])) + ' '.repeat(GAP);
  const box = (i: number) =>
    i === last
      ? { flexGrow: 1, flexShrink: 1, minWidth: Math.min(widths[i], LAST_MIN) }
      : { width: widths[i] + GAP, flexShrink: 0 };
  return (
    <Box flexDirection="column">
      <Box>
        {columns.map((c, i) => (
          <Box key={c.header} {...box(i)}>
            <Text bold>{pad(c.header, i)}</Text>
          </Box>
        ))}
      </Box>
      {rows.map((r, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own here
        <Box key={j}>
          {columns.map((c, i) => (
            <Box key={c.header} {...box(i)}>
              <Text color={c.color?.(r)}>{pad(cells[j][i], i)}</Text>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
