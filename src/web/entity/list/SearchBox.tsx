/**
 * The search box: the list follows the text as it is typed (a short pause after the last key);
 * Enter and the Search button search at once; emptying the box (or the clear button) shows
 * everything again.
 */
import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import type { FormEvent, KeyboardEvent } from 'react';
import { useEntityScope, useEntityState } from '../hooks/entityContext';
import { useTypedFilter } from '../hooks/useTypedFilter';
import { SEARCH } from '../model/filtering';

export function SearchBox() {
  const { store, definition } = useEntityScope();
  const active = useEntityState((s) => {
    const value = s.filters[SEARCH];
    return typeof value === 'string' ? value : '';
  });
  const search = useTypedFilter(active, (text) => {
    void store.getState().setSearch(text);
    return true;
  });
  const submit = (event: FormEvent | KeyboardEvent) => {
    event.preventDefault();
    search.applyNow();
  };
  const clear = () => {
    search.setText('');
    search.applyNow('');
  };
  return (
    <form onSubmit={submit} role="search" aria-label={`Search ${definition.title.toLowerCase()}`}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          type="search"
          aria-label="Search"
          placeholder={`Search ${definition.title.toLowerCase()}`}
          value={search.text}
          onChange={(e) => search.type(e.currentTarget.value)}
          // A disabled Search button blocks the form's own Enter: Enter is handled here.
          onKeyDown={(e) => e.key === 'Enter' && submit(e)}
          flex={1}
          rightSection={
            search.text ? (
              <ActionIcon variant="subtle" color="gray" aria-label="Clear search" onClick={clear}>
                <span aria-hidden>✕</span>
              </ActionIcon>
            ) : undefined
          }
        />
        <Button type="submit" disabled={search.text.trim() === ''}>
          Search
        </Button>
      </Group>
    </form>
  );
}
