/**
 * Instants (issue 44): how they are shown in the clinic's zone, read back from its wall time
 * (the clocks' changes included), imported, and which zone the clinic's setting means.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { appointments } from '../../src/shared/entities/appointments';
import { currencyByCode, type Currency } from '../../src/shared/currencies';
import { isoInZone, showInstant, wallTimeOf } from '../../src/shared/instant-text';
import { showValue } from '../../src/shared/show-value';
import { readWallTime } from '../../src/shared/wall-time';
import { changesOf } from '../../src/server/audit/changes';
import { instantCell } from '../../src/server/imports/cells';
import { isTimeZone, serverTimeZone, timeZoneOf } from '../../src/server/diary/time-zone';
import { publicSettingsOf } from '../../src/web/theme/publicSettings';

const LONDON = 'Europe/London';

describe('an instant shown in the clinic zone', () => {
  it('writes the wall time there, summer and winter', () => {
    expect(showInstant('2026-07-01T09:00:00.000Z', LONDON)).toBe('01/07/2026 10:00');
    expect(showInstant('2026-01-01T09:00:00.000Z', LONDON)).toBe('01/01/2026 09:00');
    expect(showInstant('2026-01-01T09:00:00+05:30', 'Asia/Kolkata')).toBe('01/01/2026 09:00');
    expect(showInstant('not a time', LONDON)).toBe('');
    expect(wallTimeOf('2026-03-29T01:00:00Z', LONDON)).toBe('2026-03-29 02:00:00');
  });

  it('writes ISO 8601 with the offset of the zone at that instant', () => {
    expect(isoInZone('2026-07-01T09:00:00.000Z', LONDON)).toBe('2026-07-01T10:00:00+01:00');
    expect(isoInZone('2026-01-01T09:00:00.000Z', 'America/St_Johns')).toBe(
      '2026-01-01T05:30:00-03:30',
    );
    // The doubled hour's two instants keep their own offsets.
    expect(isoInZone('2026-10-25T00:30:00Z', LONDON)).toBe('2026-10-25T01:30:00+01:00');
    expect(isoInZone('2026-10-25T01:30:00Z', LONDON)).toBe('2026-10-25T01:30:00+00:00');
  });

  it('is what list rows and formatted exports show for an instant field', () => {
    const start = appointments.fields.find((f) => f.name === 'appointment_start')!;
    const context = {
      system: 'metric' as const,
      currency: currencyByCode('GBP') as Currency,
      timeZone: 'Europe/Paris',
    };
    const row = { appointment_start: '2026-03-09T09:00:00.000Z' };
    expect(showValue(start, row, context)).toBe('09/03/2026 10:00');
  });

  it('is what the audit trail shows of a changed instant', () => {
    const before = { appointment_start: '2026-03-09T09:00:00.000Z' };
    const after = { appointment_start: '2026-03-09T09:30:00.000Z' };
    expect(changesOf('appointments', before, after, LONDON)).toEqual([
      {
        field: 'appointment_start',
        label: 'Start',
        before: '09/03/2026 09:00',
        after: '09/03/2026 09:30',
      },
    ]);
  });
});

describe('a wall time read as an instant', () => {
  it('reads an ordinary time', () => {
    expect(readWallTime('2026-03-09 10:00', LONDON)).toEqual({
      kind: 'instant',
      instant: '2026-03-09T10:00:00.000Z',
    });
    expect(readWallTime('2026-06-01T09:15:30', LONDON)).toEqual({
      kind: 'instant',
      instant: '2026-06-01T08:15:30.000Z',
    });
  });

  it('refuses a time the clocks skip, naming it', () => {
    const read = readWallTime('2026-03-29 01:30', LONDON);
    expect(read.kind).toBe('gap');
    expect(read.kind === 'gap' && read.text).toBe(
      '01:30 on 29/03/2026 does not exist in Europe/London: the clocks go forward then. Choose a time before or after the change.',
    );
  });

  it('takes the first of a time the clocks pass twice, and says which', () => {
    const read = readWallTime('2026-10-25 01:30', LONDON);
    expect(read).toMatchObject({
      kind: 'ambiguous',
      instant: '2026-10-25T00:30:00.000Z',
      later: '2026-10-25T01:30:00.000Z',
    });
    expect(read.kind === 'ambiguous' && read.text).toContain('happens twice in Europe/London');
  });

  it('refuses what is not a date and time', () => {
    expect(readWallTime('2026-02-30 10:00', LONDON)).toEqual({ kind: 'invalid' });
    expect(readWallTime('10:00', LONDON)).toEqual({ kind: 'invalid' });
  });
});

describe("an imported instant's cell", () => {
  it('takes ISO 8601 with an offset, or the clinic wall time as screens write it', () => {
    expect(instantCell('2026-07-01T10:00:00+01:00', LONDON)).toEqual({
      value: '2026-07-01T09:00:00.000Z',
    });
    expect(instantCell('01/07/2026 10:00', LONDON)).toEqual({ value: '2026-07-01T09:00:00.000Z' });
    expect(instantCell('2026-07-01 10:00', LONDON)).toEqual({ value: '2026-07-01T09:00:00.000Z' });
  });

  it('refuses a skipped or doubled wall time, and what is no time, by name', () => {
    expect(instantCell('29/03/2026 01:30', LONDON)).toMatchObject({
      problem: expect.stringContaining('does not exist in Europe/London') as unknown,
    });
    expect(instantCell('25/10/2026 01:30', LONDON)).toMatchObject({
      problem: expect.stringContaining('happens twice') as unknown,
    });
    expect(instantCell('soon', LONDON)).toEqual({
      problem:
        '"soon" is not a date and time: write it as DD/MM/YYYY HH:mm (the clinic\'s time, Europe/London) or in ISO 8601 with its offset.',
    });
  });
});

describe("the clinic's zone", () => {
  const saved = process.env.TZ;
  afterEach(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it('is the setting when it names an IANA zone, else the server zone', () => {
    process.env.TZ = 'Asia/Tokyo';
    expect(timeZoneOf('Europe/Paris')).toBe('Europe/Paris');
    expect(timeZoneOf('')).toBe('Asia/Tokyo');
    expect(timeZoneOf('Mars/Olympus')).toBe('Asia/Tokyo');
    expect(timeZoneOf(3)).toBe('Asia/Tokyo');
  });

  it("is the runtime's zone when TZ names none (POSIX ':' allowed)", () => {
    process.env.TZ = ':Europe/Lisbon';
    expect(serverTimeZone()).toBe('Europe/Lisbon');
    process.env.TZ = 'GMT0BST';
    expect(isTimeZone(serverTimeZone())).toBe(true);
    expect(isTimeZone('+01:00')).toBe(false);
  });

  it('reaches the web with the public settings (the browser zone until then)', () => {
    const rows = [
      {
        module_id: 1,
        module_name: 'materia',
        module_public_settings: {},
        clinic_time_zone: 'Pacific/Auckland',
      },
    ];
    expect(publicSettingsOf(rows).clinicTimeZone).toBe('Pacific/Auckland');
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(
      publicSettingsOf([{ ...rows[0]!, clinic_time_zone: 'Nowhere/Else' }]).clinicTimeZone,
    ).toBe(browser);
    expect(publicSettingsOf(null).clinicTimeZone).toBe(browser);
  });
});
