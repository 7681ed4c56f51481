/**
 * Every Mantine style (layered, see ./landingStyles.ts), imported by the shell, the printing and
 * offline layouts and every lazy part that may show over the landing page (dialogs, toasts).
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
