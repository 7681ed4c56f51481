/** A module row's own settings tabs (the generic tabs plus tabs supplied by each module). */
import { settingsTabsOf } from '../../../shared/module-settings';
import type { Row } from '../../entity/model/types';

export const moduleTabsOf = (row: Row) =>
  settingsTabsOf(String(row.module_name)).map((tab) => ({
    name: tab.name,
    label: tab.label,
  }));
