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

/** The clinic's IANA time zone; '' means the server's own (src/server/diary/time-zone.ts). */
export const TIME_ZONE_SETTING = 'time_zone';

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
          // Printed on prescriptions, labels and receipts (logged-in pages, so not public).
          {
            name: 'clinic_address',
            type: 'text',
            label: 'Clinic address',
            public: false,
            default: '',
          },
          { name: 'clinic_phone', type: 'text', label: 'Clinic phone', public: false, default: '' },
          // The diary's wall time: hours, bookings and reminders read in this zone (IANA name).
          {
            name: TIME_ZONE_SETTING,
            type: 'select',
            label: 'Time zone',
            public: true,
            default: '',
            optionsFrom: 'timeZones',
            hint: 'Empty: the server’s time zone. Appointments are shown and booked in this zone.',
          },
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
      {
        // Read by src/shared/prescription-totals.ts pricingSettingsOf.
        title: 'Prices',
        items: [
          {
            name: 'price_markup',
            type: 'number',
            label: 'Price from cost (cost ×)',
            public: false,
            default: 0,
            min: 0,
            max: 100,
            hint: 'A product with no price of its own is priced at its cost times this (e.g. 2.5); 0 leaves it for the practitioner to price.',
          },
          {
            name: 'dispensing_fee',
            type: 'number',
            label: 'Dispensing fee',
            public: false,
            default: 0,
            min: 0,
            max: 100000,
            hint: 'Added to each formula with lines.',
          },
          {
            name: 'container_fee',
            type: 'number',
            label: 'Container fee',
            public: false,
            default: 0,
            min: 0,
            max: 100000,
            hint: 'The bottle or jar, added to each formula with lines.',
          },
          {
            name: 'tax_rate',
            type: 'number',
            label: 'Tax rate (%)',
            public: false,
            default: 0,
            min: 0,
            max: 100,
            hint: 'Added on the lines and fees (prices are net of tax); 0 for none.',
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
