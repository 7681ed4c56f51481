/**
 * One formula line as an editor source for the generic field renderers: every field saves the
 * line as a whole, after what follows from it (its product's measure and price, a herb's default
 * product: productDefaults.ts). A dispensed formula's fields are read-only.
 */
import type { EditorSource } from '../fields/source';
import type { Row } from '../model/types';
import { useCompanySettings } from '../../theme/useCompanySettings';
import { LINE_FIELDS, lineDefinition, lineIsComplete } from './lineDefinition';
import { withProductDefaults } from './productDefaults';

interface LineEditor {
  source: EditorSource;
  /** Names nothing yet, so it is not saved. */
  incomplete: boolean;
  remove: () => void;
}

export function useLineEditor(
  prescriptionId: number,
  values: Row,
  readOnly: boolean,
  onChange: (values: Row | null) => Promise<string | null>,
): LineEditor {
  const pricing = useCompanySettings();
  const source: EditorSource = {
    definition: lineDefinition,
    values,
    items: Object.fromEntries(LINE_FIELDS.map((name) => [name, { disabled: readOnly }])),
    save: async (field, value) =>
      onChange(
        await withProductDefaults(
          { ...values, [field.name]: value },
          field.name,
          pricing,
          prescriptionId,
        ),
      ),
    record: false,
    sectionOpen: () => true,
    setSectionOpen: () => undefined,
  };
  return {
    source,
    incomplete: !lineIsComplete(values),
    remove: () => void onChange(null),
  };
}
