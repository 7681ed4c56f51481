import {
  Alert,
  Box,
  Button,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { optionLabel } from '../../../shared/users';
import { fullName, initialsOf } from '../../session/types';
import { AvatarEditor } from '../avatar/AvatarEditor';
import { useSetOwnAvatar } from '../avatar/useSetOwnAvatar';
import {
  CURRENT_PASSWORD,
  DETAIL_FIELDS,
  text,
  useMyDetails,
  type DetailField,
} from './useMyDetails';

function FieldEditor({
  field,
  value,
  error,
  onChange,
}: {
  field: DetailField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  if (field.type === 'select') {
    return (
      <Select
        label={field.label}
        data={(field.options ?? []).map((o) => ({ value: o, label: optionLabel(o) }))}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        clearable={field.name !== 'user_preferred_contact'}
        error={error}
      />
    );
  }
  return (
    <TextInput
      label={field.label}
      type={field.type}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}

/** My details: read, then edit and save (`/app/my_details`). */
export function DetailsPanel() {
  const d = useMyDetails();
  const setOwnAvatar = useSetOwnAvatar();
  if (!d.user) return null;
  const user = d.user;
  return (
    <Paper p="lg" withBorder component="section" aria-labelledby="details-title">
      <form onSubmit={(e) => void d.save(e)} noValidate>
        <Group mb="md" gap="md">
          <div>
            <Title order={2} size="h3" id="details-title">
              {fullName(user) || user.user_email}
            </Title>
            <Text c="dimmed" size="sm">
              {user.user_email}
            </Text>
          </div>
        </Group>
        <Box mb="md">
          <AvatarEditor
            userId={user.user_id}
            address={user.user_avatar ?? ''}
            initials={initialsOf(user)}
            name={fullName(user) || user.user_email}
            onChanged={(address) => setOwnAvatar(user.user_id, address)}
          />
        </Box>
        {d.error && (
          <Alert color="negative" variant="light" role="alert" mb="md">
            {d.error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {DETAIL_FIELDS.map((field) =>
            d.editing ? (
              <FieldEditor
                key={field.name}
                field={field}
                value={d.draft[field.name] ?? ''}
                error={d.problems[field.name]}
                onChange={(value) => d.setField(field.name, value)}
              />
            ) : (
              <div key={field.name}>
                <Text size="sm" c="dimmed">
                  {field.label}
                </Text>
                <Text>{optionLabel(text(user[field.name])) || '—'}</Text>
              </div>
            ),
          )}
          {d.emailChanged && (
            <PasswordInput
              label="Current password"
              description="Needed to change the e-mail you sign in with."
              autoComplete="current-password"
              value={d.currentPassword}
              onChange={(e) => d.setCurrentPassword(e.currentTarget.value)}
              error={d.problems[CURRENT_PASSWORD]}
            />
          )}
        </SimpleGrid>
        <Group mt="md">
          {d.editing ? (
            <>
              <Button type="submit" loading={d.saving}>
                Save
              </Button>
              <Button variant="default" onClick={d.cancel}>
                Cancel
              </Button>
            </>
          ) : (
            <Button onClick={d.start}>Edit my details</Button>
          )}
        </Group>
      </form>
    </Paper>
  );
}
