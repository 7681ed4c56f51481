/**
 * Toolbar tools of rich-text fields, keyed `{entities}.{field}` like the other extras: merge
 * fields wherever letters are written, snippets in the letter itself. Imported by the lazy
 * rich-text chunk only, so no main chunk carries them.
 */
import type { ComponentType } from 'react';
import type { EntityDefinition } from '../../../shared/entities';
import type { ItemKey } from './extraViews';
import { MergeFieldMenu } from './MergeFieldMenu';
import type { RichTextToolProps } from './richTextToolProps';
import { SnippetPicker } from './SnippetPicker';

type Tool = ComponentType<RichTextToolProps>;

export const RICH_TEXT_TOOLS: Readonly<Record<string, readonly Tool[]>> = {
  'patientletters.patientletter_body': [MergeFieldMenu, SnippetPicker],
  'snippets.snippet_body': [MergeFieldMenu],
} satisfies Partial<Record<ItemKey, readonly Tool[]>>;

const NONE: readonly Tool[] = [];

export const richTextToolsOf = (definition: EntityDefinition, field: string) =>
  RICH_TEXT_TOOLS[`${definition.entities}.${field}`] ?? NONE;
