"use client";

/**
 * A phone's ring made with Web Audio (no sound file to fetch): two short
 * tones every three seconds until stopped. Browsers let a page play sound
 * once the person has used it (an agent has, to become Available); where
 * they do not, the ring is silent and the banner still shows.
 */
export function startRing(): () => void {
  const Context = typeof window === "undefined" ? undefined : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Context) return () => {};
  let context: AudioContext;
  try {
    context = new Context();
  } catch {
    return () => {};
  }
  const burst = () => {
    const now = context.currentTime;
    for (const start of [0, 0.5]) {
      const gain = context.createGain();
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.15, now + start + 0.05);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + 0.4);
      gain.connect(context.destination);
      for (const frequency of [440, 480]) {
        const tone = context.createOscillator();
        tone.frequency.value = frequency;
        tone.connect(gain);
        tone.start(now + start);
        tone.stop(now + start + 0.45);
      }
    }
  };
  burst();
  const timer = setInterval(burst, 3000);
  return () => {
    clearInterval(timer);
    void context.close().catch(() => undefined);
  };
}
