/** Breadcrumbs of the top bar; below 849 px only a back link to the previous crumb. */
import { Anchor, Breadcrumbs as Trail, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './Breadcrumbs.module.css';
import { useCrumbs } from './useCrumbs';

export function Breadcrumbs({ small }: { small: boolean }) {
  const { crumbs, previous, go } = useCrumbs();
  if (small) {
    if (!previous) return null;
    return (
      <Button
        component={Link}
        to={previous.to}
        onClick={go(previous)}
        variant="subtle"
        size="compact-sm"
        className={classes.back}
        leftSection={<span aria-hidden>‹</span>}
        title={`Back to ${previous.label}`}
      >
        Back
      </Button>
    );
  }
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumbs" className={classes.nav}>
      <Trail separator="›" separatorMargin={6} className={classes.trail}>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Text key={crumb.to} size="sm" fw={600} aria-current="page" className={classes.current}>
              {crumb.label}
            </Text>
          ) : (
            <Anchor
              key={crumb.to}
              component={Link}
              to={crumb.to}
              onClick={go(crumb)}
              size="sm"
              className={classes.link}
            >
              {crumb.label}
            </Anchor>
          ),
        )}
      </Trail>
    </nav>
  );
}
