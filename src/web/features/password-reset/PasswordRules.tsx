/** The password rules, shown live with their exact texts. */
import { List, Text, ThemeIcon } from '@mantine/core';
import { PASSWORD_RULES } from '../../../shared/password';

export function PasswordRules({
  password,
  id,
  title = 'Your new password:',
}: {
  password: string;
  id?: string;
  /** An admin setting another user's password reads 'The new password:'. */
  title?: string;
}) {
  return (
    <div id={id}>
      <Text size="sm" fw={600} mb={4}>
        {title}
      </Text>
      <List size="sm" spacing={2} center aria-live="polite" data-testid="password-rules">
        {PASSWORD_RULES.map((rule) => {
          const ok = rule.ok(password);
          return (
            <List.Item
              key={rule.text}
              data-ok={ok ? 'true' : 'false'}
              icon={
                <ThemeIcon color={ok ? 'positive' : 'negative'} size={18} radius="xl" aria-hidden>
                  <span style={{ fontSize: 12, lineHeight: 1 }}>{ok ? '✓' : '✗'}</span>
                </ThemeIcon>
              }
            >
              <Text
                span
                size="sm"
                c={ok ? 'var(--materia-positive-text)' : 'var(--materia-negative-text)'}
              >
                {rule.text}
              </Text>
              <span className="materia-visually-hidden">{ok ? ' (met)' : ' (not met)'}</span>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
