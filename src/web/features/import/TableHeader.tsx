/** A table's header row from its column titles (the wizard's two tables). */
import { Table } from '@mantine/core';

export function TableHeader({ titles }: { titles: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {titles.map((title) => (
          <Table.Th key={title}>{title}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
