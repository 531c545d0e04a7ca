// Runs in <head>, before the page paints: applies the reader's saved
// light/dark choice (else the system preference applies through CSS) and
// marks the page as scripted, so that script-only controls show.
(function () {
  var root = document.documentElement;
  root.classList.add('js');
  try {
    var t = localStorage.getItem('gmpbook-theme');
    if (t === 'dark' || t === 'light') root.setAttribute('data-theme', t);
  } catch (e) { /* storage may be disabled; the system preference applies */ }
})();
