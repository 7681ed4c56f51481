/** The patient's "Prescriptions and letters" tab: what it asks for, its order and its texts. */
import { describe, expect, it } from 'vitest';
import * as kinds from '../../src/web/entity/extras/patientRecordKinds';

describe('patient record kinds', () => {
  it('asks for one page of the patient’s rows, newest first', () => {
    expect(kinds.historyQuery(kinds.PRESCRIPTION_KIND, 7)).toEqual({
      limit: kinds.HISTORY_LIMIT,
      filters: { prescription_patient_id: 7 },
      sort: { field: 'prescription_date', direction: 'desc' },
    });
    expect(kinds.historyQuery(kinds.LETTER_KIND, 7).filters).toEqual({
      patientletter_patient_id: 7,
    });
  });

  it('orders by date, then the later row first, undated rows last', () => {
    const rows = [
      { prescription_id: 1, prescription_date: '2026-01-05' },
      { prescription_id: 2, prescription_date: null },
      { prescription_id: 3, prescription_date: '2026-03-01' },
      { prescription_id: 4, prescription_date: '2026-01-05' },
    ];
    expect(kinds.newestFirst(kinds.PRESCRIPTION_KIND, rows).map((r) => r.prescription_id)).toEqual([
      3, 4, 1, 2,
    ]);
  });

  it('fills a new prescription with the definition’s defaults and the patient', () => {
    expect(kinds.newRowValues(kinds.PRESCRIPTION_KIND, {}, 9)).toEqual({
      prescription_daily_dose: null,
      prescription_form: 'tincture',
      prescription_unit_kind: 'volume',
      prescription_patient_id: 9,
    });
  });

  it('gives a new letter a subject naming the patient', () => {
    const patient = { patient_first_name: 'Ada', patient_last_name: ' Lovelace ' };
    expect(kinds.newRowValues(kinds.LETTER_KIND, patient, 9)).toEqual({
      patientletter_name: 'Letter to Ada Lovelace',
      patientletter_patient_id: 9,
    });
    expect(kinds.letterSubject({ patient_last_name: 'Byron' })).toBe('Letter to Byron');
    expect(kinds.letterSubject({})).toBe('Letter');
  });

  it('says when there are none, when they may not be seen and when more exist', () => {
    expect(kinds.emptyText(kinds.PRESCRIPTION_KIND)).toBe('No prescriptions yet.');
    expect(kinds.emptyText(kinds.LETTER_KIND)).toBe('No letters yet.');
    expect(kinds.refusedText(kinds.LETTER_KIND)).toBe("You may not see this patient's letters.");
    expect(kinds.shownText(50, 73)).toBe('50 of 73 shown');
    expect(kinds.shownText(3, 3)).toBeNull();
    expect(kinds.shownText(0, null)).toBeNull();
  });

  it('links "Show all" to the list filtered to the patient, only when more exist', () => {
    expect(kinds.showAllLink(kinds.PRESCRIPTION_KIND, 7, 50, 73)).toEqual({
      to: '/app/prescriptions?prescription_patient_id=7',
      label: 'Show all 73',
    });
    expect(kinds.showAllLink(kinds.LETTER_KIND, 7, 50, 51)?.to).toBe(
      '/app/patientletters?patientletter_patient_id=7',
    );
    expect(kinds.showAllLink(kinds.LETTER_KIND, 7, 3, 3)).toBeNull();
    expect(kinds.showAllLink(kinds.LETTER_KIND, 7, 0, null)).toBeNull();
  });
});
