/**
 * The alert banner's logic: which patient the record is about (the patient, or a prescription's
 * patient), their facts in one read (patients/get_alerts) when the user may read patients, the
 * groups to show, where each group is edited, and whether the small-screen line is expanded.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { EntityDefinition } from '../../../shared/entities';
import { SMALL_SCREEN_MAX_PX } from '../../../shared/limits';
import type { PatientAlerts } from '../../../shared/patient-alerts';
import { grants, isAdmin, privilegeOf } from '../../../shared/privileges';
import { callData } from '../../api/client';
import { rowUri } from '../../entity/model/routes';
import type { Row } from '../../entity/model/types';
import { usePrivileges } from '../../session/queries';
import { useSession } from '../../session/store';
import { alertCount, alertGroups, summaryText, type AlertGroup } from './alertGroups';

const PATIENTS = 'patients';

function patientIdOf(definition: EntityDefinition, row: Row): number | null {
  const id = definition.entities === PATIENTS ? row.patient_id : row.prescription_patient_id;
  return typeof id === 'number' && id > 0 ? id : null;
}

/**
 * What the banner shows changes with these values of the patient's own record: when a save
 * changes one (an allergy or medicine linked, Pregnant switched), the key changes and the
 * facts are read again. A prescription's screen reads them afresh each time it opens.
 */
function recordSignature(definition: EntityDefinition, row: Row): string {
  if (definition.entities !== PATIENTS) return '';
  const relations = (row._relations ?? {}) as Record<string, unknown>;
  return JSON.stringify([
    row.patient_dob,
    row.patient_pregnant,
    row.patient_breastfeeding,
    relations.allergies,
    relations.medications,
    relations.conditions,
  ]);
}

function useMayReadPatients(): boolean {
  const admin = useSession((s) => isAdmin(s.user?.group_ids ?? []));
  const privileges = usePrivileges().data ?? [];
  return admin || grants(privileges, privilegeOf(PATIENTS, 'list'));
}

export interface AlertBannerModel {
  alerts: PatientAlerts;
  groups: AlertGroup[];
  count: number;
  summary: string;
  /** On a prescription the banner names whose alerts they are. */
  showName: boolean;
  /** Small screens: one line until expanded. */
  collapsible: boolean;
  expanded: boolean;
  toggle: () => void;
  linkOf: (group: AlertGroup) => string;
}

export function usePatientAlerts(definition: EntityDefinition, row: Row): AlertBannerModel | null {
  const slug = useSession((s) => s.company_slug);
  const mayRead = useMayReadPatients();
  const patientId = patientIdOf(definition, row);
  const search = useLocation().search;
  const small = useMediaQuery(`(max-width: ${SMALL_SCREEN_MAX_PX}px)`, false, {
    getInitialValueInEffect: false,
  });
  const [expanded, setExpanded] = useState(false);
  const query = useQuery({
    queryKey: ['patient-alerts', slug, patientId, recordSignature(definition, row)],
    queryFn: () => callData<PatientAlerts>('patients/get_alerts', { patient_id: patientId }),
    enabled: patientId !== null && mayRead,
    // While a changed record is read again the banner stays; never another patient's alerts.
    placeholderData: (previous) =>
      previous?.patient_id === patientId ? keepPreviousData(previous) : undefined,
    staleTime: 0,
  });
  const alerts = query.data;
  if (!alerts || alerts.patient_id !== patientId) return null;
  const groups = alertGroups(alerts);
  const onPatient = definition.entities === PATIENTS;
  return {
    alerts,
    groups,
    count: alertCount(groups),
    summary: summaryText(groups),
    showName: !onPatient,
    collapsible: small,
    expanded: !small || expanded,
    toggle: () => setExpanded((open) => !open),
    linkOf: (group) => rowUri(PATIENTS, alerts.patient_id, group.tab, onPatient ? search : ''),
  };
}
