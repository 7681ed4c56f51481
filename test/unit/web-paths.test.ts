import { describe, expect, it } from 'vitest';
import { loginPathFor, parseId, safeRedirect, withCompany } from '../../src/web/app/paths';
import { crumbsFor } from '../../src/web/features/breadcrumbs/crumbs';

describe('route ids', () => {
  it('is numeric when it parses as a number, otherwise text', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBe(0);
    expect(parseId('1.5')).toBe(1.5);
    expect(parseId('abc')).toBe('abc');
    expect(parseId('12abc')).toBe('12abc');
    expect(parseId('__preferences')).toBe('__preferences');
    expect(parseId('')).toBeUndefined();
    expect(parseId(undefined)).toBeUndefined();
  });
});

describe('links between the sign-in and reset pages', () => {
  it('keep the company the page was opened with', () => {
    expect(withCompany('/password-reset', 'green-leaf')).toBe('/password-reset?company=green-leaf');
    expect(withCompany('/', 'green-leaf')).toBe('/?company=green-leaf');
    expect(withCompany('/password-reset', null)).toBe('/password-reset');
  });
});

describe('redirect after login', () => {
  it('keeps the wanted full path', () => {
    expect(loginPathFor('/app/herbs/3?x=1')).toBe('/?redirect=%2Fapp%2Fherbs%2F3%3Fx%3D1');
    expect(safeRedirect('/app/herbs/3?x=1')).toBe('/app/herbs/3?x=1');
  });

  it('refuses other sites', () => {
    expect(safeRedirect('//evil.example/x')).toBe('/app');
    expect(safeRedirect('https://evil.example')).toBe('/app');
    expect(safeRedirect('/\\evil.example')).toBe('/app');
    expect(safeRedirect(null)).toBe('/app');
  });
});

describe('breadcrumbs', () => {
  it('runs from Home to the current page', () => {
    expect(crumbsFor('/app')).toEqual([{ label: 'Home', to: '/app' }]);
    expect(crumbsFor('/app/herbs/12/general').map((c) => c.label)).toEqual([
      'Home',
      'Herbs',
      '#12',
      'General',
    ]);
    expect(crumbsFor('/app/herbs/12/general').at(-1)?.to).toBe('/app/herbs/12/general');
    const titles = { '/app/modules/3': 'Materia', '/app/modules/3/colours': 'Brand colours' };
    expect(crumbsFor('/app/modules/3/colours', titles).map((c) => c.label)).toEqual([
      'Home',
      'Modules',
      'Materia',
      'Brand colours',
    ]);
    expect(crumbsFor('/app/my_details').map((c) => c.label)).toEqual(['Home', 'My details']);
    expect(crumbsFor('/app/patients/__preferences').map((c) => c.label)).toEqual([
      'Home',
      'Patients',
      'Preferences',
    ]);
    expect(crumbsFor('/offline/clients')).toEqual([]);
  });

  it('says "Page not found" for a path no page answers, never its pieces as names (issue 43, 11)', () => {
    for (const path of ['/app/nonsense/xyz', '/app/nonsense', '/app/herbs/1/general/more'])
      expect(crumbsFor(path).map((c) => c.label)).toEqual(['Home', 'Page not found']);
    expect(crumbsFor('/app/stock').map((c) => c.label)).toEqual(['Home', 'Stock']);
    expect(crumbsFor('/app/audit_trail').map((c) => c.label)).toEqual(['Home', 'Audit trail']);
  });
});
