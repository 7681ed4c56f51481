/**
 * Module settings items (src/shared/settings.ts) as field definitions, so that the generic field
 * renderers draw them — colour picker, toggle, select, number, text — with the shared rule that
 * the server applies too.
 */
import type { EditorType, FieldDefinition, ValueKind } from '../../../shared/entities';
import { settingSchema } from '../../../shared/setting-rules';
import type { SettingItem, SettingType } from '../../../shared/settings';
import type { FieldItem } from '../../entity/fields/fieldProps';

const EDITOR: Readonly<Record<SettingType, { type: EditorType; value: ValueKind }>> = {
  text: { type: 'input', value: 'text' },
  email: { type: 'input', value: 'text' },
  url: { type: 'url', value: 'text' },
  colour: { type: 'colour', value: 'text' },
  toggle: { type: 'toggle', value: 'toggle' },
  select: { type: 'select', value: 'text' },
  number: { type: 'number', value: 'number' },
};

export function settingField(item: SettingItem): FieldDefinition {
  return {
    name: item.name,
    ...EDITOR[item.type],
    label: item.label,
    rule: settingSchema(item),
    required: false,
    readOnly: false,
    adminOnly: false,
    default: item.default,
    money: false,
    inList: false,
    copy: false,
    ...(item.options ? { options: item.options } : {}),
    ...(item.min === undefined ? {} : { min: item.min }),
    ...(item.max === undefined ? {} : { max: item.max }),
    ...(item.hint ? { hint: item.hint } : {}),
  };
}

/** The item a setting is drawn as (entity/fields/renderers.tsx). */
export function settingItem(item: SettingItem): FieldItem {
  const field = settingField(item);
  return { kind: 'field', name: field.name, type: field.type, label: field.label, field };
}
