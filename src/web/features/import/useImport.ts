/**
 * The Import action of a list, UI-free: the wizard's steps — choose a file (read by the server:
 * headers, a sample, a guessed mapping) → map columns (adjust, save or load a named mapping,
 * kept in the user's preferences of the module) → dry run (every row's errors; bad rows may be
 * skipped) → import (all or nothing) → summary. Every step is one `{entities}/import` call.
 */
import { useState } from 'react';
import {
  IMPORT_MAPPINGS_PREFERENCE,
  type ImportMapping,
  type ImportOutcome,
  type ImportRead,
} from '../../../shared/imports';
import { IMPORT_FILE_MAX_BYTES } from '../../../shared/limits';
import { call } from '../../api/client';
import { useEntityScope } from '../../entity/hooks/entityContext';
import { useEntityPreferences } from '../../entity/hooks/useEntityPreferences';
import { base64Of, byColumn, byHeader, savedMappingsOf, TOO_LARGE_TEXT } from './importFile';

type ImportStage = 'file' | 'map' | 'check' | 'importing' | 'done';

export function useImport() {
  const { definition, store } = useEntityScope();
  const preferences = useEntityPreferences(definition);
  const saved = savedMappingsOf(preferences.values[IMPORT_MAPPINGS_PREFERENCE]);
  const [open, setOpen] = useState(false);
  const [stage, setStage] = useState<ImportStage>('file');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [file, setFile] = useState<{ name: string; data: string } | null>(null);
  const [read, setRead] = useState<ImportRead | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [checked, setChecked] = useState<ImportOutcome | null>(null);
  const [skipped, setSkipped] = useState<number[]>([]);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const path = `${definition.entities}/import`;
  /** One step's call; its refusal is shown in the wizard, not as a toast. */
  const step = async <T>(payload: Record<string, unknown>): Promise<T | null> => {
    setBusy(true);
    setProblem(null);
    try {
      const reply = await call<T>(path, payload, { silent: true });
      if (reply.result) return reply.data;
      setProblem(reply.messages[0]?.text ?? 'The import was refused.');
      return null;
    } catch (error) {
      setProblem((error as Error).message);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const openDialog = () => {
    setStage('file');
    setProblem(null);
    setFile(null);
    setRead(null);
    setChecked(null);
    setOutcome(null);
    setSkipped([]);
    setOpen(true);
  };

  const chooseFile = async (chosen: File | null) => {
    if (!chosen) return;
    if (chosen.size > IMPORT_FILE_MAX_BYTES) return setProblem(TOO_LARGE_TEXT);
    const data = await base64Of(chosen);
    const answer = await step<ImportRead>({ step: 'read', file: data });
    if (!answer) return;
    setFile({ name: chosen.name, data });
    setRead(answer);
    setMapping(answer.mapping);
    setStage('map');
  };

  const setTarget = (column: number, target: string) => {
    setMapping({ ...mapping, [String(column)]: target });
    setChecked(null);
  };

  const saveMapping = async (name: string) => {
    if (!read || name.trim() === '') return;
    const all = { ...saved, [name.trim()]: byHeader(read.headers, mapping) };
    const refusal = await preferences.save(IMPORT_MAPPINGS_PREFERENCE, all);
    setProblem(refusal);
  };

  const loadMapping = (name: string) => {
    const chosen = saved[name];
    if (read && chosen) setMapping(byColumn(read.headers, chosen));
  };

  const check = async () => {
    if (!file) return;
    const answer = await step<ImportOutcome>({
      step: 'check',
      file: file.data,
      mapping,
      skip_rows: skipped,
    });
    if (!answer) return;
    setChecked(answer);
    setStage('check');
  };

  const toggleSkip = (row: number) => {
    setSkipped(skipped.includes(row) ? skipped.filter((r) => r !== row) : [...skipped, row]);
  };
  const skipAllBad = () => {
    setSkipped([...new Set([...skipped, ...(checked?.errors.map((e) => e.row) ?? [])])]);
  };

  const run = async () => {
    if (!file) return;
    setStage('importing');
    const answer = await step<ImportOutcome>({
      step: 'import',
      file: file.data,
      mapping,
      skip_rows: skipped,
    });
    if (!answer) return setStage('check');
    setOutcome(answer);
    setStage('done');
    await store.getState().loadList();
  };

  /** Rows with errors the user has not chosen to skip: the import would refuse them. */
  const blocking = (checked?.errors ?? []).filter((e) => !skipped.includes(e.row));

  return {
    title: definition.title,
    open,
    stage,
    busy,
    problem,
    fileName: file?.name ?? null,
    read,
    mapping,
    savedNames: Object.keys(saved),
    checked,
    skipped,
    blocking,
    outcome,
    openDialog,
    close: () => setOpen(false),
    chooseFile,
    setTarget,
    saveMapping,
    loadMapping,
    check,
    toggleSkip,
    skipAllBad,
    back: () => setStage('map'),
    run,
  };
}

export type ImportController = ReturnType<typeof useImport>;
