// Applied before first paint so the page never flashes the wrong theme. A file, not an inline
// script, because the server's Content-Security-Policy allows scripts from 'self' only.
(function () {
  try {
    var stored = localStorage.getItem('theme');
    var prefersLight = window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches;
    var dark = stored ? stored === 'dark' : !prefersLight;
    document.documentElement.classList.toggle('dark', dark);
  } catch (e) {}
})();
