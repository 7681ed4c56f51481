/** A formula's safety warnings beside the line they belong to (or above the lines). */
import { List } from '@mantine/core';
import type { SafetyWarning } from '../../../shared/prescription-safety';
import classes from './PrescriptionLines.module.css';

export function SafetyWarnings({
  warnings,
  label,
}: {
  warnings: readonly SafetyWarning[];
  label: string;
}) {
  if (warnings.length === 0) return null;
  return (
    <List
      size="xs"
      spacing={2}
      mt={4}
      className={classes.warnings}
      aria-label={label}
      data-warnings
    >
      {warnings.map((w) => (
        <List.Item key={`${w.kind}-${w.text}`} data-warning={w.kind}>
          {w.text}
        </List.Item>
      ))}
    </List>
  );
}
