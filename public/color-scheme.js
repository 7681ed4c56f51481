// Sets the colour scheme before the first paint (no light flash in dark mode): the choice
// Mantine's manager keeps under this key (src/web/theme/colorScheme.ts), "auto" by the system.
// A file, not an inline script: the Content-Security-Policy allows scripts from 'self' only.
(function () {
  var scheme = 'auto';
  try {
    scheme = window.localStorage.getItem('materia-color-scheme') || 'auto';
  } catch {
    // Storage refused (private mode): follow the system.
  }
  if (scheme !== 'light' && scheme !== 'dark') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
