import { describe, expect, it } from 'vitest';
import {
  favouritesOf,
  isFavourite,
  matchesNavFilter,
  moveFavourite,
  navTree,
  removeFavourite,
  toggleFavourite,
  visibleModules,
  type ModuleRow,
} from '../../src/web/features/navigation/navModel';
import { MODULES } from '../../src/shared/modules';

const rows: ModuleRow[] = MODULES.map((m, i) => ({
  module_id: i + 1,
  module_name: m.name,
  module_enabled: 1,
}));

describe('navigation filter', () => {
  it('matches a label prefix below 3 characters', () => {
    expect(matchesNavFilter('Patients', 'pa')).toBe(true);
    expect(matchesNavFilter('Patient letters', 'le')).toBe(false);
    expect(matchesNavFilter('Herbs', 'h')).toBe(true);
    expect(matchesNavFilter('Parts used', 'u')).toBe(false);
  });

  it('matches a substring from 3 characters', () => {
    expect(matchesNavFilter('Patient letters', 'let')).toBe(true);
    expect(matchesNavFilter('Parts used', 'use')).toBe(true);
    expect(matchesNavFilter('Herbs', 'xyz')).toBe(false);
  });

  it('is case-insensitive and ignores surrounding spaces; empty matches all', () => {
    expect(matchesNavFilter('Patients', 'PA')).toBe(true);
    expect(matchesNavFilter('Patient letters', 'LETT')).toBe(true);
    expect(matchesNavFilter('Herbs', '  ')).toBe(true);
    expect(matchesNavFilter('Herbs', '')).toBe(true);
  });
});

describe('visible modules', () => {
  it('shows an admin every enabled module that has a route', () => {
    const items = visibleModules(rows, { admin: true, privileges: [] });
    expect(items.map((i) => i.name)).not.toContain('materia');
    expect(items).toHaveLength(MODULES.filter((m) => m.route).length);
  });

  it('opens the diary for Diary, and the list for the other entries', () => {
    const items = visibleModules(rows, { admin: true, privileges: [] });
    expect(items.find((i) => i.name === 'appointments')?.to).toBe('/app/diary');
    expect(items.find((i) => i.name === 'patients')?.to).toBe('/app/patients');
  });

  it('hides disabled modules, also from admins', () => {
    const some = rows.map((r) => (r.module_name === 'herbs' ? { ...r, module_enabled: 0 } : r));
    const names = visibleModules(some, { admin: true, privileges: [] }).map((i) => i.name);
    expect(names).not.toContain('herbs');
    expect(names).toContain('patients');
  });

  it('shows others only modules they hold a privilege of', () => {
    const items = visibleModules(rows, {
      admin: false,
      privileges: ['patients/list', 'herbs/*'],
    });
    expect(items.map((i) => i.name).sort()).toEqual(['herbs', 'patients']);
  });

  it('shows nothing for a user without privileges', () => {
    expect(visibleModules(rows, { admin: false, privileges: [] })).toEqual([]);
  });
});

describe('navigation tree', () => {
  const items = visibleModules(rows, { admin: true, privileges: [] });

  it('groups by navigation section in catalogue order', () => {
    const tree = navTree(items);
    expect(tree.map((n) => n.section)).toEqual([
      'Diary',
      'Clinic',
      'Materia medica',
      'Reference data',
      'Administration',
    ]);
    expect(tree[0]?.items.map((i) => i.name)).toEqual([
      'appointments',
      'appointment_types',
      'working_hours',
      'availability_exceptions',
      'waitlist_entries',
    ]);
    expect(tree[1]?.items.map((i) => i.name)).toEqual([
      'patients',
      'prescriptions',
      'patientletters',
      'snippets',
    ]);
  });

  it('drops sections without a matching item', () => {
    const tree = navTree(items, 'her');
    expect(tree.map((n) => n.section)).toEqual(['Materia medica']);
    expect(tree[0]?.items.map((i) => i.label)).toEqual(['Herbs']);
    expect(navTree(items, 'zzz')).toEqual([]);
  });
});

describe('favourites', () => {
  const items = visibleModules(rows, { admin: true, privileges: [] });
  const herbs = items.find((i) => i.name === 'herbs')!;
  const patients = items.find((i) => i.name === 'patients')!;
  const users = items.find((i) => i.name === 'users')!;

  it('toggles a star on and off', () => {
    const one = toggleFavourite([], herbs);
    expect(one).toEqual([{ to: '/app/herbs', label: 'Herbs', module_id: herbs.module_id }]);
    expect(isFavourite(one, '/app/herbs')).toBe(true);
    expect(toggleFavourite(one, herbs)).toEqual([]);
  });

  it('moves and removes', () => {
    const list = [herbs, patients, users].reduce(toggleFavourite, []);
    expect(moveFavourite(list, 2, 0).map((f) => f.label)).toEqual(['Users', 'Herbs', 'Patients']);
    expect(moveFavourite(list, 0, 5)).toEqual(list);
    expect(removeFavourite(list, '/app/patients').map((f) => f.label)).toEqual(['Herbs', 'Users']);
  });

  it('keeps only well-formed stored favourites', () => {
    expect(favouritesOf(null)).toEqual([]);
    expect(favouritesOf('x')).toEqual([]);
    expect(
      favouritesOf([
        { to: '/app/herbs', label: 'Herbs', module_id: 3 },
        { to: 'https://evil.example', label: 'x', module_id: 1 },
        { label: 'no to' },
        7,
      ]),
    ).toEqual([{ to: '/app/herbs', label: 'Herbs', module_id: 3 }]);
  });
});
