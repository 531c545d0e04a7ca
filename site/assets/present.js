// gmpbook — presentation mode (present/NN-slug.html).
//
// The page holds a chapter's slides, rendered at build time. This script
// makes them a deck: one slide at a time on a 1920×1080 stage scaled to
// the window; fragments (a scene's narrated steps, a poll's answer) that
// the keys of a presentation clicker step through; the position in the URL
// (#/slide or #/slide/fragment); an overview of every slide; a presenter
// view in a second window (?presenter) kept in step over a
// BroadcastChannel (or, without one, storage events); type that shrinks on
// slides with a lot to say.
//
// A scene slide plays in the player's iframe: the deck sends it
// {cmd: 'seek', at} for each narrated step (the event index where the
// step's caption starts, computed at build time from the same simulation)
// and reads back the cursor from the player's status messages, which it
// shows on the slide as data-cursor.
//
// Rule, as in site.js: text from the page, the URL or the player goes into
// the DOM only as text.
(function () {
  'use strict';

  var root = document.documentElement;
  var deck = document.getElementById('deck');
  if (!deck) return;
  var stage = deck.querySelector('.deck-stage');
  var slides = Array.prototype.slice.call(deck.querySelectorAll('.slides > .slide'));
  if (!slides.length || !stage) return;

  var W = 1920, H = 1080;
  var presenter = new URLSearchParams(location.search).has('presenter');
  var origin = (location.origin && location.origin !== 'null') ? location.origin : '*';
  var cur = { slide: -1, frag: 0 };
  var $$ = function (sel, el) { return Array.prototype.slice.call((el || document).querySelectorAll(sel)); };

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

  // t is key's text in the page's edition, as in site.js: the table is
  // assets/strings.LANG.js, from site/strings.go; {0}, {1}, … are the
  // arguments.
  var texts = window.gmpbookStrings || {};
  function t(key) {
    var args = arguments;
    var s = Object.prototype.hasOwnProperty.call(texts, key) ? texts[key] : key;
    return s.replace(/\{(\d+)\}/g, function (m, i) { var a = args[+i + 1]; return a === undefined ? m : String(a); });
  }

  function clamp(v, lo, hi) { return Math.max(lo, Math.min(hi, v)); }
  function frags(i) { return parseInt(slides[i].getAttribute('data-frags'), 10) || 0; }
  function titleOf(i) { return slides[i].getAttribute('data-title') || ''; }
  function kindOf(s) { return s.getAttribute('data-kind'); }

  // ---- Fragments ------------------------------------------------------

  // showFrag puts a slide (or a copy of one) in the state of fragment k:
  // the k-th step of a scene, a poll's answer from k = 1 on.
  function showFrag(s, k) {
    s.setAttribute('data-frag', String(k));
    if (kindOf(s) === 'scene') {
      $$('.step', s).forEach(function (st, i) { st.classList.toggle('current', i === k); });
    } else if (kindOf(s) === 'poll') {
      s.classList.toggle('revealed', k >= 1);
      var d = s.querySelector('details.poll-answer');
      if (d) d.open = k >= 1;
    }
  }

  // stepText says in words what fragment k of a slide shows.
  function stepText(s, k) {
    if (kindOf(s) === 'scene') {
      var st = $$('.step figcaption', s)[k];
      return st ? st.textContent.trim() : '';
    }
    if (kindOf(s) === 'poll') {
      var ans = s.querySelector('.poll-answer pre');
      return k >= 1 ? t('p.answer.shown', ans ? ans.textContent.trim() : '') : t('p.answer.hidden');
    }
    return '';
  }

  // ---- Fitting long slides ----------------------------------------------

  var FIT_LEVELS = 11; // present.css: fit-1 … fit-11
  // fits reports that a slide's content ends above its bottom padding
  // (where the slide number sits) and nothing in it is wider than it.
  function fits(s) {
    if (s.scrollWidth > s.clientWidth + 1) return false;
    var limit = s.clientHeight - (parseFloat(getComputedStyle(s).paddingBottom) || 0) + 1;
    return Array.prototype.every.call(s.children, function (c) {
      if (c.hidden || c.classList.contains('notes')) return true;
      return c.offsetTop + Math.max(c.offsetHeight, c.scrollHeight) <= limit && c.scrollWidth <= c.clientWidth + 1;
    });
  }
  function wideFits(e) { return e.scrollWidth <= e.clientWidth + 1; }
  function setLevel(e, prefix, n, levels) {
    for (var j = 1; j <= levels; j++) e.classList.toggle(prefix + j, j === n);
  }
  // fitWide shrinks a code block or a table that is too wide for the
  // slide (and, as a last resort, wraps the code's lines).
  function fitWide(s) {
    $$('pre', s).forEach(function (p) {
      p.classList.remove('pre-wrap');
      var n = 0;
      setLevel(p, 'pre-', 0, 3);
      while (!wideFits(p) && n < 3) setLevel(p, 'pre-', ++n, 3);
      if (!wideFits(p)) p.classList.add('pre-wrap');
    });
    $$('table', s).forEach(function (t) {
      var n = 0;
      setLevel(t, 'tbl-', 0, 2);
      while (!wideFits(t) && n < 2) setLevel(t, 'tbl-', ++n, 2);
    });
  }
  // fit picks, for a slide with a lot of text, the first level (smaller
  // type, then two columns) at which everything shows without scrolling.
  function fit(s) {
    if (kindOf(s) === 'scene') return;
    for (var l = 0; l <= FIT_LEVELS; l++) {
      setLevel(s, 'fit-', l, FIT_LEVELS);
      fitWide(s);
      if (fits(s)) return;
    }
    s.classList.add('fit-scroll');
  }

  // ---- Scenes: the player in an iframe ------------------------------------

  var MAX_LIVE = 2; // players kept at once: the current scene and the last one
  var live = [];
  var byWindow = new Map();

  function Scene(slide) {
    this.slide = slide;
    this.area = slide.querySelector('.scene-area');
    this.url = this.area && this.area.getAttribute('data-player');
    this.stops = $$('.step', slide).map(function (li) { return parseInt(li.getAttribute('data-at'), 10); });
    this.iframe = null;
    this.ready = false;
    this.want = null;
    this.playing = false;
  }
  Scene.prototype.post = function (msg) {
    if (this.iframe && this.ready) this.iframe.contentWindow.postMessage(msg, origin);
  };
  // show sends the player to fragment k's event, paused; the player loads
  // on first use, already at that event.
  Scene.prototype.show = function (k) {
    if (!this.url) return;
    var at = this.stops[clamp(k, 0, this.stops.length - 1)];
    this.want = at;
    if (!this.iframe) { this.load(at); return; }
    this.post({ cmd: 'pause' });
    this.post({ cmd: 'seek', at: at });
  };
  Scene.prototype.load = function (at) {
    var self = this;
    var f = el('iframe', {
      src: this.url + '&at=' + at + '&slide=1' + (document.documentElement.getAttribute('data-theme') === 'dark' ? '&dark=1' : ''),
      title: t('player.title', this.slide.getAttribute('data-title') || t('p.scene')),
      tabindex: '-1'
    });
    this.iframe = f;
    this.ready = false;
    this.lastLen = undefined;
    this.area.classList.remove('failed');
    this.area.appendChild(f);
    byWindow.set(f.contentWindow, this);
    f.addEventListener('load', function () {
      byWindow.set(f.contentWindow, self);
      // A click on the player's own buttons focuses its canvas; give the
      // keys back to the deck afterwards, so that the clicker still works.
      try {
        ['mouseup', 'touchend'].forEach(function (t) {
          f.contentWindow.addEventListener(t, function () { setTimeout(refocus, 0); }, true);
        });
      } catch (e) { /* a player from elsewhere: leave its focus alone */ }
    });
    live = live.filter(function (s) { return s !== self; });
    live.push(this);
    while (live.length > MAX_LIVE) live.shift().unload();
  };
  Scene.prototype.unload = function () {
    if (!this.iframe) return;
    byWindow.delete(this.iframe.contentWindow);
    this.iframe.remove();
    this.iframe = null;
    this.ready = false;
    this.area.classList.remove('live');
    this.slide.removeAttribute('data-cursor');
  };
  Scene.prototype.message = function (d) {
    if (d.error !== undefined) {
      this.unload();
      this.area.classList.add('failed');
      var n = this.area.querySelector('.scene-note') || this.area.appendChild(el('p', { class: 'scene-note', role: 'alert' }));
      n.textContent = t('p.player.error', String(d.error));
      return;
    }
    if (typeof d.cursor !== 'number') return;
    if (!this.ready) {
      this.ready = true;
      this.area.classList.add('live');
      if (this.want !== null && d.cursor !== this.want) {
        this.post({ cmd: 'pause' });
        this.post({ cmd: 'seek', at: this.want });
      }
    }
    // The player may simulate a long run in slices: a step it had not
    // reached when it was sent there is sent again once it has.
    if (this.want !== null && d.cursor < this.want && this.lastLen !== undefined && this.lastLen <= this.want &&
        typeof d.len === 'number' && d.len > this.want && !d.playing) {
      this.post({ cmd: 'seek', at: this.want });
    }
    if (typeof d.len === 'number') this.lastLen = d.len;
    if (typeof d.playing === 'boolean') this.playing = d.playing;
    this.slide.setAttribute('data-cursor', String(d.cursor));
    if (typeof d.len === 'number') this.slide.setAttribute('data-len', String(d.len));
    if (scenes[cur.slide] === this) {
      send({ kind: 'status', slide: cur.slide, cursor: d.cursor, len: d.len, time: d.timeText || '', narration: d.narration || '' });
    }
  };

  function refocus() {
    var a = document.activeElement;
    if (a && a.tagName === 'IFRAME') {
      a.blur();
      window.focus();
    }
  }

  var scenes = slides.map(function (s) { return kindOf(s) === 'scene' ? new Scene(s) : null; });

  window.addEventListener('message', function (ev) {
    if (origin !== '*' && ev.origin !== origin) return;
    var d = ev.data;
    if (!d || typeof d !== 'object' || d.type !== 'gmpbook') return;
    var s = byWindow.get(ev.source);
    if (s) s.message(d);
  });

  // ---- Navigation -------------------------------------------------------

  var foot, numEl, fill, announcer;

  function go(slide, frag, remote) {
    slide = clamp(slide | 0, 0, slides.length - 1);
    frag = clamp(frag | 0, 0, frags(slide));
    var changed = slide !== cur.slide;
    var before = cur;
    cur = { slide: slide, frag: frag };
    slides.forEach(function (s, i) {
      s.classList.toggle('current', i === slide);
      s.setAttribute('aria-hidden', i === slide ? 'false' : 'true');
    });
    var s = slides[slide];
    showFrag(s, frag);
    deck.setAttribute('data-slide', String(slide + 1));
    deck.setAttribute('data-frag', String(frag));
    if (numEl) numEl.textContent = (slide + 1) + ' / ' + slides.length;
    if (fill) fill.style.width = (slides.length > 1 ? slide / (slides.length - 1) * 100 : 100) + '%';
    if (changed && announcer) announcer.textContent = t('p.announce', slide + 1, slides.length, titleOf(slide));
    if (!presenter) {
      if (changed && before.slide >= 0 && scenes[before.slide]) scenes[before.slide].post({ cmd: 'pause' });
      if (scenes[slide]) scenes[slide].show(frag);
    } else {
      updatePresenter();
    }
    if (overview && !overview.hidden) markOverview();
    writeHash();
    if (!remote && (changed || before.frag !== frag)) send({ kind: 'go', slide: slide, frag: frag });
  }

  function next() {
    if (cur.frag < frags(cur.slide)) go(cur.slide, cur.frag + 1);
    else if (cur.slide < slides.length - 1) go(cur.slide + 1, 0);
  }
  function prev() {
    if (cur.frag > 0) go(cur.slide, cur.frag - 1);
    else if (cur.slide > 0) go(cur.slide - 1, frags(cur.slide - 1));
  }

  function readHash() {
    var m = /^#\/(\d+)(?:\/(\d+))?$/.exec(location.hash);
    return m ? { slide: parseInt(m[1], 10) - 1, frag: parseInt(m[2] || '0', 10) } : null;
  }
  function writeHash() {
    var h = '#/' + (cur.slide + 1) + (cur.frag ? '/' + cur.frag : '');
    if (location.hash !== h) history.replaceState(null, '', location.pathname + location.search + h);
  }
  window.addEventListener('hashchange', function () {
    var p = readHash();
    if (p && (p.slide !== cur.slide || p.frag !== cur.frag)) go(p.slide, p.frag);
  });

  // ---- The other window -----------------------------------------------------

  var chanName = 'gmpbook-present:' + location.pathname;
  var me = Math.random().toString(36).slice(2);
  var chan = null;
  try { chan = new BroadcastChannel(chanName); } catch (e) { chan = null; }
  function send(msg) {
    msg.from = me;
    if (chan) { chan.postMessage(msg); return; }
    try {
      msg.nonce = Date.now() + ':' + Math.random();
      localStorage.setItem(chanName, JSON.stringify(msg));
    } catch (e) { /* no channel at all: the windows do not follow each other */ }
  }
  function receive(m) {
    if (!m || typeof m !== 'object' || m.from === me) return;
    if (m.kind === 'go' && typeof m.slide === 'number') {
      if (m.slide !== cur.slide || m.frag !== cur.frag) go(m.slide, m.frag || 0, true);
    } else if (m.kind === 'hello' && !presenter) {
      send({ kind: 'go', slide: cur.slide, frag: cur.frag });
      var sc = scenes[cur.slide];
      var at = sc && sc.ready ? parseInt(sc.slide.getAttribute('data-cursor'), 10) : NaN;
      if (!isNaN(at)) send({ kind: 'status', slide: cur.slide, cursor: at, len: parseInt(sc.slide.getAttribute('data-len'), 10) || 0 });
    } else if (m.kind === 'status' && presenter) {
      playerStatus(m);
    }
  }
  if (chan) chan.onmessage = function (ev) { receive(ev.data); };
  else {
    window.addEventListener('storage', function (ev) {
      if (ev.key !== chanName || !ev.newValue) return;
      try { receive(JSON.parse(ev.newValue)); } catch (e) { /* not ours */ }
    });
  }

  // ---- Copies of slides (overview, presenter) ----------------------------------

  function shot(i, k) {
    var c = slides[i].cloneNode(true);
    $$('iframe, .notes, .scene-note', c).forEach(function (e) { e.remove(); });
    $$('[id]', c).forEach(function (e) { e.removeAttribute('id'); });
    c.classList.add('current');
    c.removeAttribute('aria-hidden');
    var area = c.querySelector('.scene-area');
    if (area) area.classList.remove('live', 'failed');
    showFrag(c, k);
    var wrap = el('div', { class: 'shot', 'aria-hidden': 'true' }, [c]);
    wrap.inert = true;
    return wrap;
  }

  // ---- Overview -------------------------------------------------------------

  var overview = null, thumbs = [], selected = 0;
  var COLS = 5;

  function buildOverview() {
    var list = el('ol', { class: 'thumbs' });
    thumbs = slides.map(function (s, i) {
      var b = el('button', { type: 'button', class: 'thumb', 'aria-label': t('p.slide', i + 1, titleOf(i)) }, [
        el('span', { class: 'thumb-frame' }, [shot(i, 0)]),
        el('span', { class: 'thumb-label' }, [el('span', { class: 'n', text: String(i + 1) }), el('span', { class: 't', text: titleOf(i) })])
      ]);
      b.addEventListener('click', function () { closeOverview(); go(i, 0); });
      list.appendChild(el('li', {}, [b]));
      return b;
    });
    overview = el('div', { class: 'overview', role: 'dialog', 'aria-label': t('p.all'), hidden: '' }, [
      el('h2', { text: deck.getAttribute('data-chapter-title') || t('p.slides') }), list
    ]);
    stage.appendChild(overview);
  }
  function markOverview() {
    thumbs.forEach(function (t, i) {
      t.classList.toggle('current', i === cur.slide);
      t.classList.toggle('selected', i === selected);
      if (i === cur.slide) t.setAttribute('aria-current', 'true'); else t.removeAttribute('aria-current');
    });
    var t = thumbs[selected];
    if (t) t.scrollIntoView({ block: 'nearest' });
  }
  function openOverview() {
    if (!overview) buildOverview();
    if (toastEl) toastEl.hidden = true;
    selected = cur.slide;
    overview.hidden = false;
    deck.classList.add('overview-open');
    markOverview();
    thumbs[selected].focus({ preventScroll: true });
  }
  function closeOverview() {
    if (!overview || overview.hidden) return;
    overview.hidden = true;
    deck.classList.remove('overview-open');
    if (document.activeElement && overview.contains(document.activeElement)) document.activeElement.blur();
  }
  function overviewKey(ev) {
    var k = ev.key, n = slides.length;
    var moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLS, ArrowUp: -COLS, PageDown: COLS * 3, PageUp: -COLS * 3 };
    if (k in moves) selected = clamp(selected + moves[k], 0, n - 1);
    else if (k === 'Home') selected = 0;
    else if (k === 'End') selected = n - 1;
    else if (k === 'Enter' || k === ' ') { closeOverview(); go(selected, 0); ev.preventDefault(); return; }
    else if (k === 'Escape' || k === 'o') { closeOverview(); ev.preventDefault(); return; }
    else return;
    ev.preventDefault();
    markOverview();
    thumbs[selected].focus({ preventScroll: true });
  }

  // ---- Overlays: go to, help, toast, blackout ----------------------------------

  var typed = '', gotoMode = false, gotoEl = null, gotoTimer = 0;
  function showGoto() {
    if (!gotoEl) { gotoEl = el('div', { class: 'goto', role: 'status' }); (presenter ? document.body : stage).appendChild(gotoEl); }
    gotoEl.hidden = false;
    gotoEl.textContent = t('p.goto', typed || '…', slides.length);
    clearTimeout(gotoTimer);
    gotoTimer = setTimeout(clearGoto, 4000);
  }
  function clearGoto() {
    typed = '';
    gotoMode = false;
    if (gotoEl) gotoEl.hidden = true;
  }

  var help = null;
  var KEYS = [
    ['→  Space  PageDown  Enter', t('p.key.next')],
    ['←  PageUp  Backspace', t('p.key.back')],
    ['Home  End', t('p.key.ends')],
    [t('p.key.goto.keys'), t('p.key.goto')],
    ['o  Esc', t('p.key.overview')],
    ['p', t('p.key.presenter')],
    ['k', t('p.key.play')],
    ['f', t('p.key.full')],
    ['b  .', t('p.key.black')],
    ['t', t('p.key.theme')],
    ['l', t('p.key.lang')],
    ['?', t('p.key.help')]
  ].filter(function (k) { return k[0] !== 'l' || document.querySelector('.lang-switch'); });
  function toggleHelp() {
    if (!help) {
      var dl = el('dl');
      KEYS.forEach(function (k) { dl.appendChild(el('dt', { text: k[0] })); dl.appendChild(el('dd', { text: k[1] })); });
      help = el('div', { class: 'help', role: 'dialog', 'aria-label': t('p.keys'), hidden: '' }, [el('h2', { text: t('p.keys') }), dl]);
      stage.appendChild(help);
    }
    help.hidden = !help.hidden;
  }

  var toastEl = null, toastTimer = 0;
  function toast(nodes, ms) {
    if (!toastEl) { toastEl = el('div', { class: 'toast', role: 'status' }); stage.appendChild(toastEl); }
    toastEl.textContent = '';
    nodes.forEach(function (n) { toastEl.appendChild(typeof n === 'string' ? document.createTextNode(n) : n); });
    toastEl.hidden = false;
    toastEl.classList.remove('fade');
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () {
      toastEl.classList.add('fade');
      toastTimer = setTimeout(function () { toastEl.hidden = true; }, 450);
    }, ms || 3000);
  }

  var blackout = null;
  function toggleBlackout() {
    if (!blackout) { blackout = el('div', { class: 'blackout', hidden: '' }); document.body.appendChild(blackout); }
    blackout.hidden = !blackout.hidden;
  }

  function toggleFullscreen() {
    var noop = function () {};
    if (document.fullscreenElement) {
      if (document.exitFullscreen) document.exitFullscreen().catch(noop);
    } else if (root.requestFullscreen) {
      root.requestFullscreen().catch(noop);
    }
  }

  function toggleTheme() {
    var t = root.getAttribute('data-theme');
    if (!t) t = window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    var nt = t === 'dark' ? 'light' : 'dark';
    root.setAttribute('data-theme', nt);
    try { localStorage.setItem('gmpbook-theme', nt); } catch (e) { /* not kept */ }
  }

  function presenterURL() {
    return location.pathname + '?presenter' + location.hash;
  }
  function openPresenter() {
    var w = null;
    try { w = window.open(presenterURL(), 'gmpbook-presenter', 'popup,width=1280,height=800'); } catch (e) { w = null; }
    if (!w) {
      toast([t('p.blocked'), el('a', { href: presenterURL(), target: '_blank', rel: 'opener', text: t('p.open.here') }), t('p.blocked.end')], 8000);
    }
  }

  // The other edition's deck (the page's .lang-switch): when both decks
  // are numbered alike (data-keep-slide) it opens at the same slide and
  // step. The reader's choice is remembered, as site.js does.
  var langSwitch = document.querySelector('.lang-switch');
  function langTarget() {
    return langSwitch.getAttribute('href').split('#')[0] + (langSwitch.hasAttribute('data-keep-slide') ? location.hash : '');
  }
  function switchLang() {
    try { localStorage.setItem('gmpbook-lang', langSwitch.getAttribute('hreflang')); } catch (e) { /* not kept */ }
    location.href = langTarget();
  }
  if (langSwitch) {
    langSwitch.addEventListener('click', function () {
      try { localStorage.setItem('gmpbook-lang', langSwitch.getAttribute('hreflang')); } catch (e) { /* not kept */ }
      langSwitch.setAttribute('href', langTarget());
    });
  }

  function togglePlay() {
    var sc = scenes[cur.slide];
    if (sc && sc.ready) sc.post({ cmd: sc.playing ? 'pause' : 'play' });
  }

  // ---- Keys -------------------------------------------------------------------

  document.addEventListener('keydown', function (ev) {
    if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var t = ev.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    var k = ev.key;
    if (overview && !overview.hidden) { overviewKey(ev); return; }
    if (t && t.tagName === 'BUTTON' && (k === 'Enter' || k === ' ')) return; // the button's own click
    if (help && !help.hidden && (k === 'Escape' || k === '?')) { toggleHelp(); ev.preventDefault(); return; }
    if (/^[0-9]$/.test(k)) { typed = (typed + k).slice(-4); showGoto(); ev.preventDefault(); return; }
    if (typed || gotoMode) {
      if (k === 'Enter') {
        var n = parseInt(typed, 10);
        clearGoto();
        if (n >= 1) go(n - 1, 0);
        ev.preventDefault();
        return;
      }
      if (k === 'Backspace') { typed = typed.slice(0, -1); showGoto(); ev.preventDefault(); return; }
      if (k === 'Escape') { clearGoto(); ev.preventDefault(); return; }
      clearGoto();
    }
    var handled = true;
    switch (k) {
      case 'ArrowRight': case 'ArrowDown': case 'PageDown': case 'Enter':
        next(); break;
      case ' ': case 'Spacebar':
        if (ev.shiftKey) prev(); else next();
        break;
      case 'ArrowLeft': case 'ArrowUp': case 'PageUp': case 'Backspace':
        prev(); break;
      case 'Home': go(0, 0); break;
      case 'End': go(slides.length - 1, 0); break;
      case 'g': gotoMode = true; typed = ''; showGoto(); break;
      case 'o': case 'O': case 'Escape':
        if (presenter) handled = false; else openOverview();
        break;
      case 'p': case 'P':
        if (presenter) handled = false; else openPresenter();
        break;
      case 'f': case 'F': toggleFullscreen(); break;
      case 'b': case 'B': case '.': toggleBlackout(); break;
      case 'k': case 'K': togglePlay(); break;
      case 't': case 'T': toggleTheme(); break;
      case 'l': case 'L': if (presenter || !langSwitch) handled = false; else switchLang(); break;
      case '?': if (presenter) handled = false; else toggleHelp(); break;
      default: handled = false;
    }
    if (handled) ev.preventDefault();
  });

  // Swipes on a touch screen.
  var touchX = null;
  deck.addEventListener('touchstart', function (ev) { touchX = ev.touches.length === 1 ? ev.touches[0].clientX : null; }, { passive: true });
  deck.addEventListener('touchend', function (ev) {
    if (touchX === null || !ev.changedTouches.length) return;
    var dx = ev.changedTouches[0].clientX - touchX;
    touchX = null;
    if (Math.abs(dx) > 60) { if (dx < 0) next(); else prev(); }
  });

  // ---- Layout -----------------------------------------------------------------

  function layout() {
    var vw = deck.clientWidth || window.innerWidth, vh = deck.clientHeight || window.innerHeight;
    var s = Math.min(vw / W, vh / H);
    stage.style.transform = 'translate(' + ((vw - W * s) / 2) + 'px,' + ((vh - H * s) / 2) + 'px) scale(' + s + ')';
    deck.setAttribute('data-scale', s.toFixed(4));
    if (presenter) scaleScreens();
  }

  // The cursor hides when the mouse rests.
  var idleTimer = 0;
  function awake() {
    deck.classList.remove('idle');
    clearTimeout(idleTimer);
    idleTimer = setTimeout(function () { deck.classList.add('idle'); }, 2500);
  }

  // ---- The presenter view ---------------------------------------------------------

  var pv = null, nowScreen, nextScreen, nowCaption, statusEl, nextTitle, notesEl, posEl, fragEl, timerEl, clockEl, pauseBtn;
  var timer = { start: Date.now(), paused: 0 };

  function buildPresenter() {
    posEl = el('span', { class: 'pv-pos' });
    fragEl = el('span', { class: 'pv-frag' });
    timerEl = el('span', { class: 'pv-timer', role: 'timer', 'aria-label': t('p.timer') });
    clockEl = el('span', { class: 'pv-clock' });
    pauseBtn = el('button', { type: 'button', class: 'pv-pause', text: t('p.pause') });
    var resetBtn = el('button', { type: 'button', class: 'pv-reset', text: t('p.reset') });
    nowScreen = el('div', { class: 'pv-screen' });
    nextScreen = el('div', { class: 'pv-screen' });
    nowCaption = el('p', { class: 'pv-caption', 'aria-live': 'polite' });
    statusEl = el('p', { class: 'pv-status' });
    nextTitle = el('p', { class: 'pv-next-title' });
    notesEl = el('div', { class: 'pv-notes-text' });
    pv = el('div', { class: 'pv' }, [
      el('div', { class: 'pv-top' }, [posEl, fragEl, timerEl, pauseBtn, resetBtn, clockEl]),
      el('section', { class: 'pv-now', 'aria-label': t('p.now.aria') }, [el('h2', { class: 'pv-label', text: t('p.now') }), nowScreen, nowCaption, statusEl]),
      el('div', { class: 'pv-side' }, [
        el('section', { class: 'pv-next', 'aria-label': t('p.next.aria') }, [el('h2', { class: 'pv-label', text: t('p.next') }), nextScreen, nextTitle]),
        el('section', { class: 'pv-notes', 'aria-label': t('p.notes.aria') }, [el('h2', { class: 'pv-label', text: t('p.notes') }), notesEl])
      ])
    ]);
    document.body.appendChild(pv);
    resetBtn.addEventListener('click', function () {
      timer.start = Date.now();
      if (timer.paused) timer.paused = timer.start;
      tick();
      resetBtn.blur();
    });
    pauseBtn.addEventListener('click', function () {
      if (timer.paused) { timer.start += Date.now() - timer.paused; timer.paused = 0; } else timer.paused = Date.now();
      pauseBtn.textContent = timer.paused ? t('p.resume') : t('p.pause');
      timerEl.classList.toggle('paused', !!timer.paused);
      tick();
      pauseBtn.blur();
    });
    setInterval(tick, 250);
    tick();
    document.title = t('p.presenter', document.title);
  }

  function two(n) { return (n < 10 ? '0' : '') + n; }
  function tick() {
    var ms = (timer.paused || Date.now()) - timer.start;
    var s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    timerEl.textContent = (h ? h + ':' : '') + two(m) + ':' + two(s % 60);
    var d = new Date();
    clockEl.textContent = two(d.getHours()) + ':' + two(d.getMinutes());
  }

  function scaleScreens() {
    [nowScreen, nextScreen].forEach(function (sc) {
      if (!sc || !sc.firstChild) return;
      sc.firstChild.style.transform = 'scale(' + (sc.clientWidth / W) + ')';
    });
  }

  function updatePresenter() {
    if (!pv) return;
    var i = cur.slide, s = slides[i], n = frags(i);
    posEl.textContent = t('p.pos', i + 1, slides.length);
    fragEl.textContent = n ? t('p.step', cur.frag, n) : t('p.nosteps');
    nowScreen.textContent = '';
    nowScreen.appendChild(shot(i, cur.frag));
    var text = stepText(s, cur.frag);
    nowCaption.textContent = '';
    nowCaption.appendChild(el('b', { text: titleOf(i) }));
    if (text) nowCaption.appendChild(document.createTextNode(' — ' + text));
    statusEl.textContent = '';
    nextScreen.textContent = '';
    nextTitle.classList.remove('end');
    if (cur.frag < n) {
      nextScreen.appendChild(shot(i, cur.frag + 1));
      nextTitle.textContent = t('p.next.step', stepText(s, cur.frag + 1));
      if (i + 1 < slides.length) nextTitle.appendChild(el('span', { class: 'pv-then', text: t('p.then', i + 2, titleOf(i + 1)) }));
    } else if (i + 1 < slides.length) {
      nextScreen.appendChild(shot(i + 1, 0));
      nextTitle.textContent = t('p.slide', i + 2, titleOf(i + 1));
    } else {
      nextTitle.textContent = t('p.end');
      nextTitle.classList.add('end');
    }
    notesEl.textContent = '';
    var notes = $$('.notes p', s);
    notesEl.classList.toggle('empty', notes.length === 0);
    if (notes.length) notes.forEach(function (p) { notesEl.appendChild(el('p', { text: p.textContent })); });
    else notesEl.appendChild(el('p', { text: t('p.nonotes') }));
    scaleScreens();
  }

  function playerStatus(m) {
    if (!statusEl || m.slide !== cur.slide || typeof m.cursor !== 'number') return;
    statusEl.textContent = m.len && m.time ? t('p.audience.time', m.cursor, m.len, m.time) : m.len ? t('p.audience.of', m.cursor, m.len) : t('p.audience', m.cursor);
  }

  // ---- Start ----------------------------------------------------------------------

  function init() {
    root.classList.add('deckmode');
    deck.classList.add('on');
    deck.setAttribute('aria-roledescription', t('p.deck'));
    deck.setAttribute('tabindex', '-1');
    announcer = el('p', { class: 'vh', 'aria-live': 'polite' });
    numEl = el('span', { class: 'num' });
    fill = el('span', { class: 'fill' });
    foot = el('div', { class: 'deck-foot', 'aria-hidden': 'true' }, [
      el('span', { class: 'where', text: t('p.where', deck.getAttribute('data-chapter') || '', deck.getAttribute('data-chapter-title') || '') }),
      numEl
    ]);
    stage.appendChild(foot);
    stage.appendChild(el('div', { class: 'progress', 'aria-hidden': 'true' }, [fill]));
    deck.appendChild(announcer);
    layout();
    // Every slide is laid out (hidden ones too): measure and fit them
    // before the presenter view hides the deck.
    slides.forEach(fit);
    if (presenter) {
      root.classList.add('presenter-mode');
      buildPresenter();
    }
    var p = readHash() || { slide: 0, frag: 0 };
    go(p.slide, p.frag, true);
    window.addEventListener('resize', layout);
    if (presenter) send({ kind: 'hello' });
    else {
      document.addEventListener('mousemove', awake);
      awake();
      if (!location.hash || p.slide === 0) toast([t('p.hint')], 3500);
    }
    // The tests read this.
    window.gmpbookPresent = {
      slides: slides.length,
      position: function () { return { slide: cur.slide + 1, frag: cur.frag }; },
      frags: function (i) { return frags(i - 1); },
      go: function (i, k) { go(i - 1, k || 0); }
    };
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
