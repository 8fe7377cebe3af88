// app.js — the single-page app: hash routing (#/login, #/lobby, #/table/ID, #/history[/ID],
// #/tournaments[/ID], #/settings), the top bar, the WebSocket lifecycle and the dispatch of server messages.
import { api } from './js/api.js';
import { conn } from './js/ws.js';
import { t, loadWords } from './js/i18n.js';
import { applySettings, onSettingsChange, renderSettings } from './js/settings.js';
import {
  store,
  setLobby,
  updateLobby,
  removeTable,
  tableMoved,
  tableState,
  notify,
  subscribe,
  chatLines,
} from './js/store.js';
import { renderAuth, userBadge } from './js/auth.js';
import { SUIT_PATHS } from './js/cards.js';
import { renderLobby } from './js/lobby.js';
import { renderTable } from './js/table.js';
import { renderHistory } from './js/history.js';
import { renderTournaments, followTournaments } from './js/tournaments.js';
import { onState as onSeedState } from './js/seedchain.js';
import { toast, notice, errorText } from './js/ui.js';
import { sounds } from './js/sound.js';

applySettings();
const main = document.getElementById('main');
let cleanup = () => {};
let started = false;

function renderTopbar() {
  const bar = document.getElementById('topbar');
  const r = location.hash.split('/')[1] || '';
  const link = (href, key, id) =>
    `<a href="#/${href}" id="${id}" ${r === href ? 'aria-current="page"' : ''}>${t(key)}</a>`;
  const st = conn.status;
  const stText =
    { open: t('connected'), connecting: t('connecting'), reconnecting: t('reconnecting') }[st] || t('offline');
  const links = store.user
    ? link('lobby', 'lobby', 'nav-lobby') +
      link('tournaments', 'tournaments', 'nav-tournaments') +
      link('history', 'history', 'nav-history')
    : '';
  bar.innerHTML = `
    <a class="brand" href="#/lobby" aria-label="Tavolo"><svg viewBox="0 0 100 100"
      aria-hidden="true"><path d="${SUIT_PATHS.s}"/></svg><span>Tavolo</span></a>
    <nav aria-label="main">${links}${link('settings', 'settings', 'nav-settings')}</nav>
    <span class="spacer"></span>
    ${
      store.user
        ? `<span class="conn conn-${st}" id="conn-status" title="${stText}"><span class="dot"
      aria-hidden="true"></span><span class="conn-text">${stText}</span></span>`
        : ''
    }
    ${userBadge(store.user)}
    ${store.user ? `<button class="btn small ghost" id="btn-logout">${t('sign_out')}</button>` : ''}`;
  document.getElementById('skip-link').textContent = t('skip_to_main');
  const lo = document.getElementById('btn-logout');
  if (lo)
    lo.addEventListener('click', async () => {
      try {
        await api.logout();
      } catch {
        /* ignore */
      }
      signedOut();
    });
}

/** Back to the sign-in page: after "sign out" here, or when the session ended elsewhere. */
function signedOut() {
  conn.close();
  unfollow();
  store.user = null;
  store.tables.clear();
  sessionStorage.clear();
  started = false;
  location.hash = '#/login';
}

function route() {
  cleanup();
  cleanup = () => {};
  const parts = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  const page = parts[0] || (store.user ? 'lobby' : 'login');
  renderTopbar();
  if (!store.user && page !== 'settings' && page !== 'login') {
    location.hash = '#/login';
    return;
  }
  switch (page) {
    case 'login':
      if (store.user) {
        location.hash = '#/lobby';
        return;
      }
      cleanup = renderAuth(main, onUser) || cleanup;
      break;
    case 'settings':
      renderSettings(main);
      break;
    case 'history':
      cleanup = renderHistory(main, parts[1]) || cleanup;
      break;
    case 'table':
      cleanup = renderTable(main, parts[1]) || cleanup;
      break;
    case 'tournaments':
      cleanup = renderTournaments(main, parts[1]) || cleanup;
      break;
    default: // 'lobby', and any route the app does not know
      cleanup = renderLobby(main) || cleanup;
      break;
  }
}

function onUser(user) {
  store.user = user;
  start();
  location.hash = '#/lobby';
  renderTopbar();
}

let unfollow = () => {};
function start() {
  if (started) return;
  started = true;
  conn.connect();
  unfollow();
  unfollow = followTournaments();
}

conn.on('status', (s) => {
  renderTopbar();
  if (s === 'reconnecting' && conn.attempt >= 3) {
    // the upgrade may be refused (401) because the session ended
    api.me().catch((e) => {
      if (e.status === 401) {
        conn.close();
        store.user = null;
        started = false;
        location.hash = '#/login';
      }
    });
  }
});
conn.on('hello', (r) => {
  if (r?.user) {
    store.user = r.user;
    renderTopbar();
  }
  conn.request('lobby').catch(() => {});
  store.helloDone = true;
  notify('hello');
});
conn.on('lobby', (m) => setLobby(m.tables));
conn.on('lobby_update', (m) => updateLobby(m.table));
conn.on('logged_out', () => {
  if (store.user) {
    signedOut();
    toast(t('signed_out'));
  }
});
// A table closed: told once, and only where the page had it (sat or watched there). Both the
// lobby's news, which every page hears of every table, and the table itself say so.
conn.on('table_closed', (m) => {
  const had = store.tables.has(m.table);
  removeTable(m.table);
  if (had) toast(t('table_closed'));
});
conn.on('table_moved', (m) => tableMoved(m.table));
let meTimer = null;
function refreshMe() {
  clearTimeout(meTimer);
  meTimer = setTimeout(
    () =>
      api
        .me()
        .then((u) => {
          store.user = u;
          renderTopbar();
        })
        .catch(() => {}),
    400,
  );
}
conn.on('chat', (m) => chatLines(m));
subscribe((what, id) => {
  if (what !== 'seated') return;
  sounds.turn();
  const name = store.lobby.get(id)?.name || store.tables.get(id)?.options?.name || id;
  const here = location.hash === `#/table/${id}`;
  notice(
    t('seated_from_list', { table: name }),
    here ? null : { label: t('go_to_table'), href: `#/table/${encodeURIComponent(id)}` },
  );
});
conn.on('table_state', (m) => {
  tableState(m);
  onSeedState(m);
  if (m.result) refreshMe();
});
window.addEventListener('tavolo:balance', refreshMe);
conn.on('error', (m) => toast(errorText(m), 'error'));

onSettingsChange(() => route());
window.addEventListener('hashchange', route);

(async () => {
  await loadWords();
  try {
    store.user = await api.me();
    start();
  } catch {
    store.user = null;
  }
  route();
})();

// the tests read the store and redraw after changing a state the server sent
window.__tavolo = Object.assign(window.__tavolo || {}, { store, conn, notify });
