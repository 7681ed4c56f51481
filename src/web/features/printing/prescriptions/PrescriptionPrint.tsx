/** `/printing/prescriptions/:id`: the prescription on an A4 page with the company letterhead. */
import { Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { PrintFrame } from './PrintFrame';
import { usePrescriptionPrint, type PrintedPrescription } from './usePrescriptionPrint';

export function PrescriptionPrint() {
  const { printed, failed, companyName } = usePrescriptionPrint();
  return (
    <PrintFrame
      what="Prescription (A4)"
      className="materia-print-page"
      ready={printed !== null}
      failed={failed}
    >
      {printed && <PrescriptionPage printed={printed} companyName={companyName} />}
    </PrintFrame>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
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

function PrescriptionPage({
  printed,
  companyName,
}: {
  printed: PrintedPrescription;
  companyName: string;
}) {
  return (
    <Stack gap="md" data-print="prescription">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {companyName}
        </Title>
        <Text size="sm">{printed.date}</Text>
      </Group>
      <Divider color="dark" />
      <Title order={2} size="h4">
        Prescription: {printed.title}
      </Title>
      <Stack gap={2}>
        <Detail label="Patient" value={printed.patient} />
        <Detail label="Practitioner" value={printed.practitioner} />
        <Detail label="Date" value={printed.date} />
        <Detail label="Form" value={printed.form} />
      </Stack>
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
          <Table.Tr>
            <Table.Th>Total</Table.Th>
            <Table.Th ta="right">{printed.totalQuantity}</Table.Th>
            <Table.Th />
            <Table.Th ta="right">{printed.total}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      <Stack gap={2}>
        <Title order={3} size="h5">
          Dose
        </Title>
        {printed.dose && <Text style={{ whiteSpace: 'pre-wrap' }}>{printed.dose}</Text>}
        <Detail label="Per day" value={printed.dailyDose} />
        <Detail label="Days" value={printed.days} />
      </Stack>
      {printed.notes && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {printed.notes}
        </Text>
      )}
    </Stack>
  );
}
