import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/**
 * The time now, renewed at each minute's turn and when the page is shown again: an hours status ('Closes soon',
 * 'Open') changes as time passes without asking the server (background tabs' timers are throttled, hence the
 * visibility check).
 */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      timer = setTimeout(tick, MINUTE_MS - (current % MINUTE_MS) + 50);
    };
    timer = setTimeout(tick, MINUTE_MS - (Date.now() % MINUTE_MS) + 50);
    const onVisible = () => {
      if (document.visibilityState === 'visible') setNow(Date.now());
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return now;
}
