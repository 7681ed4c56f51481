/** UI state of the main shell: screen size, the drawers and the current module. */
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useMatch } from 'react-router';
import { LEFT_DRAWER_BREAKPOINT, SMALL_SCREEN_MAX_PX } from '../../shared/limits';
import { moduleByName } from '../../shared/modules';

export function useMainLayout() {
  const small = useMediaQuery(`(max-width: ${SMALL_SCREEN_MAX_PX}px)`, false, {
    getInitialValueInEffect: false,
  });
  const wide = useMediaQuery(`(min-width: ${LEFT_DRAWER_BREAKPOINT + 1}px)`, true, {
    getInitialValueInEffect: false,
  });
  const match = useMatch('/app/:entity/*');
  const module = match?.params.entity ? moduleByName(match.params.entity) : undefined;
  const leftModule = module?.leftDrawer ? module : null;
  // On a small screen a record (or the preferences) of an entity screen shows its own Back to
  // the list, which keeps the list's filters: the top bar then shows no second one.
  const onRecord = useMatch('/app/:entity/:id/*') !== null && module !== undefined;
  const [menuOpened, menu] = useDisclosure(false);
  // Wide screens show the left drawer until hidden; narrower ones open it over the page.
  const [leftHidden, leftDesktop] = useDisclosure(false);
  const [leftOverlay, leftMobile] = useDisclosure(false);
  const leftOpen = wide ? !leftHidden : leftOverlay;
  const toggleLeft = wide ? leftDesktop.toggle : leftMobile.toggle;
  return {
    small: Boolean(small),
    showCrumbs: !(small && onRecord),
    wide: Boolean(wide),
    leftModule,
    leftOpen,
    toggleLeft,
    closeLeftOverlay: leftMobile.close,
    menuOpened,
    openMenu: menu.open,
    closeMenu: menu.close,
  };
}
