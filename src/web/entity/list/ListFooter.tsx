/** The end of a list: loading, 'No Result', an END marker or "Load more". */
import { Button, Center, Text } from '@mantine/core';
import { DelayedLoader } from '../../app/DelayedLoader';
import { useShallow } from 'zustand/react/shallow';
import { useEntityScope, useEntityState } from '../hooks/entityContext';

const NO_RESULT_TEXT = 'No Result';
const END_TEXT = 'END';

export function ListFooter() {
  const { store, definition } = useEntityScope();
  const { loading, empty, noMore, loaded } = useEntityState(
    useShallow((s) => ({
      loading: s.loading,
      empty: s.list.length === 0,
      noMore: s.no_more || Boolean(definition.tree),
      loaded: s.list_loaded,
    })),
  );
  let content;
  if (loading) content = <DelayedLoader size="sm" label="Loading the list" />;
  else if (!loaded) content = null;
  else if (empty) {
    content = (
      <Text c="dimmed" role="status">
        {NO_RESULT_TEXT}
      </Text>
    );
  } else if (noMore) {
    content = (
      <Text c="dimmed" size="xs" fw={600} data-end role="status">
        {END_TEXT}
      </Text>
    );
  } else {
    content = (
      <Button variant="light" size="xs" onClick={() => void store.getState().loadMore()}>
        Load more
      </Button>
    );
  }
  return (
    <Center py="sm" mih={48}>
      {content}
    </Center>
  );
}
