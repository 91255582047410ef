import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAMAGE_FACTOR_MAX,
  DAMAGE_FACTOR_MIN,
  DICE_TARGET,
  DODGE_DISTANCE_PX,
  damage,
  diceFace,
  dodgePosition,
  type GameAction,
  type GameState,
  gameReducer,
  healthColour,
  INITIAL_STATE,
  MOVES,
  OPPONENT_RESOLVE,
  PLAYER_PATIENCE,
  shouldDodge,
  TYPEWRITER_MS_PER_CHAR,
  typedLength,
} from './game-rules.ts';

const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

const run = (actions: GameAction[], from: GameState = INITIAL_STATE) => actions.reduce(gameReducer, from);
const inBattle = () => run([{ type: 'start' }, { type: 'choose', path: 'battle' }]);
const moveAction = fc.record({
  type: fc.constant('move' as const),
  move: fc.integer({ min: 0, max: MOVES.length - 1 }),
  roll: unit,
  taunt: unit,
});

describe('constants', () => {
  it('follow the rules of docs/product.md#unsubscribe-game', () => {
    expect(PLAYER_PATIENCE).toBe(100);
    expect(OPPONENT_RESOLVE).toBe(120);
    expect(MOVES.map((m) => m.damage)).toEqual([5, 30, 35, 15]);
    expect([DAMAGE_FACTOR_MIN, DAMAGE_FACTOR_MAX]).toEqual([0.85, 1.15]);
    expect(DODGE_DISTANCE_PX).toBe(80);
    expect(TYPEWRITER_MS_PER_CHAR).toBe(25);
  });
});

describe('damage', () => {
  it('is the base varied by 0.85 to 1.15, in whole points', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MOVES.map((m) => m.damage)), unit, (base, r) => {
        const dealt = damage(base, () => r);
        expect(Number.isInteger(dealt)).toBe(true);
        expect(dealt).toBeGreaterThanOrEqual(Math.round(base * 0.85));
        expect(dealt).toBeLessThanOrEqual(Math.round(base * 1.15));
      }),
    );
  });

  it('spans the whole range', () => {
    expect(damage(35, () => 0)).toBe(30);
    expect(damage(35, () => 0.5)).toBe(35);
    expect(damage(35, () => 0.9999999)).toBe(40);
    expect(damage(5, () => 0.9999999)).toBe(6);
  });
});

describe('health colour', () => {
  it('is green above 50 %, yellow above 25 %, red otherwise', () => {
    expect(healthColour(100, 100)).toBe('green');
    expect(healthColour(61, 120)).toBe('green');
    expect(healthColour(60, 120)).toBe('yellow'); // exactly 50 %
    expect(healthColour(50, 100)).toBe('yellow');
    expect(healthColour(31, 120)).toBe('yellow');
    expect(healthColour(30, 120)).toBe('red'); // exactly 25 %
    expect(healthColour(25, 100)).toBe('red');
    expect(healthColour(0, 120)).toBe('red');
  });
});

describe('phases', () => {
  it('go intro -> menu -> each path, and back to the menu', () => {
    const menu = run([{ type: 'start' }]);
    expect(INITIAL_STATE.phase).toBe('intro');
    expect(menu.phase).toBe('menu');
    for (const path of ['battle', 'dice', 'no-win'] as const) {
      const there = gameReducer(menu, { type: 'choose', path });
      expect(there.phase).toBe(path);
      expect(gameReducer(there, { type: 'menu' }).phase).toBe('menu');
    }
  });

  it('ignore actions that do not belong to the screen', () => {
    expect(gameReducer(INITIAL_STATE, { type: 'move', move: 2, roll: 0.5, taunt: 0 })).toBe(INITIAL_STATE);
    expect(gameReducer(INITIAL_STATE, { type: 'choose', path: 'battle' })).toBe(INITIAL_STATE);
    const menu = run([{ type: 'start' }]);
    expect(gameReducer(menu, { type: 'roll-dice', roll: 0.99 })).toBe(menu);
  });
});

describe('battle', () => {
  it('the opponent never damages the player', () => {
    fc.assert(
      fc.property(fc.array(moveAction, { maxLength: 40 }), (moves) => {
        let state = inBattle();
        for (const move of moves) {
          state = gameReducer(state, move);
          expect(state.patience).toBe(PLAYER_PATIENCE);
        }
      }),
    );
  });

  it('is won exactly when the resolve reaches 0, and not before', () => {
    fc.assert(
      fc.property(fc.array(moveAction, { minLength: 1, maxLength: 40 }), (moves) => {
        let state = inBattle();
        for (const move of moves) {
          const before = state;
          state = gameReducer(state, move);
          if (before.phase === 'won') {
            expect(state).toBe(before); // nothing happens after winning
            continue;
          }
          const dealt = damage(MOVES[move.move]!.damage, () => move.roll);
          expect(state.resolve).toBe(Math.max(0, before.resolve - dealt));
          expect(state.phase).toBe(state.resolve === 0 ? 'won' : 'battle');
        }
      }),
    );
  });

  it('takes several turns: one strong hit does not win', () => {
    const state = gameReducer(inBattle(), { type: 'move', move: 2, roll: 0.99, taunt: 0 });
    expect(state.resolve).toBe(OPPONENT_RESOLVE - 40);
    expect(state.phase).toBe('battle');
    expect(state.message).toContain('Call Customer Support');
    expect(state.message).toContain('offers a 10% discount');
  });
});

describe('dice', () => {
  const atTable = () => run([{ type: 'start' }, { type: 'choose', path: 'dice' }]);

  it('rolls a d20 face for every random number', () => {
    fc.assert(fc.property(unit, (r) => diceFace(r) >= 1 && diceFace(r) <= 20));
    expect(diceFace(0)).toBe(1);
    expect(diceFace(0.99)).toBe(20);
  });

  it('wins on a high roll and only then', () => {
    const low = gameReducer(atTable(), { type: 'roll-dice', roll: (DICE_TARGET - 2) / 20 });
    expect(low.phase).toBe('dice');
    expect(low.lastRoll).toBe(DICE_TARGET - 1);
    const high = gameReducer(atTable(), { type: 'roll-dice', roll: (DICE_TARGET - 1) / 20 });
    expect(high.lastRoll).toBe(DICE_TARGET);
    expect(high.phase).toBe('won');
    expect(high.resolve).toBe(0);
  });
});

describe('the no-win path', () => {
  it('never wins, whatever you do there', () => {
    let state = run([{ type: 'start' }, { type: 'choose', path: 'no-win' }]);
    for (let i = 0; i < 50; i++) {
      state = gameReducer(state, { type: 'escalate' });
      state = gameReducer(state, { type: 'move', move: 2, roll: 0.99, taunt: 0 });
      state = gameReducer(state, { type: 'roll-dice', roll: 0.99 });
      expect(state.phase).toBe('no-win');
    }
    expect(gameReducer(state, { type: 'menu' }).phase).toBe('menu');
  });
});

describe('dodging', () => {
  const button = { left: 200, top: 100, width: 120, height: 40 };

  it('starts when the pointer is closer than 80 px to the button', () => {
    expect(shouldDodge({ x: 250, y: 120 }, button)).toBe(true); // on it
    expect(shouldDodge({ x: 121, y: 120 }, button)).toBe(true); // 79 px left
    expect(shouldDodge({ x: 120, y: 120 }, button)).toBe(false); // 80 px left
    expect(shouldDodge({ x: 260, y: 219.9 }, button)).toBe(true); // just under 80 px below
    expect(shouldDodge({ x: 260, y: 220 }, button)).toBe(false);
    // Diagonally from a corner: 60 and 60 is about 85 px away.
    expect(shouldDodge({ x: 140, y: 40 }, button)).toBe(false);
    expect(shouldDodge({ x: 150, y: 50 }, button)).toBe(true);
  });

  it('moves the button out of reach and keeps it inside the box', () => {
    const size = { width: 120, height: 40 };
    const box = { width: 560, height: 180 };
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: box.width, noNaN: true }),
        fc.double({ min: 0, max: box.height, noNaN: true }),
        unit,
        (x, y, r) => {
          const spot = dodgePosition({ x, y }, size, box, () => r);
          expect(spot.x).toBeGreaterThanOrEqual(0);
          expect(spot.y).toBeGreaterThanOrEqual(0);
          expect(spot.x + size.width).toBeLessThanOrEqual(box.width);
          expect(spot.y + size.height).toBeLessThanOrEqual(box.height);
          expect(shouldDodge({ x, y }, { left: spot.x, top: spot.y, ...size })).toBe(false);
        },
      ),
    );
  });

  it('stays inside a box too small to escape, as far away as it can', () => {
    const spot = dodgePosition(
      { x: 0, y: 0 },
      { width: 120, height: 40 },
      { width: 150, height: 60 },
      () => 0,
    );
    expect(spot).toEqual({ x: 30, y: 20 });
  });
});

describe('typewriter', () => {
  it('shows one more character every 25 ms, up to the whole text', () => {
    expect(typedLength(0, 10)).toBe(0);
    expect(typedLength(24, 10)).toBe(0);
    expect(typedLength(25, 10)).toBe(1);
    expect(typedLength(100, 10)).toBe(4);
    expect(typedLength(10_000, 10)).toBe(10);
  });
});
