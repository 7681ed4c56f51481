/**
 * The product module (`materia`): the clinic itself, with its settings tabs (company, units and
 * money, brand colours). Apart from the catalogue in ./modules.ts because the landing page reads
 * its defaults, and the catalogue loads every entity definition.
 */
import { COLOUR_KEYS, DEFAULT_COLOURS } from './colours';
import { PRODUCT_MODULE, PRODUCT_MODULE_LABEL, type ModuleDefinition } from './module-entry';
import type { SettingItem, SettingsTab } from './settings';
import {
  AUDIT_RETENTION_DEFAULT_YEARS,
  AUDIT_RETENTION_MIN_YEARS,
  AUDIT_RETENTION_SETTING,
} from './audit-trail';

/** Minutes without input before the screen locks (a private setting; 0 = never). */
export const IDLE_LOCK_SETTING = 'idle_lock_minutes';

/** The company currency until the clinic chooses one (GBP comes first). */
export const DEFAULT_CURRENCY = 'GBP';

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
        title: 'Screen lock',
        items: [
          {
            name: IDLE_LOCK_SETTING,
            type: 'number',
            label: 'Lock the screen after (minutes without input)',
            public: false,
            default: 15,
            min: 0,
            max: 480,
            hint: 'The screen then asks for the password again; 0 turns the lock off.',
          },
        ],
      },
      {
        title: 'Audit trail',
        items: [
          {
            name: AUDIT_RETENTION_SETTING,
            type: 'number',
            label: 'Keep audit entries for (years)',
            public: false,
            default: AUDIT_RETENTION_DEFAULT_YEARS,
            min: AUDIT_RETENTION_MIN_YEARS,
            max: 50,
            hint: 'Older entries are removed by a job that runs every few hours.',
          },
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

export const PRODUCT_MODULE_DEFINITION: ModuleDefinition = {
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
