/**
 * Every special screen a definition names resolves, and every key of the maps of per-entity code
 * names something a definition has: slots, buttons, extra tabs, list tools, rows' left sections,
 * rich-text tools and server behaviours. A renamed slot fails here instead of showing "can not be edited on
 * this screen yet".
 */
import { describe, expect, it } from 'vitest';
import { ENTITIES, entityByPath, type EntityDefinition } from '../../src/shared/entities';
import { buildEntityCalls } from '../../src/server/entities/calls';
import { callRoute } from '../../src/server/entities/behaviour';
import { BEHAVIOURS, behaviourOf } from '../../src/server/entity-behaviours';
import {
  BUTTON_ACTIONS,
  EXTRA_TABS,
  LIST_TOOLS,
  ROW_LEFT_SECTIONS,
  SLOTS,
  extraKey,
} from '../../src/web/entity/extras/extraViews';
import { RICH_TEXT_TOOLS } from '../../src/web/entity/extras/richTextTools';
import { itemStates } from '../../src/web/entity/model/permissions';

const extrasOf = (type: 'slot' | 'button') =>
  ENTITIES.flatMap((d) => d.extras.filter((e) => e.type === type).map((e) => ({ d, e })));

/** What each definition's items resolve to that does not exist. */
function unresolved(): string[] {
  const problems: string[] = [];
  for (const { d, e } of extrasOf('slot'))
    if (!SLOTS[extraKey(d, e.name)]) problems.push(`slot ${extraKey(d, e.name)} has no component`);
  for (const { d, e } of extrasOf('button')) {
    const key = extraKey(d, e.name);
    const calls = buildEntityCalls(d, behaviourOf(d.entities));
    if (e.call && BUTTON_ACTIONS[key]) problems.push(`button ${key} has both a call and an action`);
    if (e.call && !calls.has(e.call)) problems.push(`button ${key} calls unknown ${e.call}`);
    if (!e.call && !BUTTON_ACTIONS[key]) problems.push(`button ${key} has neither call nor action`);
  }
  for (const d of ENTITIES) {
    const routes = new Set(d.moduleEntry?.routes.map((r) => r.route));
    for (const e of d.extras)
      if (!routes.has(e.route))
        problems.push(`${extraKey(d, e.name)} needs unknown route ${e.route}`);
    for (const [name, call] of Object.entries(behaviourOf(d.entities).calls ?? {})) {
      const button = d.extras.some((e) => e.call === name);
      if (button && call.route) problems.push(`${d.entities}/${name} restates its button's route`);
      if (!button && !call.route) problems.push(`${d.entities}/${name} has no route`);
      else if (!routes.has(callRoute(d, name, call)))
        problems.push(`${d.entities}/${name} needs unknown route ${callRoute(d, name, call)}`);
    }
  }
  return problems;
}

/** Keys of the maps that name no definition's entity set, extra item or rich-text field. */
function unnamed(): string[] {
  const entity = (key: string) => entityByPath(key);
  const item = (key: string, type: 'slot' | 'button' | 'html') => {
    const [entities = '', name] = key.split('.');
    const d: EntityDefinition | undefined = entityByPath(entities);
    if (type === 'html') return d?.fields.some((f) => f.name === name && f.type === 'html');
    return d?.extras.some((e) => e.name === name && e.type === type);
  };
  const check = (map: string, keys: string[], ok: (key: string) => unknown) =>
    keys.filter((key) => !ok(key)).map((key) => `${map} key ${key} names nothing`);
  return [
    ...check('SLOTS', Object.keys(SLOTS), (k) => item(k, 'slot')),
    ...check('BUTTON_ACTIONS', Object.keys(BUTTON_ACTIONS), (k) => item(k, 'button')),
    ...check('RICH_TEXT_TOOLS', Object.keys(RICH_TEXT_TOOLS), (k) => item(k, 'html')),
    ...check('EXTRA_TABS', Object.keys(EXTRA_TABS), entity),
    ...check('LIST_TOOLS', Object.keys(LIST_TOOLS), entity),
    ...check('ROW_LEFT_SECTIONS', Object.keys(ROW_LEFT_SECTIONS), entity),
    ...check('BEHAVIOURS', Object.keys(BEHAVIOURS), entity),
  ];
}

describe('extras', () => {
  it('resolve: every slot, button and server call of a definition has what it names', () => {
    expect(unresolved()).toEqual([]);
  });

  it('are all named: every map key is an entity set, extra item or rich-text field', () => {
    expect(unnamed()).toEqual([]);
  });

  it('enable a button by the route its definition declares, the route the server checks', () => {
    const prescriptions = entityByPath('prescriptions') as EntityDefinition;
    const statesOf = (privileges: string[]) =>
      itemStates(prescriptions, { prescription_status: 'draft' }, { admin: false, privileges });
    expect(statesOf(['prescriptions/update']).dispense?.disabled).toBe(true);
    const reader = statesOf(['prescriptions/list']);
    expect(reader.print?.disabled).toBe(false);
    expect(reader.print_label?.disabled).toBe(false);
    const dispenser = statesOf(['prescriptions/dispense']);
    expect(dispenser.dispense?.disabled).toBe(false);
  });
});
