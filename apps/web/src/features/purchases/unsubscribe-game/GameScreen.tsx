import { formatInteger } from '@printmarket/shared/en-format';
import type { Ref } from 'react';
import { DodgingButton } from './DodgingButton.tsx';
import {
  DICE_SIDES,
  DICE_TARGET,
  type GameAction,
  type GameState,
  MOVES,
  OPPONENT_RESOLVE,
  PLAYER_PATIENCE,
} from './game-rules.ts';
import { HealthBar } from './HealthBar.tsx';
import { TypewriterText } from './TypewriterText.tsx';
import styles from './UnsubscribeGame.module.css';

export type GameScreenProps = {
  state: GameState;
  /** The subscription's price and period as its sprite wears them: '$4.00' and '/mo'. */
  price: { amount: string; per: string };
  dispatch(action: GameAction): void;
  random(): number;
  /** No typewriter and no dodging. */
  reducedMotion: boolean;
  onWon(): void;
  onSkip(): void;
  onClose(): void;
  panelRef?: Ref<HTMLElement>;
};

/**
 * What the game shows for a state. Holds no state of its own: every button dispatches an action
 * (with numbers drawn from `random`) or calls one of the ending callbacks.
 */
export function GameScreen(props: GameScreenProps) {
  const { state, onSkip, panelRef } = props;
  return (
    <section
      ref={panelRef}
      className={styles.game}
      aria-label="Unsubscribe mini-game"
      data-unsubscribe-game=""
    >
      <header className={styles.top}>
        <p className={styles.brand}>Unsubscribe Quest</p>
        {state.phase !== 'won' && (
          <button type="button" className={styles.skip} onClick={onSkip}>
            Skip game
          </button>
        )}
      </header>
      {screen(props)}
    </section>
  );
}

function screen(props: GameScreenProps) {
  switch (props.state.phase) {
    case 'intro':
      return intro(props);
    case 'menu':
      return menu(props);
    case 'battle':
      return battle(props);
    case 'dice':
      return dice(props);
    case 'no-win':
      return hotline(props);
    case 'won':
      return won(props);
  }
}

function Title({ children, className }: { children: string; className?: string }) {
  return (
    <h3
      className={className ? `${styles.title} ${className}` : styles.title}
      tabIndex={-1}
      data-screen-title=""
    >
      {children}
    </h3>
  );
}

/** The message box; announced politely when its text changes. */
function message(props: GameScreenProps) {
  return (
    <div className={styles.messageBox} aria-live="polite">
      <TypewriterText text={props.state.message} instant={props.reducedMotion} />
    </div>
  );
}

function intro(props: GameScreenProps) {
  return (
    <div className={styles.screen}>
      <Title>A wild SUBSCRIPTION appears!</Title>
      {foeSprite(props.price)}
      {message(props)}
      <div className={styles.actions}>
        <button type="button" className={styles.action} onClick={() => props.dispatch({ type: 'start' })}>
          Continue
        </button>
      </div>
    </div>
  );
}

const PATHS = [
  { path: 'battle', label: 'Battle', detail: 'Fight the subscription, turn by turn.' },
  { path: 'dice', label: 'Dice', detail: `Roll a d${DICE_SIDES}: ${DICE_TARGET} or more cancels it.` },
  { path: 'no-win', label: 'Retention Hotline', detail: 'Talk it over. Nobody has ever won this one.' },
] as const;

function menu(props: GameScreenProps) {
  return (
    <div className={styles.screen}>
      <Title>What will YOU do?</Title>
      <ul className={styles.menu}>
        {PATHS.map(({ path, label, detail }) => (
          <li key={path}>
            <button
              type="button"
              className={`${styles.action} ${styles.menuItem}`}
              onClick={() => props.dispatch({ type: 'choose', path })}
            >
              <span className={styles.menuLabel}>{label}</span>
              <span className={styles.menuDetail}>{detail}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button type="button" className={`${styles.action} ${styles.quiet}`} onClick={props.onClose}>
          Keep my subscription
        </button>
      </div>
    </div>
  );
}

function foeSprite(price: GameScreenProps['price']) {
  return (
    <div className={styles.foeSprite} aria-hidden="true">
      <span>{price.amount}</span>
      <span>{price.per}</span>
    </div>
  );
}

function fighters({ state, price }: GameScreenProps) {
  return (
    <div className={styles.arena}>
      <div className={styles.fighter}>
        <p className={styles.name}>You</p>
        <HealthBar label="Patience" name="Your patience" current={state.patience} max={PLAYER_PATIENCE} />
        <div className={styles.heroSprite} aria-hidden="true">
          (•_•)
        </div>
      </div>
      <div className={styles.fighter}>
        <p className={styles.name}>Subscription</p>
        <HealthBar
          label="Resolve"
          name="Subscription's resolve"
          current={state.resolve}
          max={OPPONENT_RESOLVE}
        />
        {foeSprite(price)}
      </div>
    </div>
  );
}

function backToMenu(props: GameScreenProps, label: string) {
  return (
    <button
      type="button"
      className={`${styles.action} ${styles.quiet}`}
      onClick={() => props.dispatch({ type: 'menu' })}
    >
      {label}
    </button>
  );
}

function battle(props: GameScreenProps) {
  const { dispatch, random } = props;
  return (
    <div className={styles.screen}>
      <Title>Battle</Title>
      {fighters(props)}
      {message(props)}
      <fieldset className={styles.moves}>
        <legend className="visually-hidden">Your moves</legend>
        {MOVES.map((move, index) => (
          <button
            key={move.name}
            type="button"
            className={`${styles.action} ${styles.move}`}
            onClick={() => dispatch({ type: 'move', move: index, roll: random(), taunt: random() })}
          >
            <span>{move.name}</span>
            <span className={styles.power}>PWR {move.damage}</span>
          </button>
        ))}
      </fieldset>
      <div className={styles.actions}>{backToMenu(props, 'Run away (menu)')}</div>
    </div>
  );
}

function dice(props: GameScreenProps) {
  const { lastRoll } = props.state;
  return (
    <div className={styles.screen}>
      <Title>Dice</Title>
      <div className={styles.die} aria-hidden="true">
        {lastRoll ?? '?'}
      </div>
      {message(props)}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.action}
          onClick={() => props.dispatch({ type: 'roll-dice', roll: props.random() })}
        >
          Roll the d{DICE_SIDES}
        </button>
        {backToMenu(props, 'Back to menu')}
      </div>
    </div>
  );
}

function hotline(props: GameScreenProps) {
  return (
    <div className={styles.screen}>
      <Title>Retention Hotline</Title>
      <p className={styles.queue} aria-hidden="true">
        Caller no. {formatInteger(props.state.holdPosition)}
      </p>
      {message(props)}
      <div className={styles.actions}>
        <button type="button" className={styles.action} onClick={() => props.dispatch({ type: 'escalate' })}>
          Ask for a manager
        </button>
        {backToMenu(props, 'Hang up (menu)')}
      </div>
    </div>
  );
}

function won(props: GameScreenProps) {
  return (
    <div className={styles.screen}>
      <Title className={styles.victory}>SUBSCRIPTION CANCELED!</Title>
      {message(props)}
      <p className={styles.note}>
        Well, almost: the game cancels nothing. Press Unsubscribe to go on to the real cancellation.
      </p>
      <DodgingButton onClick={props.onWon} enabled={!props.reducedMotion} random={props.random}>
        Unsubscribe
      </DodgingButton>
      <div className={styles.actions}>
        <button type="button" className={`${styles.action} ${styles.quiet}`} onClick={props.onClose}>
          Keep my subscription
        </button>
      </div>
    </div>
  );
}
