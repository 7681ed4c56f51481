import { describe, expect, it } from 'vitest';
import { normalisePrivileges } from '../../src/shared/privileges';
import {
  changedPrivileges,
  isCovered,
  toggled,
  toStore,
} from '../../src/web/features/group-privileges/privilegeChoice';

describe('normalisePrivileges', () => {
  it('keeps each once, sorted, and drops the routes a wildcard grants', () => {
    expect(
      normalisePrivileges(['patients/list', 'herbs/update', 'herbs/*', 'patients/list', 'a/*']),
    ).toEqual(['a/*', 'herbs/*', 'patients/list']);
    expect(normalisePrivileges([])).toEqual([]);
  });
});

describe('the privileges editor model', () => {
  it('covers a module route once its wildcard is ticked, never the wildcard itself', () => {
    const ticked = new Set(['herbs/*', 'herbs/list']);
    expect(isCovered(ticked, 'herbs/update')).toBe(true);
    expect(isCovered(ticked, 'herbs/*')).toBe(false);
    expect(isCovered(ticked, 'patients/list')).toBe(false);
  });

  it('toggles without changing the given set', () => {
    const ticked = new Set(['herbs/list']);
    expect([...toggled(ticked, 'herbs/*')]).toEqual(['herbs/list', 'herbs/*']);
    expect([...toggled(ticked, 'herbs/list')]).toEqual([]);
    expect([...ticked]).toEqual(['herbs/list']);
  });

  it('counts changes as they would be stored', () => {
    const saved = ['herbs/*'];
    // A covered route ticked under a saved wildcard changes nothing.
    expect(changedPrivileges(saved, new Set(['herbs/*', 'herbs/list'])).size).toBe(0);
    expect([...changedPrivileges(saved, new Set(['herbs/list', 'patients/list']))]).toEqual([
      'herbs/*',
      'herbs/list',
      'patients/list',
    ]);
    expect(toStore(new Set(['herbs/list', 'herbs/*']))).toEqual(['herbs/*']);
  });
});
