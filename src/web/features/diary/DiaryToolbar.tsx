/**
 * The diary's controls: the period, the date, the view, columns, colours and filters. On a phone
 * the filters fold under a Filters button (with the number in use), so that the calendar starts
 * on the first screen.
 */
import {
  ActionIcon,
  Button,
  Collapse,
  Group,
  MultiSelect,
  ScrollArea,
  SegmentedControl,
  Select,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { downloadDaySheet } from '../diary-review/useDueForReview';
import { periodTitle, type DiaryView } from './diaryTime';
import { WEEK_PRACTITIONERS_MAX, type Diary } from './useDiary';

const idData = (rows: ReadonlyArray<{ id: number; name: string }>) =>
  rows.map((r) => ({ value: String(r.id), label: r.name }));
const idOf = (value: string | null) => (value ? Number(value) : null);

export function DiaryToolbar({ diary }: { diary: Diary }) {
  const { state, view } = diary;
  const [filtersOpen, filters] = useDisclosure(false);
  const filtersId = useId();
  const active = activeFilters(diary);
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Previous"
            onClick={() => state.step(-1)}
          >
            ‹
          </ActionIcon>
          <Button variant="default" onClick={state.today}>
            Today
          </Button>
          <ActionIcon variant="default" size="lg" aria-label="Next" onClick={() => state.step(1)}>
            ›
          </ActionIcon>
          <Title order={1} size={diary.phone ? 'h4' : 'h3'}>
            {periodTitle(view, state.date)}
          </Title>
        </Group>
        <Group gap="xs">
          <TextInput
            type="date"
            aria-label="Date"
            value={state.date}
            onChange={(e) => e.currentTarget.value && state.setDate(e.currentTarget.value)}
          />
          <SegmentedControl
            aria-label="View"
            value={view}
            onChange={(value) => state.setView(value as DiaryView)}
            data={[
              { value: 'day', label: 'Day' },
              ...(diary.phone ? [] : [{ value: 'week', label: 'Week' }]),
              { value: 'month', label: 'Month' },
            ]}
          />
          <Button onClick={diary.startBooking}>New appointment</Button>
          {diary.phone && (
            <Button
              variant="default"
              onClick={filters.toggle}
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
            >
              {active ? `Filters (${active})` : 'Filters'}
            </Button>
          )}
          {view === 'day' && state.practitionerId !== null && (
            // The chosen practitioner's day, printed: allergies, medicine and safety flags.
            <Button
              variant="default"
              onClick={() => void downloadDaySheet(state.practitionerId as number, state.date)}
            >
              Day sheet
            </Button>
          )}
        </Group>
      </Group>
      {diary.phone ? (
        <Collapse expanded={filtersOpen} id={filtersId}>
          <DiaryFilters diary={diary} />
        </Collapse>
      ) : (
        <DiaryFilters diary={diary} />
      )}
      {diary.phone && view === 'day' && diary.columnChoice.options.length > 1 && (
        <ScrollArea type="auto" offsetScrollbars>
          <SegmentedControl
            aria-label={state.columnsBy === 'room' ? 'Room shown' : 'Practitioner shown'}
            value={String(diary.columnChoice.value ?? '')}
            onChange={(value) => diary.setPhoneColumn(Number(value))}
            data={diary.columnChoice.options.map((c) => ({ value: String(c.id), label: c.title }))}
          />
        </ScrollArea>
      )}
    </>
  );
}

/** How many of the filters narrow what is shown (the practitioner(s), location, type). */
function activeFilters({ state, view }: Diary): number {
  const practitioners = view === 'day' ? state.practitionerId !== null : state.shownIds.length > 0;
  return [practitioners, state.locationId !== null, state.typeId !== null].filter(Boolean).length;
}

/** One "All" or one row of a reference list, as the filter's id (null = all). */
function IdFilter(props: {
  label: string;
  options: ReadonlyArray<{ id: number; name: string }>;
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  w: number;
}) {
  return (
    <Select
      label={props.label}
      placeholder="All"
      clearable
      data={idData(props.options)}
      value={props.value ? String(props.value) : null}
      onChange={(value) => props.onChange(idOf(value))}
      w={props.w}
    />
  );
}

/** Columns by practitioner or room, the practitioner(s), location and type, colour by status. */
function DiaryFilters({ diary }: { diary: Diary }) {
  const { state, reference, view } = diary;
  return (
    <Group gap="sm" align="end" wrap="wrap">
      {view === 'day' ? (
        <>
          <SegmentedControl
            aria-label="Columns"
            value={state.columnsBy}
            onChange={(value) => state.setColumnsBy(value === 'room' ? 'room' : 'practitioner')}
            data={[
              { value: 'practitioner', label: 'Practitioners' },
              { value: 'room', label: 'Rooms' },
            ]}
          />
          <IdFilter
            label="Practitioner"
            options={reference.practitioners}
            value={state.practitionerId}
            onChange={state.setPractitionerId}
            w={180}
          />
        </>
      ) : (
        <MultiSelect
          label="Practitioners shown"
          description={`Up to ${WEEK_PRACTITIONERS_MAX}; the day view shows them all`}
          maxValues={WEEK_PRACTITIONERS_MAX}
          data={idData(reference.practitioners)}
          value={diary.shownIds.map(String)}
          onChange={(values) => state.setShownIds(values.map(Number))}
          searchable
          maw={480}
          miw={220}
        />
      )}
      <IdFilter
        label="Location"
        options={reference.sites}
        value={state.locationId}
        onChange={state.setLocationId}
        w={160}
      />
      <IdFilter
        label="Type"
        options={reference.appointmentTypes}
        value={state.typeId}
        onChange={state.setTypeId}
        w={180}
      />
      <Switch
        label="Colour by status"
        checked={state.colourBy === 'status'}
        onChange={(e) => state.setColourBy(e.currentTarget.checked ? 'status' : 'type')}
        mb={8}
      />
    </Group>
  );
}
