/**
 * The Export action of a list: the dialog's choice (starting from the user's remembered one),
 * the download of the list's whole filtered and searched set with its progress, and
 * cancelling it. The choice is saved to the user's preferences when an export starts.
 */
import { useMemo, useRef, useState } from 'react';
import { exportableFields } from '../../../shared/exports';
import { showToast } from '../../api/toasts';
import { useEntityScope } from '../../entity/hooks/entityContext';
import { useEntityPreferences } from '../../entity/hooks/useEntityPreferences';
import { downloadExport, type ExportProgress } from './download';
import { exportPreferenceField, readExportChoice, type ExportChoice } from './exportChoice';

export function useExport() {
  const { definition, store } = useEntityScope();
  const preferences = useEntityPreferences(definition);
  const field = exportPreferenceField(definition);
  const stored = preferences.values[field];
  const remembered = useMemo(() => readExportChoice(definition, stored), [definition, stored]);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<ExportChoice>(remembered);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  const openDialog = () => {
    setChoice(remembered);
    setProblem(null);
    setOpen(true);
  };

  const close = () => {
    running.current?.abort();
    running.current = null;
    setProgress(null);
    setOpen(false);
  };

  const start = async () => {
    const { filters, relation_filters, sort } = store.getState();
    void preferences.save(field, choice);
    const controller = new AbortController();
    running.current = controller;
    setProblem(null);
    setProgress({ bytes: 0, rows: null });
    // A tree's list is loaded whole, by its filters alone: so is its export.
    const query = definition.tree
      ? { filters }
      : { filters, relation_filters, ...(sort ? { sort } : {}) };
    const refusal = await downloadExport(
      `${definition.entities}/export`,
      { ...query, ...choice },
      setProgress,
      controller.signal,
    );
    if (controller.signal.aborted) return;
    running.current = null;
    setProgress(null);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setOpen(false);
    showToast({ type: 's', text: `${definition.title} exported.` });
  };

  return {
    fields: exportableFields(definition),
    title: definition.title,
    open,
    choice,
    setChoice,
    progress,
    problem,
    openDialog,
    close,
    start,
  };
}

export type ExportController = ReturnType<typeof useExport>;
