// table-saint.js — the Saint Poker table: the felt (felt-saint.js draws it: players with their
// points and revealed cards, the centre and the preview, the draft order and pool), your hand
// fanned out (click or digits to place, choose two to show with their best hand computed live),
// the scoreboard and the results screen.
import { t, categoryName } from './i18n.js';
import { cardHtml, cardsHtml } from './cards.js';
import { esc, fmtChips } from './ui.js';
import { handSeats, mySeat, seatName, compactName } from './seats.js';
import { normLegal } from './legal.js';
import { store } from './store.js';
import { shortName } from './felt.js';
import { saintFeltHtml } from './felt-saint.js';

/** @typedef {Partial<import('../types/protocol').SaintView>} SaintView */

export function mountSaint(ctx) {
  let sel = [];
  let selKey = '';
  let last = null;
  const seenReveal = new Set();
  let focusIdx = 0;
  // the server acknowledges a choice to its sender only (maybe with no new table_state): keep it
  let local = { key: '', cards: null };
  const choose = (action) => {
    // The choice belongs to the phase it was made in: the acknowledgement may come after the
    // reveal has moved the game to the next phase.
    const v = /** @type {SaintView} */ (last?.view || {});
    const key = `${last?.hand}:${v.round}:${v.phase}`;
    return ctx
      .send(action)
      .then(() => {
        local = { key, cards: action.card ? [action.card] : action.cards };
        if (last) api.update(last);
      })
      .catch(() => {});
  };

  const myIdx = (st) => {
    const me = mySeat(st);
    const m = handSeats(st);
    return me != null ? m.indexOf(me) : st.view && st.view.player != null ? st.view.player : -1;
  };

  function onHandCard(card) {
    const st = last;
    if (!st) return;
    const v = /** @type {SaintView} */ (st.view || {});
    if (v.phase === 'place') {
      choose({ action: 'place', card });
    } else if (v.phase === 'show') {
      if (sel.includes(card)) sel = sel.filter((c) => c !== card);
      else {
        sel.push(card);
        if (sel.length > 2) sel.shift();
      }
      api.update(st);
    }
  }

  ctx.mine.addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-card]');
    if (b) {
      focusIdx = Number(b.dataset.i) - 1;
      onHandCard(b.dataset.card);
      return;
    }
    if (ev.target.closest('#act-show-pair') && sel.length === 2) choose({ action: 'show', cards: sel.slice() });
  });
  ctx.felt.addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-pick]');
    if (b) ctx.send({ action: 'pick', card: b.dataset.pick });
  });

  function scoreboardHtml(st, v, map) {
    const sb = store.saintRounds.get(st.table) || {};
    const n = map.length;
    const rounds = Object.keys(sb)
      .filter((k) => /^\d+$/.test(k))
      .map(Number)
      .sort((a, b) => a - b);
    return `<h2 class="h-small">${t('scoreboard')}</h2>
      <div class="table-wrap"><table class="scoreboard" id="scoreboard">
      <thead><tr><th scope="col">#</th>${map
        .map(
          (s) => `<th scope="col"
        title="${esc(seatName(st, s))}">${esc(shortName(seatName(st, s), 9))}</th>`,
        )
        .join('')}</tr></thead>
      <tbody>${rounds
        .map(
          (r) =>
            `<tr><th scope="row">${r}</th>${Array.from({ length: n }, (_, i) => {
              const p = sb[r].points[i];
              return `<td class="${p ? 'pos' : ''}">${p || '·'}</td>`;
            }).join('')}</tr>`,
        )
        .join('')}</tbody>
      <tfoot><tr><th scope="row">${t('total')}</th>${(v.scores || [])
        .map((s) => `<td><strong>${s}</strong></td>`)
        .join('')}</tr></tfoot>
      </table></div>`;
  }

  function resultsHtml(st, v, map, mi) {
    const r = st.result || {};
    const scores = r.scores || v.scores || [];
    const rounds = r.rounds || [];
    const won = r.stakes_won || [];
    const order = scores
      .map((p, i) => ({ i, p, place: 1 + scores.filter((x) => x > p).length }))
      .sort((a, b) => a.place - b.place || a.i - b.i);
    const name = (i) => `${esc(seatName(st, map[i]))}${i === mi ? ` <span class="muted">(${t('you')})</span>` : ''}`;
    const again =
      mi >= 0 && st.you && st.you.sitting_out
        ? `<button type="button" class="btn primary" id="btn-play-again">${t('play_again')}</button>`
        : mi >= 0
          ? `<span class="muted" id="waiting-next-game">${t('waiting_next_game')}</span>`
          : '';
    return `<section class="saint-results" id="saint-results" aria-labelledby="saint-results-title">
      <h2 class="h-small" id="saint-results-title">${t('game_results')}</h2>
      <ol class="ranking" id="results-ranking">${order
        .map(({ i, p, place }) => {
          const stake = r.stake ? ` · ${t('stakes_won')}: ${fmtChips(won[i] || 0)}` : '';
          const line = `${name(i)} — ${p} ${t('points_short')}${stake}`;
          return `<li value="${place}" class="${(r.winners || []).includes(i) ? 'winner' : ''}">${line}</li>`;
        })
        .join('')}</ol>
      ${
        rounds.length
          ? `<div class="table-wrap"><table class="scoreboard rounds"
            id="results-rounds"><thead><tr><th scope="col">#</th>${map
              .map(
                (_, i) => `<th
            scope="col">${esc(compactName(seatName(st, map[i])))}</th>`,
              )
              .join('')}</tr></thead>
        <tbody>${rounds
          .map(
            (pts, k) =>
              `<tr><th scope="row">${k + 1}</th>${pts
                .map(
                  (p) => `<td
          class="${p ? 'pos' : ''}">${p || '·'}</td>`,
                )
                .join('')}</tr>`,
          )
          .join('')}</tbody></table></div>`
          : ''
      }
      <div class="results-actions">${again}<button type="button" class="btn ghost"
        id="btn-results-lobby">${mi >= 0 ? t('leave') : t('back_to_lobby')}</button></div>
    </section>`;
  }

  ctx.mine.addEventListener('click', (ev) => {
    if (ev.target.closest('#btn-play-again')) ctx.control('sit_in');
    if (ev.target.closest('#btn-results-lobby')) {
      if (last && handSeats(last).length && mySeat(last) != null) ctx.control('leave');
      else location.hash = '#/lobby';
    }
  });

  const api = {
    update(st) {
      last = st;
      const v = /** @type {SaintView} */ (st.view || {});
      const map = handSeats(st);
      const mi = myIdx(st);
      const legal = normLegal(st);
      const phase = v.phase;
      const k = `${st.hand}:${v.round}:${phase}`;
      if (k !== selKey) {
        selKey = k;
        sel = phase === 'show' && v.my_choice && v.my_choice.length === 2 ? v.my_choice.slice() : [];
      }
      const myTurnPick = phase === 'draft' && v.to_pick === mi && mi >= 0;
      ctx.felt.innerHTML = saintFeltHtml(st, { mi, seen: seenReveal });
      // my hand
      const hand = v.hand || [];
      const choice = v.my_choice || (local.key === k && local.cards) || [];
      const clickable =
        mi >= 0 && (phase === 'place' || phase === 'show') && (legal.any || legal.place || legal.showPair || !st.legal);
      let best = '';
      const pair = phase === 'show' ? sel : [];
      if (pair.length === 2) {
        // The server's legal list carries the hand each pair makes by the table's hand rule.
        const entry = (st.legal || []).find(
          (a) =>
            a &&
            a.action === 'show' &&
            a.hand &&
            Array.isArray(a.cards) &&
            a.cards.length === 2 &&
            a.cards.includes(pair[0]) &&
            a.cards.includes(pair[1]),
        );
        const r = entry?.hand;
        if (r) {
          const royal = r.category === 'straight_flush' && String(r.cards[0]).startsWith('A');
          const category = categoryName(royal ? 'royal_flush' : r.category);
          const cards = cardsHtml(r.cards, { size: 'xs' });
          best = `<div class="live-best" id="live-best"
            aria-live="polite">${t('best_hand')}: <strong>${category}</strong> ${cards}</div>`;
        }
      }
      const chosenNote =
        (phase === 'place' && choice.length === 1) || (phase === 'show' && choice.length === 2)
          ? `<span class="chosen-note" id="chosen-note">✓ ${t('chosen')}</span>`
          : '';
      const n = hand.length;
      if (phase === 'over' && st.result) {
        // the results screen alone tells the end (issue 49: on a phone the ranking and the
        // rounds also came twice more below it, in the scoreboard and the result box)
        ctx.mine.innerHTML = resultsHtml(st, v, map, mi);
        ctx.extra.innerHTML = '';
        ctx.actions.innerHTML = '';
        return { ...legal, any: false };
      }
      const placeHint = () => t(matchMedia('(pointer: coarse)').matches ? 'place_hint_touch' : 'place_hint');
      const hint = phase === 'place' ? placeHint() : phase === 'show' ? t('show_hint') : '';
      ctx.mine.innerHTML =
        mi < 0
          ? ''
          : `
        <div class="fan ${clickable ? 'selecting' : ''}" role="group" aria-label="${t('your_hand')}" style="--n:${n}"
          id="my-hand">
          ${hand
            .map((c, i) =>
              cardHtml(c, {
                size: 'lg',
                button: clickable,
                selected: phase === 'show' ? sel.includes(c) : choice.includes(c),
                attrs: `data-i="${i + 1}"
            style="--i:${i}" tabindex="${i === Math.min(focusIdx, n - 1) ? 0 : -1}"`,
              }),
            )
            .join('')}
        </div>
        <div class="mine-bar">
          <span class="hint">${hint}</span>
          ${best}
          ${
            phase === 'show' && clickable
              ? `<button type="button" class="btn primary"
            id="act-show-pair" ${sel.length === 2 ? '' : 'disabled'}>${t('show_these')}</button>`
              : ''
          }
          ${chosenNote}
        </div>`;
      const sbHtml = scoreboardHtml(st, v, map);
      ctx.extra.innerHTML = sbHtml;
      ctx.actions.innerHTML = '';
      // Your turn: a card to place or a pair to show not yet chosen, or your pick in the draft.
      return { ...legal, any: (clickable && choice.length === 0) || myTurnPick };
    },
    key(ev) {
      const st = last;
      if (!st) return false;
      const v = /** @type {SaintView} */ (st.view || {});
      const digit = ev.key === '0' ? 10 : Number(ev.key);
      if (Number.isInteger(digit) && digit >= 1 && ev.key.length === 1) {
        const sel2 = v.phase === 'draft' ? `#pool button[data-pi="${digit}"]` : `#my-hand button[data-i="${digit}"]`;
        const b = /** @type {HTMLButtonElement | null} */ (document.querySelector(sel2));
        if (b && !b.disabled) {
          b.focus();
          b.click();
          return true;
        }
      }
      if (ev.key === 'ArrowLeft' || ev.key === 'ArrowRight') {
        const sel = v.phase === 'draft' ? '#pool button' : '#my-hand button';
        const btns = [.../** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll(sel))];
        if (!btns.length) return false;
        let i = btns.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
        i = i < 0 ? 0 : (i + (ev.key === 'ArrowRight' ? 1 : -1) + btns.length) % btns.length;
        btns.forEach((b, j) => {
          b.setAttribute('tabindex', j === i ? '0' : '-1');
        });
        btns[i].focus();
        if (v.phase !== 'draft') focusIdx = i;
        return true;
      }
      if (ev.key === 'Enter' && v.phase === 'show' && sel.length === 2 && !ev.target.closest('button')) {
        choose({ action: 'show', cards: sel.slice() });
        return true;
      }
      return false;
    },
  };
  return api;
}
