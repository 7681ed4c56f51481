/**
 * The search box: the Search button is disabled while the box is empty; Enter also
 * searches; emptying the box and pressing Enter (or the clear button) shows everything again.
 */
import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useEntityScope, useEntityState } from '../hooks/entityContext';
import { SEARCH } from '../model/filtering';

export function SearchBox() {
  const { store, definition } = useEntityScope();
  const active = useEntityState((s) => {
    const value = s.filters[SEARCH];
    return typeof value === 'string' ? value : '';
  });
  const [text, setText] = useState(active);
  useEffect(() => setText(active), [active]);
  const submit = (event: FormEvent | KeyboardEvent) => {
    event.preventDefault();
    if (text.trim() !== active) void store.getState().setSearch(text);
  };
  const clear = () => {
    setText('');
    if (active) void store.getState().setSearch('');
  };
  return (
    <form onSubmit={submit} role="search" aria-label={`Search ${definition.title.toLowerCase()}`}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          type="search"
          aria-label="Search"
          placeholder={`Search ${definition.title.toLowerCase()}`}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          // A disabled Search button blocks the form's own Enter: Enter is handled here.
          onKeyDown={(e) => e.key === 'Enter' && submit(e)}
          flex={1}
          rightSection={
            text ? (
              <ActionIcon variant="subtle" color="gray" aria-label="Clear search" onClick={clear}>
                <span aria-hidden>✕</span>
              </ActionIcon>
            ) : undefined
          }
        />
        <Button type="submit" disabled={text.trim() === ''}>
          Search
        </Button>
      </Group>
    </form>
  );
}
