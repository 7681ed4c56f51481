/**
 * Extra views: the only entity-specific code of the generic screen. A definition names a slot or
 * a button; the maps here say what fills it (SLOTS, BUTTON_ACTIONS, keyed `{entities}.{item}`),
 * and what an entity set adds to its editor, list header and rows (EXTRA_TABS, LIST_TOOLS,
 * ROW_LEFT_SECTIONS, RECORD_BANNERS, keyed `{entities}`). Slots load lazily, so the screen's
 * chunk carries none of them.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { EntityDefinition, EntityPath } from '../../../shared/entities';
import { withTimeout } from '../../app/lazy';
import { moduleTabsOf } from '../../features/modules/moduleTabs';
import type { Id, Row } from '../model/types';
import { UserListAvatar } from './UserListAvatar';

export interface SlotProps {
  definition: EntityDefinition;
  rowId: Id;
  row: Row;
  disabled: boolean;
}

type LazySlot = LazyExoticComponent<ComponentType<SlotProps>>;

/**
 * These maps are read by any entity path, but written with keys the type checker holds to the
 * definitions' entity paths (`satisfies`); test/unit/entity-extras.test.ts checks the item names.
 */
type ByEntity<T> = Partial<Record<EntityPath, T>>;
export type ItemKey = `${EntityPath}.${string}`;
type ByItem<T> = Partial<Record<ItemKey, T>>;

export const SLOTS: Readonly<Record<string, LazySlot>> = {
  'prescriptions.prescription_lines': lazy(async () => ({
    default: (await withTimeout(import('./PrescriptionLines'))).PrescriptionLines,
  })),
  'groups.group_privileges': lazy(async () => ({
    default: (await withTimeout(import('../../features/group-privileges/GroupPrivileges')))
      .GroupPrivileges,
  })),
  'patientletters.letter_mailing': lazy(async () => ({
    default: (await withTimeout(import('./LetterMailing'))).LetterMailing,
  })),
  'patientletters.empty_merge_fields': lazy(async () => ({
    default: (await withTimeout(import('./EmptyMergeFields'))).EmptyMergeFields,
  })),
  'patients.patient_prescriptions': lazy(async () => ({
    default: (await withTimeout(import('./PatientHistory'))).PatientPrescriptions,
  })),
  'patients.patient_letters': lazy(async () => ({
    default: (await withTimeout(import('./PatientHistory'))).PatientLetters,
  })),
  'patients.patient_appointments': lazy(async () => ({
    default: (await withTimeout(import('../../features/diary/PatientAppointments')))
      .PatientAppointments,
  })),
  'appointments.appointment_messages': lazy(async () => ({
    default: (await withTimeout(import('../../features/diary/AppointmentMessages')))
      .AppointmentMessagesSlot,
  })),
  'batches.batch_trace': lazy(async () => ({
    default: (await withTimeout(import('../../features/stock/BatchTrace'))).BatchTrace,
  })),
  'users.avatar': lazy(async () => ({
    default: (await withTimeout(import('./UserAvatar'))).UserAvatar,
  })),
  'users.password': lazy(async () => ({
    default: (await withTimeout(import('./UserPassword'))).UserPassword,
  })),
  'modules.module_enabled_switch': lazy(async () => ({
    default: (await withTimeout(import('../../features/modules/ModuleEnabledSwitch')))
      .ModuleEnabledSwitch,
  })),
  'modules.module_settings_tabs': lazy(async () => ({
    default: (await withTimeout(import('../../features/modules/ModuleSettingsOverview')))
      .ModuleSettingsOverview,
  })),
} satisfies ByItem<LazySlot>;

/** Drawn before a row's text in the list, like a Mantine `leftSection`; small, so not lazy. */
export const ROW_LEFT_SECTIONS: Readonly<Record<string, ComponentType<{ row: Row }>>> = {
  users: UserListAvatar,
} satisfies ByEntity<ComponentType<{ row: Row }>>;

export interface ExtraTabProps extends SlotProps {
  tab: string;
}

/** Editor tabs a row brings besides its definition's (a module's own settings tabs). */
export interface ExtraTabs {
  tabsOf: (row: Row) => Array<{ name: string; label: string }>;
  View: LazyExoticComponent<ComponentType<ExtraTabProps>>;
}

export const EXTRA_TABS: Readonly<Record<string, ExtraTabs>> = {
  patients: {
    tabsOf: () => [{ name: 'record_history', label: 'Record history' }],
    View: lazy(async () => ({
      default: (await withTimeout(import('../../features/audit/RecordHistoryTab')))
        .RecordHistoryTab,
    })),
  },
  users: {
    tabsOf: () => [{ name: 'activity', label: 'Activity' }],
    View: lazy(async () => ({
      default: (await withTimeout(import('../../features/audit/UserActivityTab'))).UserActivityTab,
    })),
  },
  modules: {
    tabsOf: moduleTabsOf,
    View: lazy(async () => ({
      default: (await withTimeout(import('../../features/modules/SettingsTabView')))
        .SettingsTabView,
    })),
  },
} satisfies ByEntity<ExtraTabs>;

/**
 * A banner above a stored record's tabs that stays in view while the record scrolls: the
 * patient's alerts on the patient and on each of their prescriptions.
 */
type LazyBanner = LazyExoticComponent<ComponentType<Pick<SlotProps, 'definition' | 'row'>>>;
const patientAlerts: LazyBanner = lazy(async () => ({
  default: (await withTimeout(import('../../features/patient-alerts/PatientAlertBanner')))
    .PatientAlertBanner,
}));
export const RECORD_BANNERS: Readonly<Record<string, LazyBanner>> = {
  patients: patientAlerts,
  prescriptions: patientAlerts,
} satisfies ByEntity<LazyBanner>;

/** Tools in a list's header, keyed by entity set. */
export const LIST_TOOLS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  modules: lazy(async () => ({
    default: (await withTimeout(import('../../features/modules/RefreshModuleList')))
      .RefreshModuleList,
  })),
} satisfies ByEntity<LazyExoticComponent<ComponentType>>;

/** Buttons without a server call of their own. */
/**
 * What a button's call sends besides the row's id, asked before the call (in place of its plain
 * confirmation); null cancels. Dispensing asks for a reason while safety warnings are open.
 */
type CallPayload = (id: Id, confirmText?: string) => Promise<Record<string, unknown> | null>;
export const CALL_PAYLOADS: Readonly<Record<string, CallPayload>> = {
  'prescriptions.dispense': async (id, confirmText) =>
    (await import('./dispenseSafety')).dispensePayload(Number(id), confirmText),
} satisfies ByItem<CallPayload>;

export const BUTTON_ACTIONS: Readonly<Record<string, (id: Id) => void>> = {
  // Asks first when merge fields would print nothing (issue 43 #4).
  'patientletters.print': (id) => {
    void import('./mergeFieldCheck').then((m) => m.printLetter(Number(id)));
  },
  'prescriptions.print': (id) => {
    window.open(`/printing/prescriptions/${id}`, '_blank', 'noopener');
  },
  'prescriptions.print_label': (id) => {
    window.open(`/printing/prescriptions/${id}/label`, '_blank', 'noopener');
  },
  'prescriptions.print_receipt': (id) => {
    window.open(`/printing/prescriptions/${id}/receipt`, '_blank', 'noopener');
  },
} satisfies ByItem<(id: Id) => void>;

export const extraKey = (definition: EntityDefinition, name: string) =>
  `${definition.entities}.${name}`;
