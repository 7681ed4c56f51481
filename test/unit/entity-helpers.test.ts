import { describe, expect, it } from 'vitest';
import { fillMergeFields } from '../../src/shared/entities/merge-fields';
import { isActiveFilter, parseTextFilter, stripExactPrefix } from '../../src/shared/filters';
import { colourRule, dateRule } from '../../src/shared/entities/rules';
import { ISO_DATE_TIME_TEXT, isIsoDate } from '../../src/shared/iso-date';
import { ACTIONS, PARTS_USED } from '../../src/server/seed/data/materia-basics';
import { HERB_USES } from '../../src/server/seed/data/clinical-lists';
import { HERB_TRADITIONS, HERBS } from '../../src/server/seed/data/herbs';
import { randomSource } from '../../src/server/seed/insert';

describe('filter values', () => {
  it('treats empty values as no filter and 0 as a value', () => {
    expect(isActiveFilter('')).toBe(false);
    expect(isActiveFilter('  ')).toBe(false);
    expect(isActiveFilter(null)).toBe(false);
    expect(isActiveFilter([])).toBe(false);
    expect(isActiveFilter(0)).toBe(true);
    expect(isActiveFilter('0')).toBe(true);
  });

  it('reads the exact, full-text and all-words prefixes', () => {
    expect(parseTextFilter('yarrow')).toEqual({ mode: 'contains', text: 'yarrow' });
    expect(parseTextFilter('=Yarrow')).toEqual({ mode: 'exact', text: 'Yarrow' });
    expect(parseTextFilter('~sore throat')).toEqual({ mode: 'fulltext', text: 'sore throat' });
    expect(parseTextFilter('& bath smith')).toEqual({ mode: 'allwords', text: 'bath smith' });
    expect(parseTextFilter('=')).toBeNull();
    expect(stripExactPrefix('=12')).toBe('12');
    expect(stripExactPrefix(12)).toBe(12);
  });
});

describe('dates', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('24-01-01')).toBe(false);
    expect(isIsoDate('2024-1-1')).toBe(false);
  });

  it('stores a timed date as YYYY-MM-DD HH:mm:ss and refuses impossible times', () => {
    const rule = dateRule(false, true);
    expect(rule.parse('2027-04-03 09:15')).toBe('2027-04-03 09:15:00');
    expect(rule.parse('2027-04-03T09:15:30')).toBe('2027-04-03 09:15:30');
    expect(rule.parse('  ')).toBe(null);
    for (const bad of ['2027-04-03', '2027-02-30 10:00', '2027-04-03 24:00', '03/04/2027 10:00']) {
      const result = rule.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(ISO_DATE_TIME_TEXT);
    }
    expect(dateRule(false).safeParse('2027-04-03 09:15').success).toBe(false);
  });

  it('keeps colours as lower-case #rrggbb', () => {
    expect(colourRule(false).parse('#3366CC')).toBe('#3366cc');
    expect(colourRule(false).safeParse('red').success).toBe(false);
  });
});

describe('merge fields', () => {
  it('fills the offered patient, user, company and today fields, escaping HTML and keeping others', () => {
    const text = fillMergeFields(
      '<p>Dear {patient.title} {patient.last_name}, born {patient.dob}; {today}. {user.first_name} at {company.company_name} ({company.name}) {patient.shoe_size} {user.email}</p>',
      {
        patient: {
          patient_title: 'Ms',
          patient_last_name: "O'Brien <b>",
          patient_dob: '1980-02-03',
        },
        user: { user_first_name: 'Ada', user_email: 'ada@example.com' },
        company: { company_name: 'Bath & Wells Herbs' },
        today: '2025-06-01',
      },
    );
    expect(text).toBe(
      '<p>Dear Ms O&#39;Brien &lt;b&gt;, born 03/02/1980; 01/06/2025. Ada at Bath &amp; Wells Herbs (Bath &amp; Wells Herbs) {patient.shoe_size} {user.email}</p>',
    );
  });
});

describe('seed data', () => {
  it('has at least 60 herbs, each with a binomial Latin name, a family, parts and actions', () => {
    expect(HERBS.length).toBeGreaterThanOrEqual(60);
    for (const herb of HERBS) {
      expect(herb.latin, herb.name).toMatch(/^[A-Z][a-z]+ (× )?[a-z-]+$/);
      expect(herb.family, herb.name).toMatch(/aceae$/);
      expect(herb.parts.length, herb.name).toBeGreaterThan(0);
      expect(herb.actions.length, herb.name).toBeGreaterThan(0);
    }
    expect(new Set(HERBS.map((h) => h.name)).size).toBe(HERBS.length);
    expect(HERBS.find((h) => h.name === 'Yarrow')).toMatchObject({
      latin: 'Achillea millefolium',
      family: 'Asteraceae',
      parts: ['Aerial parts'],
    });
  });

  it('files herbs under a tradition by names that exist', () => {
    const names = new Set(HERBS.map((h) => h.name));
    for (const name of Object.keys(HERB_TRADITIONS)) expect(names.has(name), name).toBe(true);
  });

  it('names only parts used and actions every company is given', () => {
    const parts = new Set(PARTS_USED.map(([name]) => name));
    const actions = new Set(ACTIONS.map(([name]) => name));
    for (const herb of HERBS) {
      for (const part of herb.parts) expect(parts.has(part), `${herb.name}: ${part}`).toBe(true);
      for (const action of herb.actions)
        expect(actions.has(action), `${herb.name}: ${action}`).toBe(true);
    }
    for (const name of Object.keys(HERB_USES))
      expect(
        HERBS.some((h) => h.name === name),
        name,
      ).toBe(true);
  });

  it('generates the same values from the same seed', () => {
    const a = randomSource(7);
    const b = randomSource(7);
    expect(Array.from({ length: 5 }, () => a.int(1, 1000))).toEqual(
      Array.from({ length: 5 }, () => b.int(1, 1000)),
    );
  });
});
