/**
 * `/app/diary`: the clinic's diary. Day, week and month views with practitioners or rooms as
 * columns; click an empty slot to book, drag to move, drag an edge to resize; today's list beside
 * it. The logic is in ./useDiary.ts; this file only lays the parts out.
 */
import { Alert, Stack } from '@mantine/core';
import { AppointmentPanel } from './AppointmentPanel';
import { BookingForm } from './BookingForm';
import { DiaryCalendar } from './DiaryCalendar';
import { DiaryToolbar } from './DiaryToolbar';
import classes from './Diary.module.css';
import { OverrideDialog } from './OverrideDialog';
import { SavingMarksContext } from './savingMarks';
import { SeriesMoveDialog } from './SeriesScopeChoice';
import { TodayList } from './TodayList';
import { useDiary } from './useDiary';

export function DiaryPage() {
  const diary = useDiary();
  const { state, writes } = diary;
  return (
    <Stack gap="sm" p={{ base: 'xs', sm: 'md' }} onKeyDown={diary.onKeyDown}>
      <DiaryToolbar diary={diary} />
      {diary.failed && (
        <Alert color="red" role="alert">
          The diary could not be read. Try again in a moment.
        </Alert>
      )}
      <div className={classes.layout}>
        <section aria-label="Diary" data-testid="diary-calendar">
          <SavingMarksContext.Provider value={writes.savingMarks}>
            <DiaryCalendar
              view={diary.view}
              date={state.date}
              zone={diary.zone}
              events={diary.events}
              columns={diary.columns}
              colourOf={diary.colourOf}
              isClosed={diary.isClosed}
              onNavigate={diary.onNavigate}
              onSelectSlot={diary.onSelectSlot}
              onOpen={diary.open}
              onDrop={diary.onDrop}
            />
          </SavingMarksContext.Provider>
        </section>
        <TodayList
          zone={diary.zone}
          today={diary.today}
          onStatus={writes.setStatus}
          onOpen={diary.open}
        />
      </div>
      <AppointmentPanel
        appointment={diary.openAppointment}
        zone={diary.zone}
        writes={writes}
        onClose={diary.closeAppointment}
      />
      {diary.booking && !diary.reference.loading && (
        <BookingForm
          key={`${diary.booking.start ?? ''}-${diary.booking.practitionerId ?? ''}`}
          start={diary.booking}
          zone={diary.zone}
          reference={diary.reference}
          onClose={diary.closeBooking}
        />
      )}
      <SeriesMoveDialog
        opened={writes.scopeAsked}
        onChoose={writes.chooseScope}
        onCancel={writes.dismissScope}
      />
      <OverrideDialog
        text={writes.pendingOverride?.text ?? null}
        onConfirm={writes.confirmOverride}
        onCancel={writes.dismissOverride}
      />
    </Stack>
  );
}
