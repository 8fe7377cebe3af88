/**
 * A recorded hand or game drawn step by step for the history page's replayer: Hold'em from its
 * PHH, Saint Poker and Five-Card Draw from their records, each as the viewer may see it (their
 * own cards, the cards shown, and the whole deal once it is revealed).
 */

import { t, categoryName, cardName, word } from './i18n.js';
import { cardHtml, cardsHtml, cardsText } from './cards.js';
import { esc, fmtChips } from './ui.js';
import { replayPhh } from './phh.js';
import {
  viewerIndex,
  playerNames,
  cardMode,
  visibleCards,
  tellPhh,
  drawSentence,
  drawResultSentence,
} from './replay.js';

/** The pot at step `k`: what is in the middle and bet; once it is paid out (the last step),
 * the pot as it was before (issue 49: the replay ended on "Pot: 0"). */
function potUpTo(steps, k) {
  const at = (s) => (s ? (s.pot || 0) + (s.bets || []).reduce((a, b) => a + b, 0) : 0);
  for (let j = k; j >= 0; j--) if (at(steps[j]) > 0) return at(steps[j]);
  return 0;
}

/** A player's name, escaped, with "(you)" for the viewer. */
function nameHtml(names, p, viewer) {
  return `${esc(names[p])}${p === viewer ? ` <span class="rp-you">(${t('you')})</span>` : ''}`;
}

/** A player's cards as the viewer may see them: face down, face up, or face up because the
 * deal was revealed (marked, and named "not shown at the table"). */
function handHtml(cards, mode, size) {
  if (mode !== 'revealed') return cardsHtml(visibleCards(cards, mode), { size });
  return (cards || [])
    .map((c) =>
      c
        ? cardHtml(c, { size, cls: 'unshown', label: `${cardName(c)} (${t('rp_unshown')})` })
        : cardHtml(null, { size }),
    )
    .join('');
}

function seatsRow(names, viewer, cell) {
  return `<div class="rp-seats">${names
    .map(
      (nm, i) => `<div class="rp-seat${i === viewer ? ' me' : ''}"
    data-seat="${i}">${cell(i, nm)}</div>`,
    )
    .join('')}</div>`;
}

export function holdemReplay(h, who) {
  const raw = replayPhh(h);
  const n = raw[0].stacks.length;
  const names = playerNames(h.players, n);
  // PHH numbers players from the small blind, not by table seat: the viewer is found by name.
  const viewer = viewerIndex(h.players ? names : [], who.me);
  const steps = tellPhh(h, raw, names);
  const draw = (s, k, { reveal }) => `<div class="rp-note"><strong id="rp-say">${esc(s.say)}</strong></div>
    <div class="rp-board">${t('board')}: ${cardsHtml(s.board, { size: 'md' })} <span class="pot"
      id="rp-pot">${t('total_pot')}: <strong>${fmtChips(potUpTo(steps, k))}</strong></span></div>
    ${seatsRow(names, viewer, (i) => {
      const state = `${s.folded[i] ? 'muted' : ''} ${s.actor === i ? 'acting' : ''}`;
      return `<div class="rp-name ${state}">${nameHtml(names, i, viewer)}</div>
      <div class="rp-hand">${handHtml(s.hole[i], cardMode(i, { viewer, shown: s.shown, reveal }), 'sm')}</div>
      <div>${t('stack')}: ${fmtChips(s.stacks[i])}</div>
      ${s.bets[i] ? `<div class="bet-inline">${fmtChips(s.bets[i])}</div>` : ''}
      ${s.folded[i] ? `<div class="muted">${word('results', 'folded')}</div>` : ''}`;
    })}`;
  return { steps, draw };
}

/** The engine's default names, `P1`, `P2`, …: a record written before tables named players. */
const unnamed = (players) => players.every((p, i) => p === `P${i + 1}`);

export function saintReplay(r, who) {
  const P = r.players.length;
  const names = unnamed(r.players) ? playerNames(null, P) : r.players;
  const viewer = viewerIndex(r.players, who.me, unnamed(r.players) ? who.seat : -1);
  const hands = r.deal.hands.map((h) => h.slice());
  const steps = [];
  const scores = Array(P).fill(0);
  const rm = (p, c) => {
    const k = hands[p].indexOf(c);
    if (k >= 0) hands[p].splice(k, 1);
  };
  const snap = (o) => steps.push(JSON.parse(JSON.stringify({ hands, scores, ...o })));
  let centre = r.deal.centre.slice();
  snap({ say: t('rp_dealt'), round: 0, centre, preview: [] });
  for (const rd of r.rounds) {
    snap({ say: t('round', { n: rd.round }), round: rd.round, centre, preview: rd.preview });
    rd.placed.forEach((c, p) => {
      rm(p, c);
    });
    snap({
      say: rd.placed.map((c, p) => t('e_place', { who: names[p], cards: cardsText([c]) })).join('; '),
      round: rd.round,
      centre: rd.centre,
      preview: rd.preview,
      placed: rd.placed,
    });
    rd.hands.forEach((h, p) => {
      for (const c of h.shown) rm(p, c);
    });
    rd.scores.forEach((s, p) => {
      scores[p] = s;
    });
    snap({
      say: t('shown_cards'),
      round: rd.round,
      centre: rd.centre,
      preview: rd.preview,
      placed: rd.placed,
      shown: rd.hands,
    });
    if (rd.draft) {
      const pool = [...rd.centre, ...rd.hands.flatMap((h) => h.shown)];
      rd.draft.picks.forEach((pk) => {
        const x = pool.indexOf(pk.card);
        if (x >= 0) pool.splice(x, 1);
        hands[pk.player].push(pk.card);
        snap({
          say: t('e_pick', { who: names[pk.player], cards: cardsText([pk.card]) }),
          round: rd.round,
          centre: rd.centre,
          preview: rd.preview,
          placed: rd.placed,
          shown: rd.hands,
          pool: pool.slice(),
          order: rd.draft.order,
          pick: pk,
        });
      });
    }
    centre = rd.preview;
  }
  const lastRound = r.rounds[r.rounds.length - 1];
  if (r.result)
    snap({
      say: t('final_ranking'),
      round: 8,
      centre: lastRound ? lastRound.centre : [],
      preview: [],
      shown: lastRound ? lastRound.hands : null,
      result: r.result,
    });
  // A player's hand is theirs alone; what they place, show and pick is on the table.
  const draw = (s, _k, { reveal }) => `<div class="rp-note"><strong id="rp-say">${esc(s.say)}</strong></div>
    <div class="rp-board">${t('centre')}: ${cardsHtml(s.pool || s.centre, { size: 'md' })} ${
      s.preview?.length
        ? `<span
      class="muted">${t('preview')}:</span> ${cardsHtml(s.preview, { size: 'sm' })}`
        : ''
    }</div>
    ${s.order ? `<div class="muted">${t('draft_order')}: ${s.order.map((p) => esc(names[p])).join(' → ')}</div>` : ''}
    ${seatsRow(names, viewer, (p) => {
      const head = `${nameHtml(names, p, viewer)} — ${s.scores[p]} ${t('points_short')}`;
      const shown = s.shown?.[p];
      const points = shown?.points ? ` +${shown.points}` : '';
      const category = shown ? `<strong>${esc(categoryName(shown.category))}</strong>` : '';
      return `<div class="rp-name ${s.pick && s.pick.player === p ? 'acting' : ''}">${head}</div>
      <div class="rp-hand">${handHtml(s.hands[p].slice().sort(), cardMode(p, { viewer, reveal }), 'xs')}</div>
      ${s.placed ? `<div>${t('placed_cards')}: ${cardsHtml([s.placed[p]], { size: 'sm' })}</div>` : ''}
      ${s.shown ? `<div>${t('shown_cards')}: ${cardsHtml(shown.shown, { size: 'sm' })} ${category}${points}</div>` : ''}
      ${s.result ? `<div><strong>${t('place_n', { n: s.result.places[p] })}</strong></div>` : ''}`;
    })}`;
  return { steps, draw };
}

export function drawReplay(r, who) {
  const n = r.stacks.length;
  const names = playerNames(r.players, n);
  const viewer = viewerIndex(r.players || [], who.me, r.players ? -1 : who.seat);
  const st = {
    stacks: r.stacks.slice(),
    bets: Array(n).fill(0),
    pot: r.carried_in || 0,
    hands: r.deal.hands.map((h) => h.slice()),
    folded: Array(n).fill(false),
    ex: Array(n).fill(null),
    shown: Array(n).fill(false),
  };
  const cut = (r.dealer + 1) % n;
  for (let k = 0; k < n; k++) {
    const s = (cut + k) % n;
    const a = Math.min(r.ante, st.stacks[s]);
    st.stacks[s] -= a;
    st.pot += a;
  }
  const steps = [];
  const snap = (say, actor = null) => steps.push(JSON.parse(JSON.stringify({ ...st, say, actor })));
  snap(`${t('rp_antes', { amount: fmtChips(r.ante) })}; ${t('rp_dealt')}`);
  const draws = (r.deal.draws || []).slice();
  let inExchange = false;
  const collect = () => {
    st.pot += st.bets.reduce((a, b) => a + b, 0);
    st.bets.fill(0);
  };
  for (const a of r.actions) {
    const s = a.seat;
    const before = JSON.parse(JSON.stringify(st));
    if (a.action === 'fold') st.folded[s] = true;
    else if (a.action === 'call') {
      const max = Math.max(...st.bets);
      const x = Math.min(max - st.bets[s], st.stacks[s]);
      st.stacks[s] -= x;
      st.bets[s] += x;
    } else if (a.action === 'bet') {
      const x = Math.min(a.to - st.bets[s], st.stacks[s]);
      st.stacks[s] -= x;
      st.bets[s] += x;
    } else if (a.action === 'exchange') {
      if (!inExchange) {
        collect();
        inExchange = true;
      }
      st.hands[s] = st.hands[s].filter((c) => !a.discard.includes(c)).concat(draws.splice(0, a.discard.length));
      st.ex[s] = a.discard.length;
    } else if (a.action === 'show') st.shown[s] = true;
    snap(drawSentence(a, before, st, names), s);
  }
  collect();
  if (r.result) {
    const before = st.stacks.slice();
    st.stacks = r.result.finishing_stacks.slice();
    st.pot = r.result.carried_pot || 0;
    snap(drawResultSentence(r.result, before, names));
  }
  const draw = (
    x,
    k,
    { reveal },
  ) => `<div class="rp-note"><strong id="rp-say">${esc(x.say)}</strong></div><div class="rp-board"><span class="pot"
    id="rp-pot">${t('total_pot')}: <strong>${fmtChips(potUpTo(steps, k))}</strong></span></div>
    ${seatsRow(names, viewer, (i) => {
      const state = `${x.folded[i] ? 'muted' : ''} ${x.actor === i ? 'acting' : ''}`;
      const name = `${nameHtml(names, i, viewer)}${i === r.dealer ? ' (D)' : ''}`;
      return `<div class="rp-name ${state}">${name}</div>
      <div class="rp-hand">${handHtml(x.hands[i], cardMode(i, { viewer, shown: x.shown, reveal }), 'xs')}</div>
      <div>${t('stack')}: ${fmtChips(x.stacks[i])}</div>
      ${x.bets[i] ? `<div class="bet-inline">${fmtChips(x.bets[i])}</div>` : ''}
      ${x.ex[i] != null ? `<div class="muted">${t('exchanged', { n: x.ex[i] })}</div>` : ''}
      ${x.folded[i] ? `<div class="muted">${word('results', 'folded')}</div>` : ''}`;
    })}`;
  return { steps, draw };
}
