import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { GameScreen } from './GameScreen.tsx';
import { type GameState, gameReducer, INITIAL_STATE, INTRO_TEXT } from './game-rules.ts';
import { UnsubscribeGame } from './UnsubscribeGame.tsx';

/*
 * The web tests run without a DOM, so the game is driven the way UnsubscribeGame drives it: the
 * screen for a state is rendered, a button's click handler is called, the action goes through the
 * reducer, and the next screen is rendered.
 */
type Props = { children?: ReactNode; onClick?: () => void };

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<Props>(node)) return textOf(node.props.children);
  return '';
}

function clickables(node: ReactNode, found: ReactElement<Props>[] = []): ReactElement<Props>[] {
  if (Array.isArray(node)) {
    for (const child of node) clickables(child, found);
  } else if (isValidElement<Props>(node)) {
    if (typeof node.props.onClick === 'function') found.push(node);
    clickables(node.props.children, found);
  }
  return found;
}

function game(
  options: { random?: () => number; reducedMotion?: boolean; price?: { amount: string; per: string } } = {},
) {
  let state: GameState = INITIAL_STATE;
  const onWon = vi.fn();
  const onSkip = vi.fn();
  const onClose = vi.fn();
  const view = () =>
    GameScreen({
      state,
      price: options.price ?? { amount: '$4.00', per: '/mo' },
      dispatch: (action) => {
        state = gameReducer(state, action);
      },
      random: options.random ?? (() => 0.5),
      reducedMotion: options.reducedMotion ?? false,
      onWon,
      onSkip,
      onClose,
    });
  return {
    onWon,
    onSkip,
    onClose,
    html: () => renderToStaticMarkup(view()),
    buttons: () => clickables(view()).map((button) => textOf(button.props.children)),
    press(label: string) {
      const matches = clickables(view()).filter((button) => textOf(button.props.children).includes(label));
      expect(matches.map((button) => textOf(button.props.children))).toHaveLength(1);
      matches[0]?.props.onClick?.();
    },
  };
}

/** The visible, typed copy of the message text. */
const typed = (html: string) => html.match(/data-testid="typed"[^>]*>(.*?)<\/span>/)?.[1];

describe('unsubscribe game', () => {
  it('opens on the intro, typing it out, with Skip game on the first screen', () => {
    const html = renderToStaticMarkup(
      <UnsubscribeGame
        price={{ amount: '$4.00', per: '/mo' }}
        onWon={() => {}}
        onSkip={() => {}}
        onClose={() => {}}
      />,
    );
    expect(html).toContain('aria-label="Unsubscribe mini-game"');
    expect(html).toContain('A wild SUBSCRIPTION appears!');
    // Screen readers get the whole intro; the visible copy starts empty and types out.
    expect(html).toContain(`<span class="visually-hidden">${INTRO_TEXT}</span>`);
    expect(html).toMatch(/data-testid="typed"[^>]*><span class="[^"]*caret[^"]*"><\/span><\/span>/);
    expect(html).toMatch(/<button type="button"[^>]*>Skip game<\/button>/);
    expect(html).toMatch(/<button type="button"[^>]*>Continue<\/button>/);
    expect(html).not.toContain('SUBSCRIPTION CANCELED!');
  });

  it("shows the subscription's own price and period on the foe, in the intro and in battle", () => {
    const g = game({ price: { amount: '$48.00', per: '/yr' } });
    const sprite = (html: string) => html.match(/<span>(\$[\d.]+)<\/span><span>(\/\w+)<\/span>/)?.slice(1);
    expect(sprite(g.html())).toEqual(['$48.00', '/yr']);
    g.press('Continue');
    g.press('Battle');
    expect(g.html()).toContain("Subscription's resolve");
    expect(sprite(g.html())).toEqual(['$48.00', '/yr']);
    expect(g.html()).not.toContain('$9.99');
  });

  it('Skip game calls onSkip and nothing else', () => {
    const g = game();
    g.press('Skip game');
    expect(g.onSkip).toHaveBeenCalledOnce();
    expect(g.onWon).not.toHaveBeenCalled();
    expect(g.onClose).not.toHaveBeenCalled();
  });

  it('shows the whole text at once with reduced motion', () => {
    const g = game({ reducedMotion: true });
    expect(typed(g.html())).toBe(INTRO_TEXT);
  });

  it('offers the three paths from the menu, and Keep my subscription', () => {
    const g = game();
    g.press('Continue');
    expect(g.buttons()).toEqual([
      'Skip game',
      expect.stringContaining('Battle'),
      expect.stringContaining('Dice'),
      expect.stringContaining('Retention Hotline'),
      'Keep my subscription',
    ]);
    g.press('Keep my subscription');
    expect(g.onClose).toHaveBeenCalledOnce();
  });

  it('is won by battle: SUBSCRIPTION CANCELED! and an Unsubscribe button that calls onWon', () => {
    const g = game({ random: () => 0.99 });
    g.press('Continue');
    g.press('Battle');
    let html = g.html();
    expect(html).toMatch(/role="progressbar" aria-label="Your patience"[^>]* aria-valuenow="100"/);
    expect(html).toMatch(/role="progressbar" aria-label="Subscription's resolve"[^>]* aria-valuenow="120"/);
    expect(html).toContain('120/120');

    g.press('Call Customer Support'); // 35 x 1.15 = 40
    html = g.html();
    expect(html).toMatch(/aria-valuenow="80" aria-valuetext="80 of 120"/);
    expect(html).toContain('80/120');
    expect(html).toContain('! Your patience holds.'); // its answer, which does no damage
    expect(html).toMatch(/aria-valuenow="100" aria-valuetext="100 of 100"/);

    g.press('Call Customer Support');
    expect(g.html()).not.toContain('SUBSCRIPTION CANCELED!');
    g.press('Call Customer Support');
    html = g.html();
    expect(html).toContain('SUBSCRIPTION CANCELED!');
    // A real button in the tab order, so the keyboard always reaches it however it dodges.
    expect(html).toMatch(
      /<button type="button"(?=[^>]* class="[^"]*")[^>]* style="[^"]*"[^>]*>Unsubscribe<\/button>/,
    );
    expect(html).not.toMatch(/tabindex="-1"[^>]*>Unsubscribe/);
    expect(g.onWon).not.toHaveBeenCalled();

    g.press('Unsubscribe');
    expect(g.onWon).toHaveBeenCalledOnce();
    expect(g.onSkip).not.toHaveBeenCalled();
  });

  it('is won by a high roll of the dice', () => {
    let r = 0.1;
    const g = game({ random: () => r });
    g.press('Continue');
    g.press('Dice');
    g.press('Roll the d20');
    expect(g.html()).toContain('You rolled a 3.');
    expect(g.html()).not.toContain('SUBSCRIPTION CANCELED!');
    r = 0.97;
    g.press('Roll the d20');
    expect(g.html()).toContain('SUBSCRIPTION CANCELED!');
    g.press('Unsubscribe');
    expect(g.onWon).toHaveBeenCalledOnce();
  });

  it('cannot be won on the hotline, which leads back to the menu', () => {
    const g = game({ random: () => 0.99 });
    g.press('Continue');
    g.press('Retention Hotline');
    for (let i = 0; i < 20; i++) {
      g.press('Ask for a manager');
      expect(g.html()).not.toContain('SUBSCRIPTION CANCELED!');
    }
    g.press('Hang up');
    expect(g.html()).toContain('What will YOU do?');
  });
});
