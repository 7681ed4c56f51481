/**
 * The keyboard shortcuts that exist, as the `?` list shows them. Each is implemented where it
 * acts (the lists in entity/list, the favourites in features/navigation, the command
 * palette in features/command-palette); keep this list in step.
 */
interface Shortcut {
  keys: readonly string[];
  does: string;
}

interface ShortcutGroup {
  title: string;
  shortcuts: readonly Shortcut[];
}

export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    title: 'Anywhere',
    shortcuts: [
      { keys: ['?'], does: 'Show this list (not while typing in a field)' },
      {
        keys: ['Ctrl+K', '⌘K'],
        does: 'Command palette: find a patient, herb, product, prescription or letter; open a screen',
      },
      { keys: ['Tab', 'Shift+Tab'], does: 'Next or previous control; a list is one stop' },
      { keys: ['Esc'], does: 'Close a dialog, menu or drawer' },
    ],
  },
  {
    title: 'In a list or tree',
    shortcuts: [
      { keys: ['↑', '↓'], does: 'Previous or next row' },
      { keys: ['Home', 'End'], does: 'First or last row' },
      { keys: ['Page Up', 'Page Down'], does: 'A page up or down' },
      { keys: ['Enter', 'Space'], does: 'Open the row' },
      { keys: ['Ctrl+Enter'], does: 'Add the row to the selection, or take it out' },
      { keys: ['Shift+Enter'], does: 'Select every row up to this one' },
      { keys: ['Alt+↑', 'Alt+↓'], does: 'Move the row (lists ordered by hand)' },
      { keys: ['→', '←'], does: 'Open or close a tree node' },
    ],
  },
  {
    title: 'Buttons',
    shortcuts: [
      { keys: ['Hold Enter on Add'], does: 'Copy the selected row (as the Copy button does)' },
      { keys: ['Space', '↑', '↓', 'Space'], does: 'Pick up, move and drop a favourite' },
    ],
  },
];
