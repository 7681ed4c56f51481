/** A module row's own settings tabs (SPEC §2.6 "plus tabs supplied by each module"). */
import { moduleByName } from '../../../shared/modules';
import type { Row } from '../../entity/model/types';

export const moduleTabsOf = (row: Row) =>
  (moduleByName(String(row.module_name))?.tabs ?? []).map((tab) => ({
    name: tab.name,
    label: tab.label,
  }));
