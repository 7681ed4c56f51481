/**
 * The patient's alert banner at the top of the patient's record and of each of their
 * prescriptions (RECORD_BANNERS, entity/extras/extraViews.ts): allergies in red, pregnancy,
 * age under 18, medication and the conditions herbs are cautioned against, each group linking to
 * the tab where it is edited. It stays in view while the record scrolls; on a small screen it is
 * one line with a count that expands. Logic: ./usePatientAlerts.ts.
 */
import { Anchor, Badge, Text, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import type { SlotProps } from '../../entity/extras/extraViews';
import { RunsOutNotice } from '../diary-review/RunsOutNotice';
import type { AlertGroup } from './alertGroups';
import classes from './PatientAlertBanner.module.css';
import { usePatientAlerts, type AlertBannerModel } from './usePatientAlerts';

export function PatientAlertBanner({ definition, row }: Pick<SlotProps, 'definition' | 'row'>) {
  const model = usePatientAlerts(definition, row);
  const id = useId();
  if (!model) return null;
  const allergic = model.alerts.allergies.length > 0;
  return (
    <section
      aria-label="Patient alerts"
      className={classes.banner}
      data-tone={allergic ? 'allergy' : model.count > 0 ? 'alert' : 'none'}
      data-testid="patient-alerts"
    >
      {model.collapsible && <CollapsedLine model={model} bodyId={`${id}-body`} />}
      {model.expanded && (
        <div id={`${id}-body`} className={classes.groups}>
          {model.showName && (
            <Text component="span" size="sm" fw={700} className={classes.name}>
              {model.alerts.patient_name}
            </Text>
          )}
          {model.groups.map((group) => (
            <GroupView key={group.key} group={group} to={model.linkOf(group)} />
          ))}
        </div>
      )}
      {definition.entities === 'patients' && <RunsOutNotice patientId={model.alerts.patient_id} />}
    </section>
  );
}

function CollapsedLine({ model, bodyId }: { model: AlertBannerModel; bodyId: string }) {
  const allergic = model.alerts.allergies.length > 0;
  return (
    <UnstyledButton
      className={classes.line}
      aria-expanded={model.expanded}
      aria-controls={bodyId}
      onClick={model.toggle}
    >
      <Badge
        color={allergic ? 'red.9' : model.count > 0 ? 'orange.5' : 'gray'}
        variant={model.count > 0 ? 'filled' : 'default'}
        autoContrast
        tt="none"
        className={classes.count}
      >
        {model.count === 1 ? '1 alert' : `${model.count} alerts`}
      </Badge>
      <Text component="span" size="sm" truncate="end" className={classes.summary}>
        {model.showName ? `${model.alerts.patient_name}: ` : ''}
        {model.summary}
      </Text>
      <span aria-hidden className={model.expanded ? classes.chevronOpen : classes.chevron}>
        ›
      </span>
    </UnstyledButton>
  );
}

const badgeClasses = { root: classes.badge, label: classes.badgeLabel };

function GroupView({ group, to }: { group: AlertGroup; to: string }) {
  return (
    <div className={classes.group} role="group" aria-label={group.label} data-group={group.key}>
      <Anchor
        component={Link}
        to={to}
        size="sm"
        fw={700}
        c="var(--mantine-color-text)"
        className={classes.label}
      >
        {group.label}
      </Anchor>
      {group.entries.length === 0 ? (
        <Badge variant="default" tt="none" size="lg" radius="sm" classNames={badgeClasses}>
          {group.empty}
        </Badge>
      ) : (
        group.entries.map((entry) => (
          <Badge
            key={entry.text}
            color={group.color ?? undefined}
            variant={group.color && !entry.note ? 'filled' : 'default'}
            autoContrast
            tt="none"
            size="lg"
            radius="sm"
            classNames={badgeClasses}
          >
            {entry.text}
            {entry.note && <span className={classes.note}> ({entry.note})</span>}
          </Badge>
        ))
      )}
    </div>
  );
}
