// replay.js — the replayer's story, pure and testable in node. The steps come from the server
// (GET api/history/{id}/replay: the engine replays the record, pays the pots and values every
// hand shown); this module only tells them: each step's engine events in words, with the live
// log's sentences (`describeEvents`), who the players are, and how each seat's cards are drawn.
import { t } from './i18n.js';
import { describeEvents } from './events.js';

/** @typedef {import('../types/protocol').ReplayReply} ReplayReply */
/** @typedef {import('../types/protocol').ReplayStep} ReplayStep */
/** @typedef {import('../types/protocol').StepResult} StepResult */

/** The record's names, or "Player 1", "Player 2", … where the record names nobody. */
export function playerNames(names, n) {
  return Array.from({ length: n }, (_, i) => names?.[i] || t('player_n', { n: i + 1 }));
}

/** The value the engine gave to the hand `seat` showed: in Saint Poker the pair shown at `step`
 * (each round its own), else the last step's result (valued by the game's tie-break).
 * @param {number} seat @param {ReplayStep} step @param {StepResult | undefined} result */
function shownValue(seat, step, result) {
  const h = step?.seats?.[seat]?.hand || result?.hands?.find((x) => x.seat === seat);
  return h?.category ? { category: h.category, ranks: h.ranks } : null;
}

/**
 * Each step of a replay (`reply`, the server's) in words: its events told as the live log tells
 * them, players named by `names`; a step whose events say nothing (the deal, the end of a Saint
 * Poker game) gets a sentence of its own.
 * @param {Pick<ReplayReply, 'steps'>} reply @param {string[]} names
 * @returns {string[]}
 */
export function tellSteps(reply, names) {
  const steps = reply.steps || [];
  const result = steps.at(-1)?.result;
  const all = steps.flatMap((s, k) => (s.events || []).map((e) => ({ k, e })));
  const events = all.map(({ k, e }) => {
    if (e.event !== 'shown') return e;
    const hand = shownValue(e.seat ?? e.player, steps[k], result);
    return hand ? { ...e, hand } : e;
  });
  const who = (i) => names[i] ?? t('player_n', { n: i + 1 });
  const lines = describeEvents(events, who);
  return steps.map((s, k) => {
    const said = lines.filter((line, j) => line && all[j].k === k);
    const kinds = new Set((s.events || []).map((e) => e.event));
    if (kinds.has('dealt')) said.push(t('rp_dealt'));
    if (said.length) return said.join('; ');
    if (kinds.has('hole_dealt')) return t('rp_hole_dealt');
    if (s.result?.places) return t('final_ranking');
    return k === 0 ? t('rp_dealt') : t('rp_start');
  });
}

/**
 * A seat's cards as drawn at a step: [{card, unshown}] where `card` is null for a card face
 * down; with `reveal`, the cards the asker could not see (`mine`) face up from the whole deal
 * (`all`, the `reveal=all` replay), marked as not shown at the table.
 * @param {(string | null)[]} mine @param {(string | null)[] | undefined | null} all @param {boolean} reveal
 */
export function seatCards(mine, all, reveal) {
  return (mine || []).map((c, i) => {
    if (c || !reveal || !all?.[i]) return { card: c || null, unshown: false };
    return { card: all[i], unshown: true };
  });
}
