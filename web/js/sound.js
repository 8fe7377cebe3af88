// sound.js — tiny WebAudio beeps for table events (your turn, chips, cards, win, your clock
// running low); no audio files.
import { settings } from './settings.js';

let ctx = null;
function audio() {
  if (!ctx) {
    const C = window.AudioContext || window.webkitAudioContext;
    if (!C) return null;
    ctx = new C();
  }
  if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  return ctx;
}

function beep(freq, ms, type = 'sine', gain = 0.06, delay = 0) {
  if (!settings().sounds) return;
  const a = audio();
  if (!a) return;
  const t0 = a.currentTime + delay / 1000;
  const o = a.createOscillator();
  const g = a.createGain();
  o.type = type;
  o.frequency.setValueAtTime(freq, t0);
  g.gain.setValueAtTime(gain, t0);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + ms / 1000);
  o.connect(g).connect(a.destination);
  o.start(t0);
  o.stop(t0 + ms / 1000 + 0.02);
}

export const sounds = {
  turn() {
    beep(660, 120);
    beep(880, 160, 'sine', 0.06, 130);
  },
  chips() {
    beep(1400, 40, 'square', 0.02);
    beep(1800, 40, 'square', 0.02, 50);
  },
  card() {
    beep(300, 50, 'triangle', 0.05);
  },
  win() {
    beep(523, 120);
    beep(659, 120, 'sine', 0.06, 120);
    beep(784, 220, 'sine', 0.06, 240);
  },
  tick() {
    beep(1000, 30, 'square', 0.015);
  },
  warn() {
    beep(880, 90, 'square', 0.04);
    beep(880, 90, 'square', 0.04, 160);
    beep(660, 160, 'square', 0.04, 320);
  },
  error() {
    beep(200, 180, 'sawtooth', 0.03);
  },
};
