import { describe, expect, it } from 'vitest';
import { ENTITIES, checkDefinitions, entityByPath } from '../../src/shared/entities';
import { defineEntity, type EntitySpec } from '../../src/shared/entities/define';
import { input } from '../../src/shared/entities/fields';
import { defaultLabel, withArticle } from '../../src/shared/entities/labels';
import { MODULES, NAV_SECTIONS, PRODUCT_MODULE } from '../../src/shared/modules';

/** A small definition with these additions and one section of these items. */
const thing = (more: Partial<EntitySpec>, items: string[]) =>
  defineEntity({
    entities: 'things',
    base: 'thing',
    title: 'Things',
    singular: 'thing',
    fields: [input('thing_name')],
    tabs: [{ name: 'general', sections: [{ title: 'T', items }] }],
    list: { columns: ['thing_name'], search: ['thing_name'] },
    ...more,
  });

describe('entity definitions', () => {
  it('gives each entity set, and only those, a module of the catalogue after the product module', () => {
    const names = ENTITIES.map((e) => e.entities);
    expect(new Set(names).size).toBe(names.length);
    for (const entity of ENTITIES)
      expect(entity.moduleEntry?.name, entity.entities).toBe(entity.module);
    expect(MODULES.map((m) => m.name).sort()).toEqual([PRODUCT_MODULE, ...names].sort());
    expect(MODULES[0]?.name).toBe(PRODUCT_MODULE);
  });

  it('lists the modules by navigation section, then by their place in it', () => {
    const place = (m: (typeof MODULES)[number]) => [
      NAV_SECTIONS.indexOf(m.section ?? 'Clinic'),
      m.position,
    ];
    const places = MODULES.slice(1).map(place);
    expect(places).toEqual([...places].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
  });

  it("offers a button's privilege route in its module, labelled as the button", () => {
    const module = entityByPath('prescriptions')?.moduleEntry;
    expect(module?.routes).toContainEqual({ route: 'dispense', label: 'Dispense' });
    expect(module?.routes.filter((r) => r.route === 'list')).toHaveLength(1);
  });

  it('stops a button that does not say which privilege it needs', () => {
    const broken = () =>
      thing({ extras: [{ name: 'print', type: 'button', label: 'Print' }] }, [
        'thing_name',
        'print',
      ]);
    expect(broken).toThrow(
      'Entity "things": button "print" needs the privilege route it runs under.',
    );
  });

  it('resolves every reference, relation and unit source', () => {
    expect(checkDefinitions()).toEqual([]);
  });

  it('uses {base}_id keys and gives every editor at least one tab', () => {
    for (const e of ENTITIES) {
      expect(e.keys.id).toBe(`${e.base}_id`);
      expect(e.tabs.length).toBeGreaterThan(0);
      expect(e.fields.find((f) => f.name === e.keys.id)?.readOnly).toBe(true);
    }
  });

  it('never exposes the password hash of a user', () => {
    expect(entityByPath('users')?.fields.map((f) => f.name)).not.toContain('user_password_hash');
  });

  it('labels fields by the default rule unless told otherwise', () => {
    expect(defaultLabel('herb_latin_name', 'herb')).toBe('Latin name');
    expect(defaultLabel('dispensary_product_reorder_level', 'dispensary_product')).toBe(
      'Reorder level',
    );
    expect(defaultLabel('group_key')).toBe('Group key');
    const herbs = entityByPath('herbs');
    expect(herbs?.fields.find((f) => f.name === 'herb_family')?.label).toBe('Family');
    expect(herbs?.fields.find((f) => f.name === 'herb_name')?.label).toBe('Common name');
    const letters = entityByPath('patientletters');
    expect(letters?.fields.find((f) => f.name === 'patientletter_patient_id')?.label).toBe(
      'Patient',
    );
  });

  it('stops a definition that names an unknown item', () => {
    expect(() => thing({}, ['thing_colour'])).toThrow(
      'Entity "things": section "T" names unknown item "thing_colour".',
    );
  });

  it('validates values with messages naming the problem', () => {
    const field = (entities: string, name: string) =>
      entityByPath(entities)?.fields.find((f) => f.name === name);
    const issue = (entities: string, name: string, value: unknown) => {
      const parsed = field(entities, name)?.rule.safeParse(value);
      return parsed?.success ? null : parsed?.error.issues[0]?.message;
    };
    expect(issue('herbs', 'herb_name', 'x'.repeat(256))).toBe('Maximum of 255 characters allowed.');
    expect(issue('herbs', 'herb_name', '  ')).toBe('Can not be empty');
    expect(issue('patients', 'patient_dob', '2023-02-30')).toBe(
      'Must be a real date in the form YYYY-MM-DD.',
    );
    expect(issue('patients', 'patient_dob', '2024-02-29')).toBeNull();
    expect(issue('dispensary_products', 'dispensary_product_stock', -1)).toBe(
      'Must not be negative.',
    );
    expect(issue('patients', 'patient_sex', 'Other')).toBe(
      'Must be one of: Male, Female, Male>Female, Female>Male.',
    );
    expect(issue('patients', 'patient_email', 'not-an-address')).toBe('Must be an e-mail address.');
    expect(issue('snippets', 'snippet_body', '<p onclick="x()">Hi</p>')).toMatch(
      /Must not contain scripts/,
    );
    expect(field('snippets', 'snippet_body')?.rule.parse('  <p></p> ')).toBe('');
    expect(field('users', 'user_email')?.rule.parse(' Ann@Example.COM ')).toBe('ann@example.com');
    expect(field('users', 'user_enabled')?.rule.parse(true)).toBe(1);
  });

  it('puts the right article before every entity name', () => {
    const phrases = ENTITIES.map((e) => withArticle(e.singular));
    expect(phrases).toContain('an allergy');
    expect(phrases).toContain('a patient');
    expect(phrases).toContain('a user');
    expect(phrases.filter((p) => /^a [aeiou]/i.test(p) && p !== 'a user')).toEqual([]);
  });
});
