/** A user's picture with its initials as fallback: choose (with preview), save, remove. */
import { Alert, Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../../shared/avatars';
import { useAvatarUpload } from './useAvatarUpload';

const AVATAR_HINT = `PNG, JPEG, WebP or GIF, at most ${AVATAR_MAX_BYTES / 1024} KB.`;

interface AvatarEditorProps {
  userId: number;
  address: string;
  initials: string;
  /** Whose picture it is, for the image's and the buttons' accessible names. */
  name: string;
  disabled?: boolean;
  onChanged: (address: string) => void;
}

export function AvatarEditor(props: AvatarEditorProps) {
  const { address, initials, name, disabled = false } = props;
  const a = useAvatarUpload(props.userId, props.onChanged);
  const shown = a.preview ?? (address || null);
  return (
    <Stack gap="xs" data-avatar-editor>
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar
          src={shown}
          size={72}
          radius="xl"
          color="primary"
          alt={shown ? `Picture of ${name}` : undefined}
          data-testid="avatar-image"
        >
          {initials}
        </Avatar>
        <Stack gap={4}>
          {a.preview ? (
            <Group gap="xs">
              <Button size="xs" onClick={() => void a.save()} loading={a.busy}>
                Save picture
              </Button>
              <Button size="xs" variant="default" onClick={a.cancel} disabled={a.busy}>
                Cancel
              </Button>
            </Group>
          ) : (
            <Group gap="xs">
              <FileButton
                onChange={(file) => void a.choose(file)}
                accept={AVATAR_TYPES.join(',')}
                disabled={disabled || a.busy}
              >
                {(button) => (
                  <Button size="xs" variant="light" {...button}>
                    {address ? 'Change picture' : 'Upload picture'}
                  </Button>
                )}
              </FileButton>
              {address && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="negative"
                  onClick={() => void a.remove()}
                  disabled={disabled}
                  loading={a.busy}
                >
                  Remove picture
                </Button>
              )}
            </Group>
          )}
          <Text size="xs" c="dimmed">
            {a.preview ? 'Preview: save to use this picture.' : AVATAR_HINT}
          </Text>
        </Stack>
      </Group>
      {a.error && (
        <Alert color="negative" variant="light" role="alert" py={6}>
          {a.error}
        </Alert>
      )}
    </Stack>
  );
}
