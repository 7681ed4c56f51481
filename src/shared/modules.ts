/**
 * The module catalogue: every module a company has, named by its entity path, with
 * the privilege routes it offers, its navigation place and its settings tabs. The server seeds and
 * refreshes each company's module rows from this list; the web builds its navigation from it.
 */
import { COLOUR_KEYS, DEFAULT_COLOURS } from './colours';
import type { SettingItem, SettingsTab } from './settings';
import { privilegeOf, wildcardOf, type AvailablePrivilege } from './privileges';

/** The company currency until the clinic chooses one (GBP comes first). */
export const DEFAULT_CURRENCY = 'GBP';

export const PRODUCT_MODULE = 'materia';

/**
 * Fixed by the product requirements, word for word (do not reword): shown by the disabled toggle
 * and sent by the server's refusal.
 */
export const ESSENTIAL_MODULE_TEXT =
  'This is an essential module and therefor it can not be disabled.';

export type NavSection = 'Clinic' | 'Materia medica' | 'Reference data' | 'Administration';
export const NAV_SECTIONS: readonly NavSection[] = [
  'Clinic',
  'Materia medica',
  'Reference data',
  'Administration',
];

export interface PrivilegeRoute {
  route: string;
  label: string;
}

export interface ModuleDefinition {
  name: string;
  label: string;
  description: string;
  essential: boolean;
  /** Where the navigation leads; null for modules without a screen of their own. */
  route: string | null;
  section: NavSection | null;
  leftDrawer: boolean;
  routes: readonly PrivilegeRoute[];
  tabs: readonly SettingsTab[];
}

/** The four routes of every entity module; each entity call belongs to one of them. */
export const ENTITY_ROUTES: readonly PrivilegeRoute[] = [
  { route: 'list', label: 'View and search' },
  { route: 'insert', label: 'Add' },
  { route: 'update', label: 'Edit' },
  { route: 'delete', label: 'Delete' },
];

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

interface EntityModuleOptions {
  section: NavSection;
  description: string;
  leftDrawer?: boolean;
  essential?: boolean;
  extraRoutes?: PrivilegeRoute[];
  tabs?: SettingsTab[];
}

function entityModule(name: string, label: string, o: EntityModuleOptions): ModuleDefinition {
  return {
    name,
    label,
    description: o.description,
    essential: o.essential ?? false,
    route: `/app/${name}`,
    section: o.section,
    leftDrawer: o.leftDrawer ?? false,
    routes: [...ENTITY_ROUTES, ...(o.extraRoutes ?? [])],
    tabs: o.tabs ?? [],
  };
}

export const MODULES: readonly ModuleDefinition[] = [
  {
    name: PRODUCT_MODULE,
    label: 'Materia',
    description: 'The clinic itself: company details, units, currency and brand colours.',
    essential: true,
    route: null,
    section: null,
    leftDrawer: false,
    routes: [],
    tabs: PRODUCT_TABS,
  },
  entityModule('patients', 'Patients', {
    section: 'Clinic',
    description: 'Patient records: contact details, conditions, symptoms and notes.',
    leftDrawer: true,
  }),
  entityModule('prescriptions', 'Prescriptions', {
    section: 'Clinic',
    description: 'Herbal prescriptions with their lines, doses, prices and dispensing.',
    leftDrawer: true,
    extraRoutes: [{ route: 'dispense', label: 'Dispense' }],
  }),
  entityModule('patientletters', 'Patient letters', {
    section: 'Clinic',
    description: 'Letters to patients, written from snippets and printed on the letterhead.',
    leftDrawer: true,
  }),
  entityModule('snippets', 'Snippets', {
    section: 'Clinic',
    description: 'Reusable passages of text for patient letters.',
    leftDrawer: true,
  }),
  entityModule('herbs', 'Herbs', {
    section: 'Materia medica',
    description: 'The materia medica: herbs with their names, parts used, actions and doses.',
    leftDrawer: true,
  }),
  entityModule('dispensary_products', 'Dispensary', {
    section: 'Materia medica',
    description: 'Dispensary stock: tinctures, dried herbs, powders and capsules.',
    leftDrawer: true,
  }),
  entityModule('products', 'Products', {
    section: 'Materia medica',
    description: 'Other products the clinic sells.',
    leftDrawer: true,
  }),
  ...(
    [
      ['actions', 'Actions', 'Herbal actions such as astringent or carminative.'],
      ['conditions', 'Conditions', 'Conditions a patient presents with.'],
      ['diseases', 'Diseases', 'Diseases and their descriptions.'],
      ['symptoms', 'Symptoms', 'Symptoms a patient reports.'],
      ['organs', 'Organs', 'Organs and body systems.'],
      ['specialisms', 'Specialisms', 'Practitioner specialisms.'],
      ['partuseds', 'Parts used', 'Plant parts used: root, leaf, flower, …'],
      ['locations', 'Locations', 'Clinic locations and rooms.'],
      ['countries', 'Countries', 'Countries (ISO 3166).'],
      ['categories', 'Categories', 'The category tree used to file records.'],
    ] as const
  ).map(([name, label, description]) =>
    entityModule(name, label, { section: 'Reference data', description }),
  ),
  entityModule('users', 'Users', {
    section: 'Administration',
    description: 'Staff accounts, their groups and passwords.',
    leftDrawer: true,
    essential: true,
    extraRoutes: [{ route: 'set_password', label: 'Set passwords' }],
  }),
  entityModule('groups', 'Groups', {
    section: 'Administration',
    description: 'Groups of users and the privileges they grant.',
    essential: true,
    extraRoutes: [{ route: 'sync_group_privileges', label: 'Change privileges' }],
  }),
  entityModule('modules', 'Modules', {
    section: 'Administration',
    description: 'Enable or disable modules and change their settings.',
    essential: true,
    extraRoutes: [
      { route: 'update_settings', label: 'Change settings' },
      { route: 'update_module_enabled', label: 'Enable and disable' },
    ],
  }),
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
