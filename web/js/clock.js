// clock.js — the action clock drawn as a ring: the decision clock running down, then the time
// bank (another colour) once the clock is past its deadline; what is left of a `table_state`
// clock ({seat, deadline_ms, bank_ms}) at a given moment.

/** The ring's SVG (a track and an arc); `paintRing` sets how much of the arc is left. */
export function clockRing(id = '') {
  return `<svg class="clock-ring" ${id ? `id="${id}"` : ''} viewBox="0 0 36 36" aria-hidden="true"
    focusable="false"><circle class="ring-track" cx="18" cy="18" r="15.5"/><circle class="ring-arc" cx="18" cy="18"
    r="15.5" pathLength="100"/></svg>`;
}

/**
 * What is left of `clock` at `now`: `left` (ms of the decision clock), `bankLeft` (ms of the
 * time bank, which runs once the deadline is past), `inBank`, `total` (both) and `frac`, the
 * part of the running one (clock or bank) still to go, 0…1. `clockMs` is the table's full
 * decision time, for the fraction.
 */
export function clockLeft(clock, now, clockMs) {
  const left = Math.max(0, clock.deadline_ms - now);
  const bank = Math.max(0, clock.bank_ms || 0);
  const bankLeft = Math.max(0, bank - Math.max(0, now - clock.deadline_ms));
  const inBank = left === 0 && bank > 0;
  const frac = inBank ? bankLeft / bank : Math.min(1, left / Math.max(1, clockMs || left || 1));
  return { left, bankLeft, inBank, total: left + bankLeft, frac: Math.max(0, Math.min(1, frac)) };
}

/** Draws `frac` of the ring, in the time bank's look when `inBank`, the warning look when `low`. */
export function paintRing(svg, { frac, inBank, low }) {
  const arc = svg.querySelector('.ring-arc');
  if (arc) arc.style.strokeDashoffset = String(100 - frac * 100);
  svg.classList.toggle('bank', !!inBank);
  svg.classList.toggle('low', !!low);
}
