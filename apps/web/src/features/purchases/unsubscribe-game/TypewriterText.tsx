import { useEffect, useRef } from 'react';
import styles from './UnsubscribeGame.module.css';
import { useTypewriter } from './use-typewriter.ts';

/** Keys that move focus, close the dialog or are half of a shortcut: they never reveal the text. */
const IGNORED_KEYS = new Set(['Tab', 'Escape', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

/** The game panel; key presses inside it only reveal the text while it is typing. */
export const GAME_PANEL_SELECTOR = '[data-unsubscribe-game]';

/**
 * A line of game text typed out 25 ms per character. A key press, or a click on the text, shows it
 * all at once; `instant` (reduced motion) shows it at once from the start. Assistive technology
 * reads the whole text straight away; only the visual copy types.
 */
export function TypewriterText({ text, instant }: { text: string; instant: boolean }) {
  const { shown, done, complete } = useTypewriter(text, { instant });
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (done) return;
    const box = boxRef.current;
    const onKeyDown = (event: KeyboardEvent) => {
      // Asked of the page, not of this render: the text can be shown in full before this listener
      // is removed (effects run after the browser paints), and a press then must act as usual.
      if (!box?.hasAttribute('data-typing')) return;
      if (event.altKey || event.ctrlKey || event.metaKey || IGNORED_KEYS.has(event.key)) return;
      complete();
      // Like the games it mocks: in the game, the press that reveals the text does nothing else,
      // so Enter on a button while text is typing does not also skip the next screen.
      const panel = box?.closest(GAME_PANEL_SELECTOR);
      const pressesButton = event.key === 'Enter' || event.key === ' ';
      if (pressesButton && event.target instanceof Node && panel?.contains(event.target)) {
        event.preventDefault();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    box?.addEventListener('click', complete);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      box?.removeEventListener('click', complete);
    };
  }, [done, complete]);

  return (
    <div ref={boxRef} className={styles.typewriter} data-typing={done ? undefined : ''}>
      <span className="visually-hidden">{text}</span>
      {/* The full text, invisible, holds the box at its final size so nothing jumps while typing. */}
      <span aria-hidden="true" className={styles.ghost}>
        {text}
      </span>
      <span aria-hidden="true" className={styles.typed} data-testid="typed">
        {shown}
        {!done && <span className={styles.caret} />}
      </span>
    </div>
  );
}
