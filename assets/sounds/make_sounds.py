#!/usr/bin/env python3
"""Synthesise the table's sounds into WAV files (mono, 22050 Hz, 16-bit).

    python assets/sounds/make_sounds.py            # rewrites the WAVs beside this script
    python assets/sounds/make_sounds.py --out DIR  # writes them into DIR instead

Standard library only (no numpy), and the same bytes on every machine: the noise comes from `random.Random`
with a fixed seed per sound, and the signal uses only IEEE-exact arithmetic (+ − × ÷, floor, round) — the sine
below is a polynomial, envelopes decay by repeated multiplication, pitches are written out in hertz — so no
platform's maths library can change a sample.

The sounds (each 50–600 ms, with soft attacks and fades so none of them clicks):
  dice   three bone dice rattling on felt: a dozen small knocks, closer together and softer as they settle
  flip   a card turning over: a rising breath of paper and a small snap as it lands
  slide  a card sliding over the cloth: a soft, falling swish
  bust   a trip or round lost: a low tone that sighs down an octave
  win    a rising chime: C, E, G, C as little bells
  turn   "your turn": two gentle mallet notes, D then G
  click  a soft button click: a short wooden tick
"""
from __future__ import annotations

import argparse
import array
import math
import random
import sys
import wave
from pathlib import Path

RATE = 22050
PI = math.pi
TAU = 2.0 * math.pi
HALF_PI = 0.5 * math.pi


# --- exact building blocks -----------------------------------------------------------------------------------
def sin(x: float) -> float:
    """sin(x) from a Taylor polynomial (error < 1e-9): the same result on every platform."""
    x -= math.floor(x / TAU + 0.5) * TAU          # to [-pi, pi]
    if x > HALF_PI:
        x = PI - x
    elif x < -HALF_PI:
        x = -PI - x
    x2 = x * x
    return x * (1 - x2 / 6 * (1 - x2 / 20 * (1 - x2 / 42 * (1 - x2 / 72 * (1 - x2 / 110 * (1 - x2 / 156))))))


def n_samples(seconds: float) -> int:
    return int(round(seconds * RATE))


def decay_factor(tau: float) -> float:
    """The per-sample factor of an exponential decay with time constant `tau` seconds (1 − 1/(τ·rate))."""
    return 1.0 - 1.0 / (tau * RATE)


def smoothstep(t: float) -> float:
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    return t * t * (3 - 2 * t)


class Track:
    """A mono buffer that voices are mixed into."""

    def __init__(self, seconds: float):
        self.s = [0.0] * n_samples(seconds)

    def add(self, start: float, voice) -> None:
        i = n_samples(start)
        s = self.s
        for v in voice:
            if i >= len(s):
                break
            s[i] += v
            i += 1


def fade_tail(samples, seconds: float):
    """Bring the last `seconds` smoothly to silence (a voice cut short would click)."""
    n, f_n = len(samples), max(1, n_samples(seconds))
    for j in range(min(f_n, n)):
        samples[n - 1 - j] *= smoothstep(j / f_n)
    return samples


def tone(partials, seconds: float, attack: float = 0.004, glide=None, vibrato=None):
    """A sum of decaying sine partials `(ratio, amplitude, tau)` over one fundamental.

    `glide = (f_start, f_end, tau)`: the fundamental falls (or rises) from f_start towards f_end exponentially;
    otherwise `partials` ratios are absolute frequencies. `vibrato = (rate_hz, depth, delay_s)`."""
    n = n_samples(seconds)
    a_n = max(1, n_samples(attack))
    phases = [0.0] * len(partials)
    envs = [amp for _, amp, _ in partials]
    decays = [decay_factor(tau) for _, _, tau in partials]
    g = 1.0
    g_decay = decay_factor(glide[2]) if glide else 1.0
    vib_phase = 0.0
    out = [0.0] * n
    for i in range(n):
        if glide:
            f0 = glide[1] + (glide[0] - glide[1]) * g
            g *= g_decay
        else:
            f0 = 1.0
        if vibrato and i >= n_samples(vibrato[2]):
            vib_phase += vibrato[0] / RATE
            vib_phase -= math.floor(vib_phase)
            f0 *= 1.0 + vibrato[1] * sin(TAU * vib_phase)
        v = 0.0
        for k, (ratio, _, _) in enumerate(partials):
            phases[k] += f0 * ratio / RATE
            phases[k] -= math.floor(phases[k])
            v += envs[k] * sin(TAU * phases[k])
            envs[k] *= decays[k]
        if i < a_n:
            v *= smoothstep(i / a_n)
        out[i] = v
    return fade_tail(out, 0.008)


def noise(rng: random.Random, seconds: float):
    return [rng.random() * 2.0 - 1.0 for _ in range(n_samples(seconds))]


def soft_noise(rng: random.Random, seconds: float, top: float = 4000.0, bottom: float = 0.0):
    """Noise with its highs (and optionally its lows) rolled off: a hush rather than a hiss."""
    out = svf(noise(rng, seconds), top, 0.707, "low")
    return svf(out, bottom, 0.707, "high") if bottom else out


def tan(x: float) -> float:
    return sin(x) / sin(x + HALF_PI)


def svf(signal, centre, q: float = 0.707, mode: str = "band"):
    """A state-variable filter (12 dB/octave, the trapezoidal kind: stable at any frequency): `mode` "band",
    "low" or "high"; `centre` is a frequency in hertz or a function of the time in seconds."""
    k = 1.0 / q
    s1 = s2 = 0.0
    out = [0.0] * len(signal)

    def coefficients(freq):
        g = tan(PI * min(freq, 0.45 * RATE) / RATE)
        a1 = 1.0 / (1.0 + g * (g + k))
        return a1, g * a1, g * g * a1

    a1, a2, a3 = coefficients(centre) if not callable(centre) else (0.0, 0.0, 0.0)
    for i, x in enumerate(signal):
        if callable(centre):
            a1, a2, a3 = coefficients(centre(i / RATE))
        v3 = x - s2
        v1 = a1 * s1 + a2 * v3
        v2 = s2 + a2 * s1 + a3 * v3
        s1 = 2.0 * v1 - s1
        s2 = 2.0 * v2 - s2
        out[i] = v1 if mode == "band" else v2 if mode == "low" else x - k * v1 - v2
    return out


def bandpass(signal, centre, q: float = 1.0):
    return svf(signal, centre, q, "band")


def lowpass(signal, cutoff: float):
    """A one-pole low-pass (a gentle 6 dB/octave roll-off)."""
    w = TAU * cutoff / RATE
    a = w / (1.0 + w)
    y = 0.0
    out = [0.0] * len(signal)
    for i, x in enumerate(signal):
        y += a * (x - y)
        out[i] = y
    return out


def envelope(signal, attack: float, tau: float, hold: float = 0.0):
    """Smooth attack, an optional hold, then an exponential decay."""
    a_n, h_n = max(1, n_samples(attack)), n_samples(hold)
    d = decay_factor(tau)
    e = 1.0
    out = [0.0] * len(signal)
    for i, x in enumerate(signal):
        if i < a_n:
            out[i] = x * smoothstep(i / a_n)
        else:
            out[i] = x * e
            if i >= a_n + h_n:
                e *= d
    return fade_tail(out, 0.005)


def finish(samples, level: float, fade_out: float = 0.012):
    """Remove DC, fade the last `fade_out` seconds to silence, scale the peak to `level` (of full scale)."""
    out, prev_x, prev_y = [0.0] * len(samples), 0.0, 0.0
    for i, x in enumerate(samples):      # a DC blocker (a high-pass near 17 Hz)
        prev_y = x - prev_x + 0.995 * prev_y
        prev_x = x
        out[i] = prev_y
    fade_tail(out, fade_out)
    out[0] = 0.0
    peak = max(abs(v) for v in out) or 1.0
    return [v * level / peak for v in out]


# --- the sounds ----------------------------------------------------------------------------------------------
def make_click(rng: random.Random):
    length = 0.06
    body = tone([(880.0, 1.0, 0.009), (2210.0, 0.22, 0.004), (410.0, 0.45, 0.013)], length, attack=0.0008)
    tick = envelope(bandpass(noise(rng, length), 3000.0, q=1.2), 0.0004, 0.0025)
    t = Track(length)
    t.add(0.0, body)
    t.add(0.0, [0.35 * v for v in tick])
    return finish(lowpass(t.s, 5000.0), level=0.30, fade_out=0.015)


def make_flip(rng: random.Random):
    length = 0.14
    t = Track(length)
    # the breath of the card turning: noise through a band whose centre rises from 700 Hz to 3 kHz
    breath = bandpass(soft_noise(rng, 0.095, 4500.0), lambda s: 700.0 + 2300.0 * smoothstep(s / 0.09), q=3.0)
    t.add(0.0, envelope(breath, 0.03, 0.025, hold=0.03))
    # the snap as it lands face up
    snap = envelope(bandpass(soft_noise(rng, 0.04, 5000.0), 2200.0, q=2.0), 0.0006, 0.004)
    t.add(0.088, [0.7 * v for v in snap])
    t.add(0.088, tone([(1480.0, 0.22, 0.006), (600.0, 0.2, 0.012)], 0.045, attack=0.0008))
    return finish(t.s, level=0.42, fade_out=0.02)


def make_slide(rng: random.Random):
    length = 0.26
    hush = soft_noise(rng, length, 2800.0, 300.0)
    swish = bandpass(hush, lambda s: 1700.0 - 800.0 * smoothstep(s / length), q=1.6)
    grain = lowpass(noise(rng, length), 40.0)           # a slow, uneven pressure on the cloth
    g_peak = max(abs(v) for v in grain) or 1.0
    textured = [(0.6 * v + 0.25 * hush[i]) * (0.75 + 0.25 * grain[i] / g_peak) for i, v in enumerate(swish)]
    shaped = envelope(textured, 0.05, 0.07, hold=0.06)
    return finish(shaped, level=0.30, fade_out=0.05)


def make_dice(rng: random.Random):
    length = 0.48
    t = Track(length)
    when, gap, amp = 0.0, 0.022, 1.0
    while when < 0.38:
        knock = rng.uniform(1700.0, 2600.0)
        # bone on bone: a short resonant knock with an inharmonic overtone, and a click of noise
        t.add(when, tone([(knock, 0.55 * amp, 0.011), (knock * 2.76, 0.22 * amp, 0.005),
                          (rng.uniform(170.0, 230.0), 0.3 * amp, 0.016)], 0.06, attack=0.0006))
        hit = bandpass(soft_noise(rng, 0.03, 5500.0), rng.uniform(2400.0, 3400.0), q=2.5)
        t.add(when, envelope([0.8 * amp * v for v in hit], 0.0005, 0.0045))
        if rng.random() < 0.45:       # another die knocks just after
            t.add(when + rng.uniform(0.006, 0.014),
                  tone([(knock * rng.uniform(1.12, 1.3), 0.35 * amp, 0.008)], 0.04, attack=0.0006))
        when += gap * rng.uniform(0.7, 1.4)
        gap *= 1.17                    # the bounces spread out …
        amp *= rng.uniform(0.8, 0.9)   # … and soften as the dice settle
    # the felt under the dice: a faint rustle through the whole roll
    rustle = envelope(bandpass(soft_noise(rng, length, 3000.0), 1300.0, q=1.0), 0.01, 0.12, hold=0.12)
    t.add(0.0, [0.18 * v for v in rustle])
    return finish(svf(t.s, 6000.0, 0.707, "low"), level=0.55, fade_out=0.04)


def make_bust(rng: random.Random):
    length = 0.58
    partials = [(1.0, 1.0, 0.5), (2.0, 0.4, 0.4), (3.0, 0.15, 0.25)]
    main = tone(partials, length, attack=0.014, glide=(233.08, 116.54, 0.16), vibrato=(5.5, 0.012, 0.22))
    warm = tone([(1.0, 0.3, 0.45), (2.0, 0.1, 0.3)], length, attack=0.02, glide=(233.78, 116.89, 0.16))
    t = Track(length)
    t.add(0.0, main)
    t.add(0.0, warm)
    shaped = envelope(t.s, 0.002, 0.3, hold=0.12)
    return finish(lowpass(shaped, 1400.0), level=0.55, fade_out=0.12)


def _bell(freq: float, seconds: float, tau: float, amp: float = 1.0):
    return tone([(freq, amp, tau), (freq * 1.0035, 0.3 * amp, tau * 0.8),      # a slow shimmer of beats
                 (freq * 2.0, 0.28 * amp, tau * 0.4), (freq * 3.01, 0.1 * amp, tau * 0.2)], seconds, attack=0.003)


def make_win(rng: random.Random):
    length = 0.6
    t = Track(length)
    for i, freq in enumerate((523.25, 659.26, 783.99, 1046.5)):   # C5 E5 G5 C6
        start = 0.075 * i
        t.add(start, _bell(freq, length - start, 0.22 + 0.06 * i, amp=0.8 + 0.1 * i))
    t.add(0.3, _bell(1318.51, 0.3, 0.12, amp=0.25))                # a last sparkle: E6
    return finish(lowpass(t.s, 7000.0), level=0.55, fade_out=0.16)


def _mallet(freq: float, seconds: float, tau: float):
    return tone([(freq, 1.0, tau), (freq * 4.0, 0.12, tau * 0.15), (freq * 2.0, 0.1, tau * 0.3)], seconds,
                attack=0.005)


def make_turn(rng: random.Random):
    length = 0.46
    t = Track(length)
    t.add(0.0, _mallet(587.33, length, 0.12))           # D5
    t.add(0.15, _mallet(783.99, length - 0.15, 0.16))   # G5
    return finish(lowpass(t.s, 5000.0), level=0.45, fade_out=0.1)


SOUNDS = {"dice": make_dice, "flip": make_flip, "slide": make_slide, "bust": make_bust, "win": make_win,
          "turn": make_turn, "click": make_click}
SEEDS = {"dice": 6061, "flip": 2217, "slide": 4183, "bust": 1666, "win": 7777, "turn": 3111, "click": 515}


# --- output ----------------------------------------------------------------------------------------------------
def render(name: str) -> list[float]:
    """The samples of one sound, in −1…1."""
    return SOUNDS[name](random.Random(SEEDS[name]))


def to_pcm(samples) -> bytes:
    pcm = array.array("h", (max(-32767, min(32767, int(round(v * 32767)))) for v in samples))
    if sys.byteorder == "big":
        pcm.byteswap()               # WAV data is little-endian
    return pcm.tobytes()


def write(name: str, folder: Path) -> Path:
    path = folder / f"{name}.wav"
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(to_pcm(render(name)))
    return path


def make_all(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return [write(name, folder) for name in SOUNDS]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Synthesise PirateTable's sounds into WAV files.")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent,
                        help="the folder to write into (default: the folder of this script)")
    args = parser.parse_args(argv)
    for path in make_all(args.out):
        with wave.open(str(path), "rb") as wav:
            ms = 1000 * wav.getnframes() // wav.getframerate()
        print(f"{path}  {ms} ms  {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
