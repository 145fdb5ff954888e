// Applies the stored theme before the app's first paint (no flash of the wrong theme). A file, not
// an inline script: the Content-Security-Policy allows scripts from 'self' only. Kept in step with
// web/src/lib/theme.ts (same storage key, same attribute).
/* global window */
(function () {
  let choice = 'system';
  try {
    choice = window.localStorage.getItem('cairn:theme') || 'system';
  } catch {
    // storage refused: follow the system
  }
  const dark =
    choice === 'dark' || (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  window.document.documentElement.dataset.theme = dark ? 'dark' : 'light';
})();
