/**
 * "Where did this batch go": every prescription and patient that received some of the batch, and
 * its ledger — in the batch editor (a slot) and as a page to print (`/printing/batches/:id`).
 */
import { Anchor, Button, Group, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { SlotProps } from '../../entity/extras/extraViews';
import { useBatchTrace } from './useBatchTrace';

/** The batch editor's slot, with a button that opens the page to print. */
export function BatchTrace({ rowId }: SlotProps) {
  const open = () => window.open(`/printing/batches/${rowId}`, '_blank', 'noopener');
  return (
    <BatchTraceView
      batchId={Number(rowId)}
      action={
        <Button variant="default" size="xs" onClick={open}>
          Print trace
        </Button>
      }
    />
  );
}

/** `/printing/batches/:id`: the trace alone, to print for a recall. */
export function BatchTracePrint() {
  const { id } = useParams();
  return (
    <BatchTraceView
      batchId={Number(id)}
      action={
        <Button className="materia-no-print" onClick={() => window.print()}>
          Print
        </Button>
      }
    />
  );
}

function BatchTraceView({ batchId, action }: { batchId: number; action: ReactNode }) {
  const trace = useBatchTrace(batchId);
  if (trace.failed) return <Text c="dimmed">The batch’s trace could not be loaded.</Text>;
  if (!trace.batch) return <Text c="dimmed">Loading…</Text>;
  return (
    <div data-testid="batch-trace">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          {trace.heading}
        </Title>
        {action}
      </Group>
      {trace.patients.length === 0 ? (
        <Text size="sm">No prescription has received this batch.</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label="Prescriptions that received this batch">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Patient</Table.Th>
                <Table.Th>Prescription</Table.Th>
                <Table.Th>Quantity</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trace.patients.map((p) => (
                <Table.Tr key={p.prescriptionId}>
                  <Table.Td>
                    {p.patientTo ? (
                      <Anchor component={Link} to={p.patientTo}>
                        {p.patient}
                      </Anchor>
                    ) : (
                      p.patient
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={p.prescriptionTo}>
                      {p.prescription}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{p.quantity}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={4} size="h6" mt="md" mb="xs">
        Ledger
      </Title>
      <Table aria-label="Ledger of this batch">
        <Table.Tbody>
          {trace.ledger.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>{m.at}</Table.Td>
              <Table.Td>{m.kind}</Table.Td>
              <Table.Td>{m.quantity}</Table.Td>
              <Table.Td>{m.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
