/** Pieces the prescription page and its receipt share: a labelled detail, the letterhead, the price breakdown. */
import { Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { Clinic, PrintedPrescription } from './usePrescriptionPrint';

export function Detail({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

/** The clinic's name, address and phone above a rule, with the date on the right. */
function Letterhead({ clinic, date }: { clinic: Clinic; date: string }) {
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={1} size="h2">
            {clinic.name}
          </Title>
          {clinic.address && <Text size="sm">{clinic.address}</Text>}
          {clinic.phone && <Text size="sm">Phone {clinic.phone}</Text>}
        </Stack>
        <Text size="sm">{date}</Text>
      </Group>
      <Divider color="dark" />
    </>
  );
}

/** The letterhead and the sheet's title ("Prescription: …", "Receipt: …"). */
export function SheetHeading({
  what,
  clinic,
  printed,
}: {
  what: string;
  clinic: Clinic;
  printed: PrintedPrescription;
}) {
  return (
    <>
      <Letterhead clinic={clinic} date={printed.date} />
      <Title order={2} size="h4">
        {what}: {printed.title}
      </Title>
    </>
  );
}

/** The formula's lines with their prices, then the breakdown down to the total. */
export function PricedLines({ printed }: { printed: PrintedPrescription }) {
  return (
    <Table withTableBorder aria-label="Formula">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Herb or product</Table.Th>
          <Table.Th ta="right">Quantity</Table.Th>
          <Table.Th>Notes</Table.Th>
          <Table.Th ta="right">Price</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {printed.lines.map((line, index) => (
          <Table.Tr key={index}>
            <Table.Td>{line.name}</Table.Td>
            <Table.Td ta="right">{line.quantity}</Table.Td>
            <Table.Td>{line.notes}</Table.Td>
            <Table.Td ta="right">{line.price}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        {printed.price.map((row, index) => {
          const last = index === printed.price.length - 1;
          return (
            <Table.Tr key={row.label} data-price={row.label}>
              <Table.Th fw={last ? 700 : 500}>{last ? 'Total' : row.label}</Table.Th>
              <Table.Th ta="right">{last ? printed.totalQuantity : ''}</Table.Th>
              <Table.Th />
              <Table.Th ta="right" fw={last ? 700 : 500}>
                {row.text}
              </Table.Th>
            </Table.Tr>
          );
        })}
      </Table.Tfoot>
    </Table>
  );
}
