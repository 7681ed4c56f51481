/**
 * The patient's "Prescriptions and letters" tab: slots `patient_prescriptions` and
 * `patient_letters` of patients, each a table of the patient's rows linking to them, "Show all"
 * when there are more, and a button that starts a new one (usePatientHistory holds the logic).
 * Each prescription shows its formula and dose under its title (usePrescriptionFormulas).
 */
import { Anchor, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { fieldOf, type FieldDefinition } from '../../../shared/entities';
import { useCompanySettings } from '../../theme/useCompanySettings';
import { showValue } from '../model/format';
import { idOf } from '../model/rows';
import { rowUri } from '../model/routes';
import type { Row } from '../model/types';
import {
  emptyText,
  LETTER_KIND,
  PRESCRIPTION_KIND,
  refusedText,
  shownText,
  type PatientRecordKind,
} from './patientRecordKinds';
import type { SlotProps } from './extraViews';
import classes from './PatientHistory.module.css';
import { usePatientHistory } from './usePatientHistory';
import { usePrescriptionFormulas } from './usePrescriptionFormulas';

export function PatientPrescriptions(props: SlotProps) {
  const describe = usePrescriptionFormulas(Number(props.rowId));
  return <PatientRecords kind={PRESCRIPTION_KIND} describe={describe} {...props} />;
}

export const PatientLetters = (props: SlotProps) => (
  <PatientRecords kind={LETTER_KIND} {...props} />
);

/** A line under a row's title (a prescription's formula and dose), or null. */
type Describe = (row: Row) => string | null;

function PatientRecords({
  kind,
  rowId,
  row,
  describe,
}: SlotProps & { kind: PatientRecordKind; describe?: Describe }) {
  const history = usePatientHistory(kind, rowId, row);
  const more = shownText(history.rows.length, history.total);
  return (
    <Stack gap="sm" data-slot={`patient_${kind.plural}`}>
      <RecordsBody kind={kind} history={history} describe={describe} />
      {more && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {more}
          </Text>
          {history.showAll && (
            <Anchor component={Link} to={history.showAll.to} size="sm">
              {history.showAll.label}
            </Anchor>
          )}
        </Group>
      )}
      {history.mayInsert && (
        <Group>
          <Button
            variant="light"
            size="xs"
            loading={history.creating}
            onClick={() => void history.create()}
          >
            {kind.newLabel}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

type History = ReturnType<typeof usePatientHistory>;

/** The rows, or why there are none to show. */
function RecordsBody({
  kind,
  history,
  describe,
}: {
  kind: PatientRecordKind;
  history: History;
  describe?: Describe | undefined;
}) {
  const note = (text: string, colour = 'dimmed') => (
    <Text size="sm" c={colour}>
      {text}
    </Text>
  );
  if (!history.mayList) return note(refusedText(kind));
  if (history.loading) return <Loader size="sm" aria-label={`Loading ${kind.plural}`} />;
  if (history.failed) return note(`The ${kind.plural} could not be loaded.`, 'negative');
  if (history.rows.length === 0) return note(emptyText(kind));
  return <RecordTable kind={kind} rows={history.rows} describe={describe} />;
}

/** Phones show the columns after the title under it, as the entity lists do. */
function RecordTable({
  kind,
  rows,
  describe,
}: {
  kind: PatientRecordKind;
  rows: readonly Row[];
  describe?: Describe | undefined;
}) {
  const { unitSystem, currency, timeZone } = useCompanySettings();
  const { definition } = kind;
  const [date, title, ...details] = [kind.dateField, ...kind.columns].flatMap((name) => {
    const field = fieldOf(definition, name);
    return field ? [field] : [];
  });
  if (!date || !title) return null;
  const show = (field: FieldDefinition, row: Row) =>
    showValue(field, row, { system: unitSystem, currency, timeZone });
  const align = (field: FieldDefinition) => (field.money ? 'right' : undefined);
  return (
    <Table aria-label={definition.title} verticalSpacing={6} highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{date.label}</Table.Th>
          <Table.Th>{title.label}</Table.Th>
          {details.map((field) => (
            <Table.Th key={field.name} visibleFrom="sm" ta={align(field)}>
              {field.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const id = idOf(definition, row) ?? 0;
          const summary = details
            .map((field) => show(field, row))
            .filter(Boolean)
            .join(' · ');
          const described = describe?.(row);
          return (
            <Table.Tr key={id}>
              <Table.Td className={classes.date}>{show(date, row)}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={rowUri(definition.entities, id)} size="sm">
                  {show(title, row) || `${definition.singular} ${id}`}
                </Anchor>
                {described && (
                  <Text size="xs" data-formula>
                    {described}
                  </Text>
                )}
                {summary && (
                  <Text hiddenFrom="sm" size="xs" c="dimmed">
                    {summary}
                  </Text>
                )}
              </Table.Td>
              {details.map((field) => (
                <Table.Td key={field.name} visibleFrom="sm" ta={align(field)}>
                  {show(field, row)}
                </Table.Td>
              ))}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
