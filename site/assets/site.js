// gmpbook — the notebook's page script.
//
// It adds to a page that already reads well without it: the theme toggle,
// search, the live player of each scene (an iframe running the
// WebAssembly player), the scene editor with compile errors at their
// lines, shareable edited scenes in the URL, predict exercises and copy
// buttons.
//
// Rule: text that comes from a reader, a URL or the player is only ever
// put in the page with textContent or as an attribute value, never as
// markup.
(function () {
  'use strict';

  var root = document.documentElement;
  var $ = function (sel, el) { return (el || document).querySelector(sel); };
  var $$ = function (sel, el) { return Array.prototype.slice.call((el || document).querySelectorAll(sel)); };

  // el builds an element: attrs are attributes (or "text" for textContent),
  // children are nodes or strings (as text).
  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') e.textContent = attrs[k];
      else if (k === 'class') e.className = attrs[k];
      else e.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) {
      e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    });
    return e;
  }

  // Scenes travel in URLs as base64url of their UTF-8 text.
  var MAX_SOURCE = 256 * 1024;
  function b64encode(s) {
    var bytes = new TextEncoder().encode(s);
    var bin = '';
    for (var i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
    return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  function b64decode(s) {
    if (!/^[A-Za-z0-9_-]*={0,2}$/.test(s) || s.length > MAX_SOURCE * 2) return null;
    s = s.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
    while (s.length % 4) s += '=';
    try {
      var bin = atob(s);
      var bytes = new Uint8Array(bin.length);
      for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      var text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return text.length > MAX_SOURCE ? null : text;
    } catch (e) {
      return null;
    }
  }

  // t is the text of key in the page's edition (window.gmpbookStrings,
  // written from site/strings.go into assets/strings.LANG.js), with {0},
  // {1}, … replaced by the arguments. A key the table lacks shows as
  // itself (the Go test keeps that from happening).
  var texts = window.gmpbookStrings || {};
  function t(key) {
    var args = arguments;
    var s = Object.prototype.hasOwnProperty.call(texts, key) ? texts[key] : key;
    return s.replace(/\{(\d+)\}/g, function (m, i) { var a = args[+i + 1]; return a === undefined ? m : String(a); });
  }

  // Messages go to the player with the page's own origin; pages opened
  // from disk have an opaque origin and must use '*'.
  var origin = (location.origin && location.origin !== 'null') ? location.origin : '*';

  function flash(button, text) {
    var old = button.getAttribute('data-label') || button.textContent;
    button.setAttribute('data-label', old);
    button.textContent = text;
    button.classList.add('done');
    setTimeout(function () { button.textContent = old; button.classList.remove('done'); }, 1600);
  }

  function copyText(text, button) {
    var done = function () { flash(button, t('copied')); };
    var fallback = function () {
      var area = el('textarea', { readonly: '', class: 'vh' });
      area.value = text;
      document.body.appendChild(area);
      area.select();
      try { document.execCommand('copy'); done(); } catch (e) { flash(button, t('press.ctrlc')); }
      area.remove();
    };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, fallback);
    else fallback();
  }

  // ---- Theme ----------------------------------------------------------

  function theme() {
    var t = root.getAttribute('data-theme');
    if (t) return t;
    return window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }

  function initTheme() {
    var b = $('.theme-toggle');
    if (!b) return;
    var sync = function () {
      var dark = theme() === 'dark';
      b.setAttribute('aria-pressed', dark ? 'true' : 'false');
      b.title = dark ? t('theme.light') : t('theme.dark');
    };
    sync();
    b.addEventListener('click', function () {
      var next = theme() === 'dark' ? 'light' : 'dark';
      root.setAttribute('data-theme', next);
      try { localStorage.setItem('gmpbook-theme', next); } catch (e) { /* not persisted */ }
      sync();
      themePlayers();
    });
    if (window.matchMedia) matchMedia('(prefers-color-scheme: dark)').addEventListener('change', function () { sync(); themePlayers(); });
  }

  // themePlayers tells every live player the page's theme: its picture
  // and controls follow it (the player's dark palette).
  function themePlayers() {
    var dark = theme() === 'dark' ? 1 : 0;
    $$('iframe').forEach(function (f) {
      try { f.contentWindow.postMessage({ cmd: 'dark', at: dark }, '*'); } catch (e) { /* not a player */ }
    });
  }

  // ---- Language -------------------------------------------------------

  // initLang: the switch to the other edition keeps the reader's section
  // (both editions give a section the same id) and remembers the choice;
  // a first visit to the English contents from a browser set to Chinese
  // goes to the Chinese contents.
  function initLang() {
    var sw = $('.lang-switch');
    if (!sw) return;
    var base = sw.getAttribute('href').split('#')[0];
    sw.addEventListener('click', function () {
      try { localStorage.setItem('gmpbook-lang', sw.getAttribute('hreflang')); } catch (e) { /* not kept */ }
      sw.setAttribute('href', base + location.hash);
    });
    if (root.getAttribute('lang') !== 'en' || !/(^|\/)(index\.html)?$/.test(location.pathname)) return;
    var chosen = null;
    try { chosen = localStorage.getItem('gmpbook-lang'); } catch (e) { /* none */ }
    var langs = navigator.languages || [navigator.language || ''];
    if (!chosen && /^zh\b/i.test(langs[0] || '')) location.replace(base);
  }

  // ---- Search ---------------------------------------------------------

  function initSearch() {
    var form = $('form.search');
    if (!form) return;
    var input = $('input', form);
    var list = $('.results', form);
    var index = null;
    var loading = null;
    var selected = -1;

    function load() {
      if (index) return Promise.resolve(index);
      if (loading) return loading;
      loading = new Promise(function (resolve, reject) {
        if (window.gmpbookSearch) { resolve(window.gmpbookSearch); return; }
        var s = document.createElement('script');
        s.src = form.getAttribute('data-index');
        s.onload = function () { resolve(window.gmpbookSearch || []); };
        s.onerror = reject;
        document.head.appendChild(s);
      }).then(function (data) {
        // A page searches its own edition (the index holds both).
        var lang = root.getAttribute('lang') || 'en';
        index = data.filter(function (e) { return (e.lang || 'en') === lang; }).map(function (e) {
          e.hay = (e.title + ' ' + e.section + ' ' + e.text).toLowerCase();
          return e;
        });
        return index;
      });
      return loading;
    }

    function snippet(text, term) {
      var i = text.toLowerCase().indexOf(term);
      var start = Math.max(0, i - 50);
      var end = Math.min(text.length, (i < 0 ? 0 : i) + term.length + 90);
      var span = el('span', { class: 'snip' });
      var pre = (start > 0 ? '…' : '') + text.slice(start, Math.max(start, i));
      if (i < 0) {
        span.textContent = text.slice(0, 140) + (text.length > 140 ? '…' : '');
        return span;
      }
      span.appendChild(document.createTextNode(pre));
      span.appendChild(el('mark', { text: text.slice(i, i + term.length) }));
      span.appendChild(document.createTextNode(text.slice(i + term.length, end) + (end < text.length ? '…' : '')));
      return span;
    }

    function search(q) {
      var terms = q.toLowerCase().split(/\s+/).filter(Boolean);
      if (!terms.length) return [];
      var hits = [];
      index.forEach(function (e) {
        var score = 0;
        for (var i = 0; i < terms.length; i++) {
          var t = terms[i];
          var n = e.hay.split(t).length - 1;
          if (!n) return;
          score += n + (e.section.toLowerCase().indexOf(t) >= 0 ? 10 : 0) + (e.title.toLowerCase().indexOf(t) >= 0 ? 5 : 0);
        }
        hits.push({ e: e, score: score });
      });
      hits.sort(function (a, b) { return b.score - a.score || a.e.chapter - b.e.chapter; });
      return hits.slice(0, 12).map(function (h) { return h.e; });
    }

    function render(q) {
      list.textContent = '';
      selected = -1;
      if (!q.trim()) { list.hidden = true; return; }
      var hits = search(q);
      var first = q.toLowerCase().split(/\s+/).filter(Boolean)[0] || '';
      if (!hits.length) {
        list.appendChild(el('li', { class: 'none', text: t('search.none', q) }));
      }
      hits.forEach(function (e, i) {
        var href = e.page + (e.anchor ? '#' + e.anchor : '');
        var a = el('a', { href: href }, [
          el('span', { class: 'where', text: t('search.where', e.chapter, e.title) }),
          el('strong', { text: e.section }),
          snippet(e.text, first)
        ]);
        list.appendChild(el('li', { role: 'option', id: 'sr-' + i }, [a]));
      });
      list.hidden = false;
    }

    function move(d) {
      var items = $$('li[role=option]', list);
      if (!items.length) return;
      if (selected >= 0) items[selected].setAttribute('aria-selected', 'false');
      selected = (selected + d + items.length) % items.length;
      items[selected].setAttribute('aria-selected', 'true');
      items[selected].scrollIntoView({ block: 'nearest' });
      input.setAttribute('aria-activedescendant', items[selected].id);
    }

    var timer = 0;
    input.addEventListener('focus', function () { load(); });
    input.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(function () { load().then(function () { render(input.value); }); }, 60);
    });
    input.addEventListener('keydown', function (ev) {
      if (ev.key === 'ArrowDown') { ev.preventDefault(); move(1); }
      else if (ev.key === 'ArrowUp') { ev.preventDefault(); move(-1); }
      else if (ev.key === 'Escape') { list.hidden = true; input.blur(); }
      else if (ev.key === 'Enter') {
        ev.preventDefault();
        var items = $$('li[role=option] a', list);
        var a = items[selected >= 0 ? selected : 0];
        if (a) location.href = a.getAttribute('href');
      }
    });
    form.addEventListener('submit', function (ev) { ev.preventDefault(); });
    document.addEventListener('click', function (ev) {
      if (!form.contains(ev.target)) list.hidden = true;
    });
    document.addEventListener('keydown', function (ev) {
      if (ev.key === '/' && document.activeElement === document.body) { ev.preventDefault(); input.focus(); }
    });
  }

  // ---- Scenes ---------------------------------------------------------

  var scenes = [];
  var byWindow = new Map(); // iframe contentWindow → Scene
  // CSS px the player's own controls take under the picture, until the
  // player says (controlsHeight in its status messages).
  var PLAYER_CONTROLS_H = 150, PLAYER_CONTROLS_H_NARROW = 210;
  var MAX_LIVE = 3;         // players alive at once; older ones go back to posters
  var REST_AFTER = 1500;    // ms a ready player draws before it may rest
  var liveOrder = [];

  // The URL fragment holds edited scenes: #scene-ID=base64url&scene-ID2=…
  function readHash() {
    var out = {};
    var h = location.hash.replace(/^#/, '');
    h.split('&').forEach(function (part) {
      var m = /^scene-([A-Za-z0-9_-]+)=(.*)$/.exec(part);
      if (m) out[m[1]] = m[2];
    });
    return out;
  }

  var hashTimer = 0;
  function writeHash() {
    clearTimeout(hashTimer);
    hashTimer = setTimeout(function () {
      var parts = [];
      var keep = location.hash.replace(/^#/, '').split('&').filter(function (p) { return p && !/^scene-[A-Za-z0-9_-]+=/.test(p); });
      scenes.forEach(function (s) {
        if (s.source !== s.original) parts.push('scene-' + s.id + '=' + b64encode(s.source));
      });
      var h = keep.concat(parts).join('&');
      history.replaceState(null, '', location.pathname + location.search + (h ? '#' + h : ''));
    }, 250);
  }

  function Scene(fig) {
    this.fig = fig;
    this.id = fig.getAttribute('data-scene');
    this.title = fig.getAttribute('data-title') || this.id;
    this.original = fig.getAttribute('data-source') || '';
    this.source = this.original;
    this.params = fig.getAttribute('data-params') || '';
    // The run the site recorded for the scene as written: while the source
    // is unchanged the light player plays it without compiling anything.
    this.run = fig.getAttribute('data-run') || '';
    this.player = fig.getAttribute('data-player');
    this.w = parseFloat(fig.getAttribute('data-w')) || 16;
    this.h = parseFloat(fig.getAttribute('data-h')) || 9;
    this.nw = parseFloat(fig.getAttribute('data-nw')) || this.w;
    this.nh = parseFloat(fig.getAttribute('data-nh')) || this.h;
    this.stage = $('.stage', fig);
    this.poster = $('.poster', fig);
    this.playButton = $('.play', fig);
    this.loading = $('.loading', fig);
    this.narration = $('.narration', fig);
    this.narrated = this.narration ? this.narration.textContent : ''; // the poster's sentence
    this.diag = $('.diagnostics', fig);
    if (this.diag) this.diag.setAttribute('aria-label', t('scene.errors'));
    if (this.player) this.buildText();
    this.iframe = null;
    this.ready = false;
    this.playing = false;
    this.pending = [];
    this.errors = [];
    if (this.player) this.buildEditor();
    if (this.player) this.buildTools();
    var self = this;
    if (this.playButton) this.playButton.addEventListener('click', function () { self.load(true); });
    if (this.player) {
      this.stage.setAttribute('tabindex', '0');
      this.stage.setAttribute('aria-label', t('scene.stage', this.title));
      this.stage.addEventListener('keydown', function (ev) { self.key(ev); });
    }
  }

  // buildText adds, under the stage, the author's caption for the step and
  // the output panel: what the program has printed by the player's
  // cursor (stdout, stderr marked "2>"), then how it ended. The narration
  // (already in the page) is the visible, wrapping copy of the player's
  // sentence.
  Scene.prototype.buildText = function () {
    this.caption = el('p', { class: 'scene-caption', hidden: '' });
    this.outLines = el('pre', { class: 'out-lines' });
    this.outEnd = el('p', { class: 'out-end' });
    this.output = el('section', { class: 'output js-only', 'aria-label': t('output.aria', this.title), hidden: '' }, [
      el('h3', { class: 'output-label', text: t('output') }), this.outLines, this.outEnd
    ]);
    var after = this.narration || this.stage;
    after.parentNode.insertBefore(this.caption, after.nextSibling);
    this.caption.parentNode.insertBefore(this.output, this.caption.nextSibling);
  };

  // showOutput fills the output panel from the player's output message:
  // {lines: [[stream, text], …], fatal, exited, status}.
  Scene.prototype.showOutput = function (o) {
    if (!this.output) return;
    this.output.hidden = false;
    this.outLines.textContent = '';
    var lines = Array.isArray(o.lines) ? o.lines : [];
    var self = this;
    lines.forEach(function (l) {
      var err = l[0] === 2;
      var line = el('span', { class: err ? 'line err' : 'line' });
      if (err) line.appendChild(el('span', { class: 'stream', text: '2> ', title: t('stderr') }));
      line.appendChild(document.createTextNode(String(l[1])));
      self.outLines.appendChild(line);
    });
    if (o.fatal) this.outLines.appendChild(el('span', { class: 'line err fatal', text: String(o.fatal) }));
    this.outLines.hidden = !lines.length && !o.fatal;
    var end = '';
    if (o.exited) end = o.status ? t('exit.status', o.status) : t('exit.success');
    else if (!lines.length && !o.fatal) end = t('nothing.yet');
    this.outEnd.textContent = end;
    this.outEnd.className = 'out-end' + (o.exited && o.status ? ' bad' : '');
  };

  Scene.prototype.buildEditor = function () {
    var self = this;
    var stat = $('.src-static', this.fig);
    this.gutter = el('pre', { class: 'gutter', 'aria-hidden': 'true' });
    this.text = el('textarea', {
      spellcheck: 'false', autocapitalize: 'off', autocomplete: 'off', wrap: 'off',
      'aria-label': t('source.aria', this.title)
    });
    this.text.value = this.source;
    this.marks = el('div', { class: 'marks', 'aria-hidden': 'true' });
    this.editor = el('div', { class: 'editor' }, [this.gutter, el('div', { class: 'wrap' }, [this.text, this.marks])]);
    stat.hidden = true;
    stat.parentNode.insertBefore(this.editor, stat.nextSibling);
    this.edited = $('.edited-flag', this.fig);
    this.text.addEventListener('input', function () {
      // Editing retires the inline messages (they would hide the lines
      // being fixed); the gutter and the list keep them until Re-run.
      self.marks.hidden = true;
      self.source = self.text.value;
      self.sync();
      writeHash();
    });
    this.text.addEventListener('scroll', function () { self.scrollSync(); });
    this.text.addEventListener('keydown', function (ev) {
      if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); self.load(true); return; }
      if (ev.key === 'Escape') { self.escaped = true; return; }
      if (ev.key === 'Tab' && !ev.shiftKey && !self.escaped && !ev.ctrlKey && !ev.altKey && !ev.metaKey) {
        ev.preventDefault();
        var t = self.text, s = t.selectionStart, e = t.selectionEnd;
        t.setRangeText('\t', s, e, 'end');
        t.dispatchEvent(new Event('input'));
      }
      self.escaped = false;
    });
    $('.rerun', this.fig).addEventListener('click', function () { self.load(true); });
    $('.reset', this.fig).addEventListener('click', function () { self.setSource(self.original); self.load(false); });
    $('.share', this.fig).addEventListener('click', function (ev) {
      clearTimeout(hashTimer);
      writeHash();
      var b = ev.currentTarget;
      setTimeout(function () { copyText(location.href, b); }, 300);
    });
    this.sync();
  };

  Scene.prototype.setSource = function (s) {
    this.source = s;
    if (this.text) this.text.value = s;
    this.sync();
    writeHash();
  };

  // sync redraws the gutter (marking lines with errors), the edited flag,
  // the textarea's height and the inline error messages.
  Scene.prototype.sync = function () {
    if (!this.text) return;
    var n = this.source.split('\n').length;
    if (this.source.endsWith('\n')) n--;
    n = Math.max(n, 1);
    var bad = {};
    this.errors.forEach(function (e) { if (e.line) bad[e.line] = true; });
    this.gutter.textContent = '';
    for (var i = 1; i <= n; i++) {
      this.gutter.appendChild(el('span', bad[i] ? { class: 'bad', text: String(i) } : { text: String(i) }));
    }
    this.text.rows = Math.min(Math.max(n + 1, 4), 40);
    // Every line fits: no vertical scroll bar (only a long line scrolls
    // sideways).
    this.text.style.overflowY = n + 1 <= 40 ? 'hidden' : 'auto';
    if (this.edited) this.edited.hidden = this.source === this.original;
    this.fig.classList.toggle('is-edited', this.source !== this.original);
    this.drawMarks();
  };

  Scene.prototype.lineHeight = function () {
    var lh = parseFloat(getComputedStyle(this.text).lineHeight);
    return isNaN(lh) ? 20 : lh;
  };

  Scene.prototype.drawMarks = function () {
    if (!this.marks || this.marks.hidden) return;
    this.marks.textContent = '';
    var lh = this.lineHeight();
    var pad = parseFloat(getComputedStyle(this.text).paddingTop) || 0;
    var self = this;
    // A band behind each line with an error; the messages are in the list
    // under the editor (.diagnostics), so that none covers code.
    var seen = {};
    this.errors.forEach(function (e) {
      if (!e.line || seen[e.line]) return;
      seen[e.line] = true;
      var band = el('div', { class: 'line' });
      self.marks.appendChild(band);
      band.style.top = (pad + (e.line - 1) * lh) + 'px';
      band.style.height = lh + 'px';
    });
    this.scrollSync();
  };

  Scene.prototype.scrollSync = function () {
    if (!this.text) return;
    this.gutter.scrollTop = this.text.scrollTop;
    var y = -this.text.scrollTop, x = -this.text.scrollLeft;
    $$('.line', this.marks).forEach(function (m) { m.style.transform = 'translate(' + x + 'px,' + y + 'px)'; });
  };

  Scene.prototype.showErrors = function (errs) {
    var self = this;
    this.errors = errs;
    if (this.marks) this.marks.hidden = false;
    this.diag.textContent = '';
    errs.forEach(function (e) {
      var li = el('li');
      if (e.line && self.text) {
        var at = el('a', { href: '#', class: 'diag-at', text: 'scene.go:' + e.line + (e.col ? ':' + e.col : ''),
          title: t('diag.goto') });
        at.addEventListener('click', function (ev) { ev.preventDefault(); self.goToLine(e.line, e.col); });
        li.appendChild(at);
        li.appendChild(document.createTextNode(' '));
      } else if (e.line) {
        li.appendChild(document.createTextNode(e.col ? t('diag.linecol', e.line, e.col) : t('diag.line', e.line)));
      }
      li.appendChild(el('span', { class: 'diag-msg', text: e.msg }));
      self.diag.appendChild(li);
    });
    this.diag.hidden = errs.length === 0;
    this.fig.classList.toggle('has-errors', errs.length > 0);
    this.sync();
  };

  Scene.prototype.goToLine = function (line, col) {
    if (!this.text || !line) return;
    var lines = this.source.split('\n');
    var off = 0;
    for (var i = 0; i < line - 1 && i < lines.length; i++) off += lines[i].length + 1;
    off += Math.max(0, (col || 1) - 1);
    this.text.focus({ preventScroll: true });
    this.text.setSelectionRange(off, off);
    this.text.scrollTop = Math.max(0, (line - 3) * this.lineHeight());
    this.scrollSync();
    this.editor.scrollIntoView({ block: 'nearest' });
  };

  // url is the player's URL for the current source. extra are more
  // parameters (compare mode's cgo or cprocs, the seeds and trace modes):
  // with any, the full player runs the scene, since the light one only
  // plays the recorded run.
  Scene.prototype.url = function (play, extra) {
    var p = new URLSearchParams(this.params);
    p.set('src', b64encode(this.source));
    if (this.run && this.source === this.original && !extra) p.set('run', this.run);
    if (play) p.set('play', '1');
    if (theme() === 'dark') p.set('dark', '1');
    // A Chinese page's player speaks Chinese (docs/embedding.md, lang=).
    if (/^zh/i.test(document.documentElement.lang || '')) p.set('lang', 'zh');
    Object.keys(extra || {}).forEach(function (k) { p.set(k, extra[k]); });
    return this.player + '?' + p.toString();
  };

  // load replaces the poster with a fresh player for the current source;
  // play starts it as soon as it is ready.
  Scene.prototype.load = function (play, extra) {
    if (!this.player) return;
    var self = this;
    this.unload();
    this.comparing = extra || null;
    this.setComparing('');
    this.showErrors([]);
    this.stageNote('');
    this.ready = false;
    this.playing = false;
    this.pending = [];
    this.firstFrame = 0;
    this.loadStart = performance.now();
    var f = el('iframe', {
      src: this.url(play, extra),
      title: t('player.title', this.title),
      allow: 'fullscreen',
      loading: 'eager'
    });
    // The player lays the picture out at the iframe's size, with its
    // controls below: give it the poster's proportions plus their height.
    this.frameEl = f;
    this.iframe = f;
    this.fit(0);
    // The poster stays over the player until it draws its first frame
    // (becomeReady), instead of a blank box.
    this.fig.classList.add('starting');
    if (this.playButton) this.playButton.hidden = true;
    this.progress(null);
    this.stage.insertBefore(f, this.poster);
    byWindow.set(f.contentWindow, this);
    f.addEventListener('load', function () {
      byWindow.set(f.contentWindow, self);
      // From here the player page shows its own download progress (unless
      // it reports it to us).
      if (!self.progressReported) self.progress(false);
    });
    if (!this.resizeHooked) {
      this.resizeHooked = true;
      window.addEventListener('resize', function () { self.fit(self.controlsH); });
    }
    this.fig.classList.add('live');
    liveOrder = liveOrder.filter(function (s) { return s !== self; });
    liveOrder.push(this);
    trimLive(this);
  };

  // fit sizes the iframe: the poster's proportions (wide or phone) plus
  // the height of the player's controls. On a phone the picture keeps at
  // least the phone poster's height however narrow the column: the
  // player lays out for the room it gets, and with less height it draws
  // goroutines as discs too small for their names.
  Scene.prototype.fit = function (controlsH) {
    if (!this.iframe) return;
    var narrow = window.matchMedia && matchMedia('(max-width: 599px)').matches;
    var w = narrow ? this.nw : this.w, h = narrow ? this.nh : this.h;
    var c = controlsH || (narrow ? PLAYER_CONTROLS_H_NARROW : PLAYER_CONTROLS_H);
    var width = this.stage.clientWidth || w;
    var pic = width * h / w;
    if (narrow) pic = Math.max(pic, h);
    this.iframe.style.aspectRatio = '';
    this.iframe.style.height = Math.round(pic + c) + 'px';
  };

  Scene.prototype.unload = function () {
    if (!this.iframe) return;
    byWindow.delete(this.iframe.contentWindow);
    this.iframe.remove();
    this.iframe = null;
    this.ready = false;
    this.parked = false;
    this.stage.style.minHeight = '';
    this.poster.hidden = false;
    if (this.playButton) this.playButton.hidden = false;
    if (this.loading) this.loading.hidden = true;
    this.fig.classList.remove('live', 'starting');
    var self = this;
    liveOrder = liveOrder.filter(function (s) { return s !== self; });
  };

  // progress shows the loading bar: null for "loading, size unknown", a
  // fraction for a known share, false to hide it.
  Scene.prototype.progress = function (frac) {
    if (!this.loading) return;
    if (frac === false) { this.loading.hidden = true; return; }
    this.loading.hidden = false;
    var fill = $('.fill', this.loading);
    if (typeof frac === 'number' && isFinite(frac)) {
      this.loading.classList.add('determinate');
      fill.style.width = Math.round(Math.max(0, Math.min(1, frac)) * 100) + '%';
    } else {
      this.loading.classList.remove('determinate');
      fill.style.width = '';
    }
  };

  Scene.prototype.post = function (msg) {
    if (!this.iframe) return;
    if (!this.ready) { this.pending.push(msg); return; }
    // A resting player runs again to take the command; it rests again
    // when it reports that it is paused.
    this.rest(true);
    this.iframe.contentWindow.postMessage(msg, origin);
  };

  Scene.prototype.command = function (cmd) {
    if (!this.iframe) { this.load(cmd === 'toggle' || cmd === 'play'); return; }
    switch (cmd) {
      case 'toggle': this.post({ cmd: this.playing ? 'pause' : 'play' }); break;
      case 'start': this.post({ cmd: 'home' }); break;
      case 'end': this.post({ cmd: 'end' }); break;
      default: this.post({ cmd: cmd });
    }
  };

  Scene.prototype.key = function (ev) {
    if (ev.target !== this.stage) return;
    if (ev.ctrlKey || ev.altKey || ev.metaKey) return;
    var map = { ' ': 'toggle', ArrowRight: 'step', ArrowLeft: 'back', Home: 'start', End: 'end' };
    // The player's own letter keys (play.CharCommand) work from the
    // focused scene too, not only once the canvas has been clicked.
    var chars = { s: 'next-steal', h: 'next-handoff', p: 'next-preemption', r: 'restart', m: 'reduced-motion',
      c: 'captions', '+': 'faster', '=': 'faster', '-': 'slower', '−': 'slower' };
    var cmd = map[ev.key] || chars[ev.key.length === 1 ? ev.key.toLowerCase() : ''];
    var msg = null;
    if (!cmd && this.iframe && this.procs) {
      if (ev.key === '[' && this.procs > 1) msg = { cmd: 'procs', procs: this.procs - 1 };
      else if (ev.key === ']' && this.procs < 64) msg = { cmd: 'procs', procs: this.procs + 1 };
      else if (ev.key === 'n' || ev.key === 'N') msg = { cmd: 'seed', seed: (this.seed || 0) + 1 };
    }
    if (!cmd && !msg) return;
    ev.preventDefault();
    if (msg) this.post(msg);
    else this.command(cmd);
  };

  Scene.prototype.setPlaying = function (on) {
    this.playing = on;
    this.fig.classList.toggle('playing', on);
    this.rest();
  };

  // rest parks a player that is paused and out of sight: its frame leaves
  // the layout (its place is kept), so the browser stops running its
  // animation frames and it draws nothing; back in sight it carries on
  // where it was. A playing player keeps playing out of sight.
  Scene.prototype.rest = function (wake) {
    if (!this.iframe) return;
    var park = !wake && this.ready && !this.playing && this.offscreen && !this.fig.contains(document.activeElement);
    // A player rests only once it has been drawing for a moment (it calls
    // itself ready after a few frames).
    var early = REST_AFTER - (performance.now() - this.readyAt);
    if (park && early > 0) {
      var self = this;
      clearTimeout(this.restTimer);
      this.restTimer = setTimeout(function () { self.rest(); }, early + 50);
      return;
    }
    if (park === !!this.parked) return;
    if (park) this.stage.style.minHeight = this.stage.offsetHeight + 'px';
    this.iframe.style.display = park ? 'none' : '';
    if (!park) this.stage.style.minHeight = '';
    this.parked = park;
  };

  // message handles what the player reports to its parent:
  // {type: 'gmpbook', cursor, len, time, timeText, playing, narration}
  // whenever one of them changes, {type: 'gmpbook', error} when the scene
  // cannot run (its text starts "file:line:col:"), and optionally
  // {type: 'gmpbook', progress} (0…1, or loaded and total) while loading.
  Scene.prototype.message = function (d) {
    if (typeof d.progress === 'number' || (typeof d.loaded === 'number' && d.total)) {
      this.progressReported = true;
      this.progress(typeof d.progress === 'number' ? d.progress : d.loaded / d.total);
    }
    if (d.error !== undefined || d.errors !== undefined) {
      // The scene does not run: back to the poster, dimmed, with a note;
      // the messages go to the source, at their lines.
      this.unload();
      if (this.narration) this.narration.textContent = this.narrated;
      if (this.output) this.output.hidden = true;
      if (this.caption) this.caption.hidden = true;
      this.showErrors(normalizeErrors(d));
      this.stageNote(t('scene.broken'));
      return;
    }
    if (typeof d.cursor === 'number' || d.ready === true) {
      this.becomeReady();
      if (!this.firstFrame) this.firstFrame = performance.now();
      this.cursor = d.cursor;
      this.len = d.len;
    }
    if (typeof d.procs === 'number') { this.procs = d.procs; this.seed = d.seed; }
    if (typeof d.compare === 'string') this.setComparing(d.compare);
    if (typeof d.playing === 'boolean') this.setPlaying(d.playing);
    if (typeof d.controlsHeight === 'number' && d.controlsHeight > 0 && d.controlsHeight !== this.controlsH) {
      this.controlsH = d.controlsHeight;
      this.fit(d.controlsHeight);
    }
    var text = d.narration;
    if (typeof text === 'string' && this.narration) {
      this.narration.textContent = (d.timeText && text ? d.timeText + ' · ' : '') + text;
    }
    if (typeof d.caption === 'string' && this.caption) {
      this.caption.textContent = d.caption;
      this.caption.hidden = !d.caption;
    }
    if (d.output && typeof d.output === 'object') this.showOutput(d.output);
    if (typeof d.line === 'number') this.markCurrentLine(d.line);
  };

  // markCurrentLine highlights, in the gutter, the source line of the
  // goroutine the player's current step is about (0 clears it).
  Scene.prototype.markCurrentLine = function (line) {
    if (!this.gutter) return;
    var spans = this.gutter.children;
    for (var i = 0; i < spans.length; i++) {
      spans[i].classList.toggle('current', i + 1 === line);
    }
  };

  // stageNote puts a note over the (dimmed) poster; '' removes it.
  Scene.prototype.stageNote = function (text) {
    var n = $('.stage-note', this.stage);
    if (!text) {
      if (n) n.remove();
      this.fig.classList.remove('failed');
      return;
    }
    if (!n) {
      n = el('p', { class: 'stage-note', role: 'alert' });
      this.stage.appendChild(n);
    }
    n.textContent = text;
    this.fig.classList.add('failed');
  };

  Scene.prototype.becomeReady = function () {
    if (this.ready) return;
    this.ready = true;
    this.readyAt = performance.now();
    this.progress(false);
    this.fig.classList.remove('starting');
    this.poster.hidden = true;
    var self = this;
    var q = this.pending;
    this.pending = [];
    q.forEach(function (m) { self.post(m); });
    this.rest();
  };

  // normalizeErrors is the player's problems as {line, col, msg}: the
  // player sends them so (errors), each where it is in the source; a
  // message alone (error, or a plain string) has no place (line 0).
  function normalizeErrors(d) {
    var list = d.errors || (d.error !== undefined ? [d.error] : [d]);
    return list.map(function (e) {
      if (typeof e === 'string') e = { message: e };
      var line = parseInt(e.line, 10) || 0, col = parseInt(e.col || e.column, 10) || 0;
      var msg = String(e.message || e.msg || e.text || e.error || 'error');
      return { line: line, col: col, msg: msg };
    }).slice(0, 20);
  }

  // trimLive sends the players that have been out of sight longest back
  // to their posters, so that a long chapter keeps a few WebGL contexts.
  function trimLive(keep) {
    while (liveOrder.length > MAX_LIVE) {
      var victim = null;
      for (var i = 0; i < liveOrder.length; i++) {
        if (liveOrder[i] !== keep && !liveOrder[i].visible) { victim = liveOrder[i]; break; }
      }
      if (!victim) victim = liveOrder[0] !== keep ? liveOrder[0] : liveOrder[1];
      if (!victim) return;
      victim.unload();
    }
  }

  window.addEventListener('message', function (ev) {
    if (origin !== '*' && ev.origin !== origin) return;
    var d = ev.data;
    if (!d || typeof d !== 'object' || d.type !== 'gmpbook') return;
    var tool = toolByWindow.get(ev.source);
    if (tool) { tool.message(d); return; }
    var s = byWindow.get(ev.source);
    if (!s) {
      for (var i = 0; i < scenes.length; i++) {
        if (scenes[i].iframe && scenes[i].iframe.contentWindow === ev.source) { s = scenes[i]; break; }
      }
    }
    if (s) s.message(d);
  });


  // ---- Scene tools: seeds, compare mode, trace -----------------------

  // toolByWindow maps the hidden frames that run the full player's seeds
  // and trace modes to their handlers.
  var toolByWindow = new Map();
  var SEEDS = 100;
  var DIST_ROWS = 12;

  // ToolFrame runs the full player out of sight with extra parameters and
  // hands its messages to onMessage until done() removes it.
  function ToolFrame(scene, extra, onMessage) {
    var self = this;
    this.onMessage = onMessage;
    this.frame = el('iframe', { src: scene.url(false, extra), title: t('tool.frame'), tabindex: '-1', 'aria-hidden': 'true', class: 'tool-frame' });
    scene.fig.appendChild(this.frame);
    toolByWindow.set(this.frame.contentWindow, this);
    this.frame.addEventListener('load', function () { toolByWindow.set(self.frame.contentWindow, self); });
  }
  ToolFrame.prototype.message = function (d) {
    if (typeof d.progress === 'number') return; // the download of main.wasm
    this.onMessage(d);
  };
  ToolFrame.prototype.done = function () {
    if (!this.frame) return;
    toolByWindow.delete(this.frame.contentWindow);
    this.frame.remove();
    this.frame = null;
  };

  Scene.prototype.buildTools = function () {
    var self = this;
    this.tools = $('.scene-tools', this.fig);
    if (!this.tools) return;
    this.toolStatus = $('.tool-status', this.tools);
    this.seedsButton = $('.seeds-run', this.tools);
    this.seedsPanel = $('.seeds', this.fig);
    this.compareButton = $('.compare', this.tools);
    this.compareWith = $('.compare-with', this.tools);
    this.traceButton = $('.trace', this.tools);
    var real = this.seedsPanel && this.seedsPanel.getAttribute('data-real');
    try { this.real = real ? JSON.parse(real) : null; } catch (e) { this.real = null; }
    this.seedsButton.addEventListener('click', function () { self.runSeeds(); });
    this.compareButton.addEventListener('click', function () {
      if (self.comparing) { self.load(true); return; }
      var v = self.compareWith.value.split('=');
      var extra = {};
      extra[v[0]] = v[1];
      self.load(true, extra);
    });
    this.traceButton.addEventListener('click', function () { self.downloadTrace(); });
  };

  Scene.prototype.say = function (text) {
    if (this.toolStatus) this.toolStatus.textContent = text;
  };

  // setComparing shows whether the player is in compare mode: the
  // player's label of its two runs, or '' for one run.
  Scene.prototype.setComparing = function (label) {
    if (!this.compareButton) return;
    this.fig.classList.toggle('comparing', !!this.comparing);
    this.compareButton.textContent = this.comparing ? t('compare.back') : t('compare');
    this.compareWith.disabled = !!this.comparing;
    if (label) { this.say(t('comparing', label)); this.saidComparing = this.toolStatus.textContent; }
    else if (!this.comparing && this.saidComparing && this.toolStatus.textContent === this.saidComparing) this.say('');
  };

  // runSeeds runs the scene as it is now over seeds 1…100 in the full
  // player's seeds mode, out of sight; the histogram fills in as the
  // player reports, a slice of seeds at a time.
  Scene.prototype.runSeeds = function () {
    var self = this;
    if (this.seedsTool) this.seedsTool.done();
    var source = this.source, original = this.source === this.original;
    this.seedsPanel.hidden = false;
    this.seedsButton.setAttribute('aria-expanded', 'true');
    this.seedsPanel.textContent = '';
    var head = el('p', { class: 'seeds-head', text: t('seeds.loading') });
    var bar = el('progress', { max: String(SEEDS), value: '0' });
    this.seedsPanel.appendChild(head);
    this.seedsPanel.appendChild(bar);
    this.seedsButton.disabled = true;
    this.seedsTool = new ToolFrame(this, { seeds: '1..' + SEEDS }, function (d) {
      if (d.error !== undefined || d.errors !== undefined) {
        self.seedsTool.done();
        self.seedsButton.disabled = false;
        head.textContent = t('seeds.broken', normalizeErrors(d).map(function (e) {
          return (e.line ? t('diag.line', e.line) : '') + e.msg;
        }).join('; '));
        head.classList.add('bad');
        bar.remove();
        return;
      }
      if (!d.seeds) return;
      var r = d.seeds;
      bar.value = r.done;
      head.textContent = r.done < r.total
        ? t('seeds.running', r.done, r.total)
        : t('seeds.done', r.first, r.last, r.procs, r.timing);
      self.seedsResult = r;
      self.drawSeeds(original && source === self.source ? self.real : null);
      if (r.done >= r.total) {
        self.seedsTool.done();
        bar.remove();
        self.seedsButton.disabled = false;
        self.seedsButton.textContent = t('seeds.again');
      }
    });
  };

  // distKey is the part of the outputs counted unless the reader picks
  // another: whole outputs when all are short, else the last line (as
  // site.DistKey chooses for the table of a page without script).
  function distKey(hist) {
    var top = hist.output.top;
    for (var i = 0; i < top.length; i++) if (top[i][0].split('\n').length > 3) return 'last-line';
    return 'output';
  }

  function oneline(s) { return s === '' ? t('nothing') : s.split('\n').join(' | '); }

  // tvd is the total-variation distance of two histograms (half the sum
  // of the differences of their shares), as dist.TVD computes it.
  function tvd(a, b) {
    var pa = {}, pb = {}, keys = {}, d = 0;
    a.top.forEach(function (e) { pa[e[0]] = e[1] / a.n; keys[e[0]] = true; });
    b.top.forEach(function (e) { pb[e[0]] = e[1] / b.n; keys[e[0]] = true; });
    Object.keys(keys).forEach(function (k) { d += Math.abs((pa[k] || 0) - (pb[k] || 0)); });
    return d / 2;
  }

  // drawSeeds draws the histogram so far: one row per output, its count
  // over the seeds and, when the site captured the real runtime's
  // distribution for the scene as written, the real count beside it.
  Scene.prototype.drawSeeds = function (real) {
    var self = this, r = this.seedsResult;
    var panel = this.seedsPanel;
    $$('.seeds-body', panel).forEach(function (n) { n.remove(); });
    var body = el('div', { class: 'seeds-body' });
    if (!this.seedsKey) this.seedsKey = distKey(real ? { output: { top: r.hist.output.top.concat(real.hist.output.top) } } : r.hist);
    var key = this.seedsKey;
    var keySel = el('select', { class: 'seeds-key', 'aria-label': t('seeds.what') }, [
      el('option', { value: 'output', text: t('count.output') }),
      el('option', { value: 'first-line', text: t('count.first') }),
      el('option', { value: 'last-line', text: t('count.last') })
    ]);
    keySel.value = key;
    keySel.addEventListener('change', function () { self.seedsKey = keySel.value; self.drawSeeds(real); $('.seeds-key', self.seedsPanel).focus(); });
    body.appendChild(el('p', { class: 'seeds-count' }, [el('label', {}, [t('seeds.count'), keySel])]));
    var sim = r.hist[key], rh = real ? real.hist[key] : null;
    var rows = {}, order = [];
    sim.top.forEach(function (e) { rows[e[0]] = { out: e[0], sim: e[1], real: 0 }; order.push(e[0]); });
    if (rh) rh.top.forEach(function (e) {
      if (!rows[e[0]]) { rows[e[0]] = { out: e[0], sim: 0, real: 0 }; order.push(e[0]); }
      rows[e[0]].real = e[1];
    });
    order.sort(function (a, b) { return (rows[b].sim - rows[a].sim) || (rows[b].real - rows[a].real) || (a < b ? -1 : a > b ? 1 : 0); });
    var head = [el('th', { scope: 'col', text: key === 'output' ? t('col.output') : key === 'first-line' ? t('col.first') : t('col.last') }),
      el('th', { scope: 'col', text: t('col.sim', sim.n) })];
    if (rh) head.push(el('th', { scope: 'col', text: t('col.real', rh.n) }));
    var tbody = el('tbody');
    var cell = function (n, total, cls) {
      var b = el('span', { class: 'bar bar-' + cls });
      b.style.width = (total ? Math.round(100 * n / total) : 0) + '%';
      return el('td', { class: 'num' }, [el('span', { class: 'count', text: String(n) }), el('span', { class: 'track' }, [b])]);
    };
    var shown = order.slice(0, DIST_ROWS);
    shown.forEach(function (o) {
      var tr = el('tr', {}, [el('td', { class: 'out' }, [el('code', { text: oneline(o) })]), cell(rows[o].sim, sim.n, 'sim')]);
      if (rh) tr.appendChild(cell(rows[o].real, rh.n, 'real'));
      tbody.appendChild(tr);
    });
    if (order.length > shown.length) {
      var restSim = 0, restReal = 0;
      order.slice(DIST_ROWS).forEach(function (o) { restSim += rows[o].sim; restReal += rows[o].real; });
      restSim += sim.rest || 0;
      var tr = el('tr', { class: 'rest' }, [el('td', { text: t('rest', order.length - shown.length) }), el('td', { class: 'num', text: String(restSim) })]);
      if (rh) tr.appendChild(el('td', { class: 'num', text: String(restReal) }));
      tbody.appendChild(tr);
    }
    body.appendChild(el('div', { class: 'dist-wrap' }, [el('table', { class: 'dist-table' }, [el('thead', {}, [el('tr', {}, head)]), tbody])]));
    var notes = [t(key === 'output' ? 'distinct.output' : key === 'first-line' ? 'distinct.first' : 'distinct.last', sim.distinct, sim.n)];
    if (rh && r.done >= r.total) {
      var d = tvd(sim, rh);
      this.seedsTVD = d;
      notes.push(t('tvd', d.toFixed(2), real.go, real.procs));
    } else if (!rh && r.done >= r.total) {
      notes.push(this.source !== this.original
        ? t('real.edited')
        : r.procs > 1 ? t('real.none') : t('real.onlymulti'));
    }
    body.appendChild(el('p', { class: 'seeds-note', text: notes.join(' ') }));
    panel.appendChild(body);
  };

  // downloadTrace saves the run the player shows (or, without a player,
  // the scene as it is now) as Chrome trace JSON: the full player exports
  // it (window.gmpbookTrace); the light player, which has no exporter,
  // gets it from a full player out of sight, at the same settings.
  Scene.prototype.downloadTrace = function () {
    var self = this;
    var w = this.iframe && this.iframe.contentWindow;
    var name = function (procs, seed) { return 'gmpbook-' + self.id + '-procs' + procs + '-seed' + seed + '.trace.json'; };
    if (w && typeof w.gmpbookTrace === 'function') {
      var tr = w.gmpbookTrace();
      if (tr.error) { this.say(t('trace.none', tr.error)); return; }
      save(tr.json, name(tr.procs, tr.seed));
      this.say(tr.label ? t('trace.saved.of', tr.label) : t('trace.saved'));
      return;
    }
    var extra = { trace: '1' };
    if (this.iframe && this.procs) { extra.procs = String(this.procs); extra.seed = String(this.seed); }
    if (this.traceTool) this.traceTool.done();
    this.traceButton.disabled = true;
    this.say(t('trace.working'));
    this.traceTool = new ToolFrame(this, extra, function (d) {
      if (d.error !== undefined || d.errors !== undefined) {
        self.traceTool.done();
        self.traceButton.disabled = false;
        self.say(t('trace.none', normalizeErrors(d)[0].msg));
        return;
      }
      if (!d.trace) return;
      self.traceTool.done();
      self.traceButton.disabled = false;
      save(d.trace.json, name(d.trace.procs, d.trace.seed));
      self.say(t('trace.saved'));
    });
  };

  // save offers text as a file download.
  function save(text, filename) {
    var url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    var a = el('a', { href: url, download: filename, class: 'vh' });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
  }

  function initScenes() {
    $$('figure.scene').forEach(function (fig) { scenes.push(new Scene(fig)); });
    if (!scenes.length) return;
    // Edited scenes from a shared link.
    var edited = readHash();
    var firstEdited = null;
    scenes.forEach(function (s) {
      if (edited[s.id] === undefined || !s.player) return;
      var src = b64decode(edited[s.id]);
      if (src === null) return;
      s.setSource(src);
      firstEdited = firstEdited || s;
    });
    if (firstEdited) {
      firstEdited.fig.scrollIntoView({ block: 'start' });
      firstEdited.load(false);
    }
    // A scene's player loads when the reader scrolls to it.
    if ('IntersectionObserver' in window) {
      var io = new IntersectionObserver(function (entries) {
        entries.forEach(function (en) {
          var s = en.target.__scene;
          // In sight: 60 % of the stage, or 250 px of it (a tall stage
          // whose top is on the first screen).
          s.visible = en.isIntersecting && (en.intersectionRatio >= 0.6 || en.intersectionRect.height >= 250);
          if (s.visible && !s.iframe && s.player && !s.wasShown) {
            s.wasShown = true;
            s.load(false);
          }
        });
      }, { threshold: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6] });
      scenes.forEach(function (s) { s.stage.__scene = s; io.observe(s.stage); });
      // Out of sight altogether (not a pixel within 200 px of the
      // window): paused players rest.
      var far = new IntersectionObserver(function (entries) {
        entries.forEach(function (en) {
          var s = en.target.__scene;
          s.offscreen = !en.isIntersecting;
          s.rest();
        });
      }, { rootMargin: '200px 0px' });
      scenes.forEach(function (s) { far.observe(s.stage); });
    }
  }

  // ---- Predict, then run ---------------------------------------------

  function normalizeAnswer(s, kind) {
    s = String(s).replace(/\r/g, '');
    if (kind === 'order') s = s.replace(/[,;]/g, ' ');
    if (kind === 'output') {
      return s.split('\n').map(function (l) { return l.trim().replace(/\s+/g, ' '); }).filter(Boolean).join('\n');
    }
    return s.trim().replace(/\s+/g, ' ');
  }

  function initPredicts() {
    $$('form.predict').forEach(function (form) {
      var kind = form.getAttribute('data-answer');
      var expected = form.getAttribute('data-expected');
      var verdict = $('.verdict', form);
      var explain = document.getElementById(form.getAttribute('data-explain'));
      var sceneID = form.getAttribute('data-scene');
      var question = $('.question', form);
      var reveal = function () { if (explain) explain.classList.add('shown'); };
      var scene = function () {
        for (var i = 0; i < scenes.length; i++) {
          if (scenes[i].id === sceneID && scenes[i].player) return scenes[i];
        }
        return null;
      };
      // watch plays the scene as written from the event that decides the
      // question: the first steal, hand-off or preemption when the
      // question is about one, else the scene's first own step, where
      // the player opens.
      var watch = function (s) {
        if (s.source !== s.original) s.setSource(s.original);
        var q = (question ? question.textContent : '').toLowerCase();
        var jump = /steal|窃取|偷/.test(q) ? 'next-steal' : /hand.?off|syscall|system call|移交|系统调用/.test(q) ? 'next-handoff' : /preempt|抢占/.test(q) ? 'next-preemption' : '';
        s.load(false);
        if (jump) s.post({ cmd: jump });
        s.post({ cmd: 'play' });
        s.fig.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
        s.stage.focus({ preventScroll: true });
      };
      var settle = function (text, cls) {
        verdict.textContent = '';
        verdict.className = 'verdict' + (cls ? ' ' + cls : '');
        verdict.appendChild(document.createTextNode(text));
        var s = scene();
        if (s) {
          var b = el('button', { type: 'button', class: 'watch', text: t('watch') });
          b.addEventListener('click', function () { watch(s); });
          verdict.appendChild(b);
        }
        reveal();
      };
      var answer = function () {
        var r = $('input[type=radio]:checked', form);
        if (r) return r.value;
        var t = $('input[type=text], textarea', form);
        return t ? t.value : '';
      };
      var tries = 0;
      // A wrong answer can be tried again: the answer and the reason stay
      // hidden until a right answer or "Just show me". Nothing here
      // reloads a player, so the page does not move.
      form.addEventListener('submit', function (ev) {
        ev.preventDefault();
        var a = answer();
        verdict.textContent = '';
        verdict.className = 'verdict';
        if (!a.trim()) {
          verdict.textContent = t('predict.empty');
          return;
        }
        tries++;
        if (normalizeAnswer(a, kind) === normalizeAnswer(expected, kind)) {
          settle(tries > 1 ? t('predict.right.try', expected, tries) : t('predict.right', expected), 'right');
          return;
        }
        verdict.classList.add('wrong');
        verdict.textContent = tries > 1 ? t('predict.wrong.try', tries) : t('predict.wrong');
      });
      $('.reveal', form).addEventListener('click', function () {
        settle(t('predict.says', expected), '');
      });
    });
  }

  function reducedMotion() {
    return !!(window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches);
  }

  // ---- Copy buttons and print ----------------------------------------

  function initCopy() {
    $$('button.copy').forEach(function (b) {
      b.addEventListener('click', function () { copyText(b.getAttribute('data-copy') || '', b); });
    });
  }

  function initPrint() {
    window.addEventListener('beforeprint', function () {
      $$('details').forEach(function (d) { if (!d.open) { d.open = true; d.setAttribute('data-print-opened', ''); } });
    });
    window.addEventListener('afterprint', function () {
      $$('details[data-print-opened]').forEach(function (d) { d.open = false; d.removeAttribute('data-print-opened'); });
    });
  }

  // The end-to-end tests read this.
  window.gmpbook = {
    scenes: scenes,
    b64encode: b64encode,
    b64decode: b64decode
  };

  function init() {
    initTheme();
    initLang();
    initSearch();
    initScenes();
    initPredicts();
    initCopy();
    initPrint();
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
