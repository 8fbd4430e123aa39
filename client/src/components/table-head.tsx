import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TableColumn {
  label: ReactNode;
  /** Money and figures: the heading stands right, over its right-aligned cells. */
  numeric?: boolean;
}

/** A table's heading row, one heading a column. */
export function TableHead({ columns }: { columns: TableColumn[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, index) => (
          <Table.Th key={index} ta={column.numeric ? 'right' : undefined}>
            {column.label}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
