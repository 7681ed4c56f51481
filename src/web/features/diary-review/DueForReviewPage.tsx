/** `/app/diary/review`: the due-for-review list on a page of its own (the diary links here). */
import { Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DIARY_PATH } from '../diary/diaryRoute';
import { DueForReviewPanel } from './DueForReviewPanel';

export function DueForReviewPage() {
  return (
    <Stack gap="sm" p={{ base: 'xs', sm: 'md' }} maw={960}>
      <Anchor component={Link} to={DIARY_PATH} size="sm">
        ‹ Diary
      </Anchor>
      <Title order={1} size="h3">
        Reviews
      </Title>
      <DueForReviewPanel />
    </Stack>
  );
}
