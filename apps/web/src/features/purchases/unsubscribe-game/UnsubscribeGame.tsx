import { useLayoutEffect, useReducer, useRef } from 'react';
import { GameScreen, type GameScreenProps } from './GameScreen.tsx';
import { gameReducer, INITIAL_STATE } from './game-rules.ts';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';

/**
 * The joke 'unsubscribe' mini-game shown before a subscription is cancelled: a panel to show inside
 * the app's Dialog. It cancels nothing itself; it ends by calling one of its props.
 * - `onWon`: the player won and pressed Unsubscribe, so go on to the real cancellation.
 * - `onSkip`: the player pressed 'Skip game' (also go on to the real cancellation).
 * - `onClose`: the player gave up ('Keep my subscription').
 * - `price`: the subscription's own price and period, worn by the foe ('$4.00', '/mo').
 * - `random`: numbers in [0, 1) for damage, taunts, dice and dodges; Math.random unless injected.
 */
export function UnsubscribeGame(props: {
  onWon(): void;
  onSkip(): void;
  onClose(): void;
  price: GameScreenProps['price'];
  random?: () => number;
}) {
  const { onWon, onSkip, onClose, price, random = Math.random } = props;
  const [state, dispatch] = useReducer(gameReducer, INITIAL_STATE);
  const reducedMotion = usePrefersReducedMotion();
  const panelRef = useRef<HTMLElement>(null);

  // On a new screen, focus moves to its title: screen readers announce it, and keyboard users go
  // on from there instead of from a button that has just disappeared. Before the browser paints
  // the screen (a layout effect), so a key pressed on the new screen meets the focus where it ends.
  const shownPhase = useRef(state.phase);
  useLayoutEffect(() => {
    if (shownPhase.current === state.phase) return;
    shownPhase.current = state.phase;
    panelRef.current?.querySelector<HTMLElement>('[data-screen-title]')?.focus();
  }, [state.phase]);

  return (
    <GameScreen
      panelRef={panelRef}
      state={state}
      price={price}
      dispatch={dispatch}
      random={random}
      reducedMotion={reducedMotion}
      onWon={onWon}
      onSkip={onSkip}
      onClose={onClose}
    />
  );
}
