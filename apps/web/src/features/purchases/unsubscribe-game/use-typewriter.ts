import { useCallback, useEffect, useState } from 'react';
import { TYPEWRITER_MS_PER_CHAR, typedLength } from './game-rules.ts';

export type Typewriter = {
  /** The part of the text typed so far. */
  shown: string;
  done: boolean;
  /** Shows the whole text at once (a key press or click). */
  complete(): void;
};

/**
 * Types `text` out one character every 25 ms, starting afresh whenever the text changes. With
 * `instant` (reduced motion) the whole text shows at once. The count follows the clock, not the
 * number of timer ticks, so a slow or throttled timer does not slow the text down.
 */
export function useTypewriter(
  text: string,
  options: { instant?: boolean; msPerChar?: number } = {},
): Typewriter {
  const { instant = false, msPerChar = TYPEWRITER_MS_PER_CHAR } = options;
  const [typed, setTyped] = useState({ text, count: 0 });
  // A new text starts from its first character (adjusting state while rendering, not in an effect,
  // so the old text never flashes in full).
  if (typed.text !== text) setTyped({ text, count: 0 });
  const count = instant ? text.length : typed.text === text ? typed.count : 0;
  const done = count >= text.length;

  useEffect(() => {
    if (instant || done) return;
    const started = performance.now();
    const timer = window.setInterval(() => {
      const length = typedLength(performance.now() - started, text.length, msPerChar);
      setTyped((t) => (t.text === text ? { text, count: Math.max(t.count, length) } : t));
    }, msPerChar);
    return () => window.clearInterval(timer);
  }, [text, instant, done, msPerChar]);

  const complete = useCallback(() => setTyped({ text, count: text.length }), [text]);
  return { shown: text.slice(0, count), done, complete };
}
