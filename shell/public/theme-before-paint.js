// The theme before anything is drawn, by the rule of src/features/theme/color-scheme.ts (the
// admin's choice in this browser, else the system's): a reload never flashes the other. A
// classic script that index.html loads first in <head>, so it runs before the first paint; a
// file, not inline, because the page's policy runs no inline script (docs/security.md).
/* global document, matchMedia */
try {
  var choice = localStorage.getItem('manager.theme');
  var dark = choice === 'dark' || (choice !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
} catch {
  // Storage refused: the console's own code marks the theme once it runs.
}
