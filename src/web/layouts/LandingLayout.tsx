/** Public landing layout: company name, background image and its credit. */
import { Alert, Box, Paper, Stack, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { useCompany } from '../session/companyStore';
import classes from './LandingLayout.module.css';

export function LandingLayout() {
  const settings = useCompany((s) => s.settings);
  const problem = useCompany((s) => s.problem);
  const { company_name, login_background_image, login_background_image_copyright } =
    settings.product;
  const image = login_background_image.trim();
  return (
    <Box
      className={classes.root}
      style={image ? { backgroundImage: `url(${JSON.stringify(image)})` } : undefined}
      data-with-image={image ? 'true' : undefined}
    >
      <main className={classes.main}>
        <Paper className={classes.card} shadow="lg" radius="md" p="xl" withBorder>
          <Stack gap="lg">
            <Title order={1} ta="center" className={classes.company}>
              {company_name || 'Materia'}
            </Title>
            {problem && (
              <Alert color="negative" variant="light" title="Unknown clinic">
                {problem} Check the address you were given.
              </Alert>
            )}
            <Outlet />
          </Stack>
        </Paper>
      </main>
      {image && login_background_image_copyright.trim() && (
        <Text component="footer" size="sm" className={classes.credit}>
          Photo by {login_background_image_copyright.trim()}
        </Text>
      )}
      {!image && (
        <Text component="footer" size="sm" className={classes.plainFooter}>
          Materia — clinic back-office
        </Text>
      )}
    </Box>
  );
}
