// table-menu.js — the table's own controls out of the way of play: a "☰ Table" disclosure button
// (aria-expanded) opening a list of buttons (sit out / in, change seat, leave; join or stop
// watching for a spectator), closed by Escape, a click outside or a choice; and the modal
// dialog that asks before leaving a hand or game in play.

/**
 * Wires the menu in `box` (#table-menu: a toggle button and #table-menu-list holding
 * #table-menu-items). `onChoose(button)` runs for a chosen `button[data-c]`. Returns
 * `{ setItems(html), close() }`; the open state survives redraws of the items.
 */
export function mountTableMenu(box, onChoose) {
  const toggle = box.querySelector('#btn-table-menu');
  const list = box.querySelector('#table-menu-list');
  const items = box.querySelector('#table-menu-items');
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const open = () => {
    toggle.setAttribute('aria-expanded', 'true');
    list.hidden = false;
    const first = list.querySelector('button:not([disabled])');
    if (first) first.focus();
  };
  const close = (refocus) => {
    if (!isOpen()) return;
    toggle.setAttribute('aria-expanded', 'false');
    list.hidden = true;
    if (refocus) toggle.focus();
  };
  toggle.addEventListener('click', () => (isOpen() ? close(false) : open()));
  list.addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-c]');
    if (!b) return;
    close(false);
    onChoose(b);
  });
  box.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && isOpen()) {
      ev.preventDefault();
      ev.stopPropagation();
      close(true);
      return;
    }
    if ((ev.key === 'ArrowDown' || ev.key === 'ArrowUp') && isOpen()) {
      const bs = [...list.querySelectorAll('button:not([disabled])')];
      if (!bs.length) return;
      ev.preventDefault();
      const i = bs.indexOf(document.activeElement);
      const n = ev.key === 'ArrowDown' ? (i + 1) % bs.length : (i - 1 + bs.length) % bs.length;
      bs[i < 0 ? 0 : n].focus();
    }
  });
  const outside = (ev) => {
    if (isOpen() && !box.contains(ev.target)) close(false);
  };
  document.addEventListener('pointerdown', outside);
  box.addEventListener('focusout', (ev) => {
    if (isOpen() && ev.relatedTarget && !box.contains(ev.relatedTarget)) close(false);
  });
  return {
    setItems(html) {
      if (items.dataset.html === html) return;
      const had = items.contains(document.activeElement) ? document.activeElement.id : null;
      items.innerHTML = html;
      items.dataset.html = html;
      if (had) {
        const f = items.querySelector(`#${CSS.escape(had)}`);
        if (f) f.focus();
      }
    },
    close,
    destroy() {
      document.removeEventListener('pointerdown', outside);
    },
  };
}

/**
 * Asks in the modal `dialog` (#leave-dialog) whether to leave, explaining `text`; resolves true
 * for "Leave", false for "Stay", Escape or a close. `showModal` keeps focus inside the dialog
 * and makes the page behind it inert; focus goes back to `returnTo`.
 */
export function confirmLeave(dialog, text, returnTo) {
  return new Promise((resolve) => {
    dialog.querySelector('#leave-dialog-text').textContent = text;
    const yes = dialog.querySelector('#btn-leave-confirm');
    const no = dialog.querySelector('#btn-leave-cancel');
    let answer = false;
    const done = () => {
      yes.removeEventListener('click', onYes);
      no.removeEventListener('click', onNo);
      dialog.removeEventListener('close', done);
      if (returnTo && document.contains(returnTo)) returnTo.focus();
      resolve(answer);
    };
    const onYes = () => {
      answer = true;
      dialog.close();
    };
    const onNo = () => {
      answer = false;
      dialog.close();
    };
    yes.addEventListener('click', onYes);
    no.addEventListener('click', onNo);
    dialog.addEventListener('close', done);
    dialog.showModal();
    no.focus();
  });
}
