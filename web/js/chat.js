// chat.js — a table's chat: the lines the server sends (`chat` messages, kept in the store by
// table), shown as text; a field to write (players, and spectators where the table allows it);
// mute and unmute a writer (kept in this browser). Nothing of it is in any hand's record.
import { conn } from './ws.js';
import { store, subscribe } from './store.js';
import { t } from './i18n.js';
import { esc, toast, errorText } from './ui.js';
import { mySeat } from './seats.js';

const MUTED = 'tavolo.muted';
/** The mute mark: a speaker struck through, drawn (an emoji is a box without an emoji font). */
const MUTE_SVG =
  '<svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">' +
  '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>' +
  '<path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" stroke-width="2" fill="none"/></svg>';

/** The users muted in this browser (ids). */
export function muted() {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED) || '[]'));
  } catch {
    return new Set();
  }
}
function setMuted(set) {
  try {
    localStorage.setItem(MUTED, JSON.stringify([...set]));
  } catch {
    /* private mode */
  }
}

/** The lines to show: oldest first, without muted writers' (your own always shown). */
export function visibleLines(lines, mutedSet, me) {
  return (lines || []).filter((l) => l.user === me || !mutedSet.has(l.user));
}

/** Mounts the chat of table `id` in `box` (the table page's `#table-chat`); returns cleanup. */
export function mountChat(box, id) {
  box.hidden = false;
  box.innerHTML = `<h2 class="h-small" id="chat-title">${t('chat')}</h2>
    <ol class="chat-lines" id="chat-lines" aria-live="polite" aria-labelledby="chat-title"></ol>
    <form class="chat-form" id="chat-form" autocomplete="off">
      <label class="sr-only" for="chat-input">${t('chat_say')}</label>
      <input id="chat-input" name="text" maxlength="200" placeholder="${t('chat_say')}">
      <button type="submit" class="btn small" id="chat-send">${t('chat_send')}</button>
    </form>
    <p class="muted small" id="chat-off" hidden>${t('chat_spectators_off')}</p>`;
  const list = box.querySelector('#chat-lines');
  const form = box.querySelector('#chat-form');
  const input = box.querySelector('#chat-input');
  const off = box.querySelector('#chat-off');
  let drawn = '';

  function draw() {
    const st = store.tables.get(id);
    const me = store.user?.id;
    const spectator = !st || (mySeat(st) == null && st.you?.waiting == null);
    const may = !spectator || !!st?.options?.spectator_chat;
    form.hidden = !may;
    off.hidden = may;
    const m = muted();
    const lines = visibleLines(store.chat.get(id), m, me);
    const key = JSON.stringify([lines.map((l) => l.id), [...m]]);
    if (key === drawn) return;
    drawn = key;
    const names = new Map((store.chat.get(id) || []).map((l) => [l.user, l.name]));
    list.innerHTML =
      lines
        .map(
          (l) =>
            `<li data-id="${l.id}"><strong class="chat-name">${esc(l.name)}</strong> <span
              class="chat-text">${esc(l.text)}</span>${
                l.user !== me
                  ? ` <button type="button" class="btn tiny ghost"
              data-mute="${l.user}" aria-label="${esc(t('mute', { name: l.name }))}">${MUTE_SVG}</button>`
                  : ''
              }</li>`,
        )
        .join('') +
      [...m]
        .filter((u) => names.has(u))
        .map(
          (u) =>
            `<li class="muted small"><button type="button" class="btn tiny ghost"
              data-unmute="${u}">${esc(t('unmute', { name: names.get(u) }))}</button></li>`,
        )
        .join('');
    list.scrollTop = list.scrollHeight;
  }

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      await conn.request('chat', { table: id, text });
      input.value = '';
    } catch (e) {
      toast(errorText(e), 'error');
    }
  });
  list.addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-mute], button[data-unmute]');
    if (!b) return;
    const m = muted();
    if (b.dataset.mute) m.add(Number(b.dataset.mute));
    else m.delete(Number(b.dataset.unmute));
    setMuted(m);
    draw();
  });
  const unsub = subscribe((what, tid) => {
    if ((what === 'chat' || what === 'table') && tid === id) draw();
  });
  draw();
  return () => unsub();
}
