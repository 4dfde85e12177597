import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { tableRecipe } from '../../lib/theme';

interface Props<C extends string> {
  testId: string;
  columns: readonly C[];
  /** A column's heading. */
  heading: (column: C) => string;
  /** The one row an empty table shows, or null when there are rows. */
  empty: ReactNode;
  emptyTestId?: string;
  /** Space above and below the empty row's text. */
  emptyPy?: number;
  /** The rows. */
  children: ReactNode;
}

/** The console's list: a white, bordered, sideways-scrolling table with one-line headings. */
export function AdminTable<C extends string>({ testId, columns, heading, empty, emptyTestId, emptyPy = 8, children }: Props<C>) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="white">
      <Table.Root recipe={tableRecipe} size="sm" data-testid={testId}>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c} whiteSpace="nowrap">
                {heading(c)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {empty ? (
            <Table.Row>
              <Table.Cell colSpan={columns.length} textAlign="center" color="fg.muted" py={emptyPy} data-testid={emptyTestId}>
                {empty}
              </Table.Cell>
            </Table.Row>
          ) : null}
          {children}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
