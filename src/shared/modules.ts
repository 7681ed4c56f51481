/**
 * The module catalogue: every module a company has, named by its entity path, with
 * the privilege routes it offers, its navigation place and its settings tabs. The product module
 * is declared here; each entity's module comes from the `module` block of its definition. The
 * server syncs each company's module rows with this list at start-up; the web builds its
 * navigation from it.
 */
import { COLOUR_KEYS, DEFAULT_COLOURS } from './colours';
import { ENTITIES } from './entities';
import {
  NAV_SECTIONS,
  PRODUCT_MODULE,
  PRODUCT_MODULE_LABEL,
  type ModuleDefinition,
} from './module-entry';
import type { SettingItem, SettingsTab } from './settings';
import { privilegeOf, wildcardOf, type AvailablePrivilege } from './privileges';

export {
  ENTITY_ROUTES,
  NAV_SECTIONS,
  PRODUCT_MODULE,
  type ModuleDefinition,
  type NavSection,
  type PrivilegeRoute,
} from './module-entry';

/** The company currency until the clinic chooses one (GBP comes first). */
export const DEFAULT_CURRENCY = 'GBP';

/**
 * Fixed by the product requirements, word for word (do not reword): shown by the disabled toggle
 * and sent by the server's refusal.
 */
export const ESSENTIAL_MODULE_TEXT =
  'This is an essential module and therefor it can not be disabled.';

const colourLabel = (key: string) => {
  const word = key.replace('colour_', '');
  return `${word[0]?.toUpperCase() ?? ''}${word.slice(1)} colour`;
};

const colourItems: SettingItem[] = COLOUR_KEYS.map((key) => ({
  name: key,
  type: 'colour',
  label: colourLabel(key),
  public: true,
  default: DEFAULT_COLOURS[key],
}));

const PRODUCT_TABS: readonly SettingsTab[] = [
  {
    name: 'company',
    label: 'Company',
    sections: [
      {
        title: 'Company',
        items: [
          { name: 'company_name', type: 'text', label: 'Company name', public: true, default: '' },
          { name: 'admin_email', type: 'email', label: 'Admin e-mail', public: true, default: '' },
        ],
      },
      {
        title: 'Login page',
        items: [
          {
            name: 'login_background_image',
            type: 'url',
            label: 'Login background image',
            public: true,
            default: '',
          },
          {
            name: 'login_background_image_copyright',
            type: 'text',
            label: 'Background image credit',
            public: true,
            default: '',
          },
        ],
      },
    ],
  },
  {
    name: 'units',
    label: 'Units and money',
    sections: [
      {
        title: 'Units',
        items: [
          {
            name: 'units_imperial',
            type: 'toggle',
            label: 'Imperial units',
            public: true,
            default: 0,
            hint: 'No means metric (g, ml, cm); Yes means imperial (oz, fl oz, in).',
          },
        ],
      },
      {
        title: 'Money',
        items: [
          {
            name: 'currency',
            type: 'select',
            label: 'Currency',
            public: false,
            default: DEFAULT_CURRENCY,
            // The list (≈120) is filled in by module-settings.ts, off the landing page's path.
            optionsFrom: 'currencies',
          },
        ],
      },
    ],
  },
  { name: 'colours', label: 'Brand colours', sections: [{ title: 'Colours', items: colourItems }] },
];

const PRODUCT: ModuleDefinition = {
  name: PRODUCT_MODULE,
  label: PRODUCT_MODULE_LABEL,
  description: 'The clinic itself: company details, units, currency and brand colours.',
  essential: true,
  route: null,
  section: null,
  position: 0,
  leftDrawer: false,
  routes: [],
  tabs: PRODUCT_TABS,
};

const sectionIndex = (m: ModuleDefinition) => (m.section ? NAV_SECTIONS.indexOf(m.section) : -1);

/** The product module, then each entity's module (from its definition) in navigation order. */
export const MODULES: readonly ModuleDefinition[] = [
  PRODUCT,
  ...ENTITIES.flatMap((e) => (e.moduleEntry ? [e.moduleEntry] : [])).sort(
    (a, b) => sectionIndex(a) - sectionIndex(b) || a.position - b.position,
  ),
];

export function moduleByName(name: string): ModuleDefinition | undefined {
  return MODULES.find((m) => m.name === name);
}

/** The privilege tree of `groups/get_available_privileges`: module wildcard → its routes. */
export function availablePrivileges(): AvailablePrivilege[] {
  return MODULES.filter((m) => m.routes.length > 0).map((m) => ({
    module_id: m.name,
    route_id: wildcardOf(m.name),
    label: m.label,
    children: m.routes.map((r) => ({
      module_id: m.name,
      route_id: privilegeOf(m.name, r.route),
      label: r.label,
      children: [],
    })),
  }));
}

export function allPrivilegeStrings(): string[] {
  return availablePrivileges().flatMap((p) => [p.route_id, ...p.children.map((c) => c.route_id)]);
}
