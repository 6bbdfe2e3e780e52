import { useEffect, useState } from 'react';

function secondsUntil(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/**
 * Whole seconds left until `deadline` (epoch ms), ticking down to 0. Read from the clock on each
 * tick rather than counted, so a phone that paused the tab shows the right time when it wakes.
 */
export function useCountdown(deadline: number): number {
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    setSecondsLeft(secondsUntil(deadline));
    if (secondsUntil(deadline) === 0) return;
    const timer = setInterval(() => {
      const left = secondsUntil(deadline);
      setSecondsLeft(left);
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return secondsLeft;
}

/** 150 → "02:30". */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
