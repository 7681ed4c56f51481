/** A module row's own settings tabs (SPEC §2.6 "plus tabs supplied by each module"). */
import { settingsTabsOf } from '../../../shared/module-settings';
import type { Row } from '../../entity/model/types';

export const moduleTabsOf = (row: Row) =>
  settingsTabsOf(String(row.module_name)).map((tab) => ({
    name: tab.name,
    label: tab.label,
  }));
