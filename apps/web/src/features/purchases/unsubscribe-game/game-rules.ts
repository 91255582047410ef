import { formatInteger } from '@printmarket/shared/en-format';

/**
 * The rules of the joke 'unsubscribe' mini-game (docs/product.md#unsubscribe-game): a parody RPG battle
 * between the player's patience and the subscription's resolve. Pure and free of React, so every
 * rule is tested on its own; randomness comes in as numbers in [0, 1) drawn by the caller.
 */

export const PLAYER_PATIENCE = 100;
export const OPPONENT_RESOLVE = 120;
export const DAMAGE_FACTOR_MIN = 0.85;
export const DAMAGE_FACTOR_MAX = 1.15;
/** The Unsubscribe button dodges a pointer closer than this to it. */
export const DODGE_DISTANCE_PX = 80;
/**
 * After this many dodges the button is out of breath and stays put, so a mouse user who does not
 * think of the keyboard is never stuck.
 */
export const DODGE_LIMIT = 7;
export const TYPEWRITER_MS_PER_CHAR = 25;
/** The dice path: a d20, and a roll of DICE_TARGET or more cancels the subscription. */
export const DICE_SIDES = 20;
export const DICE_TARGET = 15;

export type Move = { name: string; damage: number; flavour: string };

/** The player's four moves; base damage 5, 30, 35 and 15 (docs/product.md#unsubscribe-game). */
export const MOVES: readonly Move[] = [
  { name: 'Polite Request', damage: 5, flavour: 'You ask nicely.' },
  { name: 'Read the Fine Print', damage: 30, flavour: 'You find clause 14(b).' },
  { name: 'Call Customer Support', damage: 35, flavour: 'You survive the phone menu.' },
  { name: 'Threaten to Leave', damage: 15, flavour: 'You reach for the door.' },
];

/** What the subscription does on its turn. None of it hurts: its move does no damage. */
export const TAUNTS: readonly string[] = [
  'offers a 10% discount',
  'plays 45 minutes of hold music',
  'asks "Are you sure?"',
  'sends a "We miss you already" email',
  'shows you a photo of a sad puppy',
  'reminds you of all the designs you will miss',
];

/** The retention hotline: the path nobody wins. */
export const HOTLINE_LINES: readonly string[] = [
  'You ask for a manager. The manager asks for their manager.',
  'The hold music switches to a slower version of the same song.',
  'You are transferred to the Department of Transfers.',
  'Someone asks whether you have tried turning your subscription off and on again.',
  'A survey asks how satisfied you are with being unable to leave.',
];

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A move's damage: base times a random factor between 0.85 and 1.15, in whole points. */
export function damage(base: number, random: () => number): number {
  const factor = DAMAGE_FACTOR_MIN + clamp(random(), 0, 1) * (DAMAGE_FACTOR_MAX - DAMAGE_FACTOR_MIN);
  return Math.round(base * clamp(factor, DAMAGE_FACTOR_MIN, DAMAGE_FACTOR_MAX));
}

export type HealthColour = 'green' | 'yellow' | 'red';

/** Green above 50 %, yellow above 25 %, red otherwise. */
export function healthColour(current: number, max: number): HealthColour {
  const share = max > 0 ? current / max : 0;
  if (share > 0.5) return 'green';
  if (share > 0.25) return 'yellow';
  return 'red';
}

/** The face a d20 shows for a random number in [0, 1). */
export function diceFace(roll: number): number {
  return clamp(1 + Math.floor(roll * DICE_SIDES), 1, DICE_SIDES);
}

/** How many characters of a text the typewriter shows after `elapsedMs`. */
export function typedLength(elapsedMs: number, length: number, msPerChar = TYPEWRITER_MS_PER_CHAR): number {
  return clamp(Math.floor(elapsedMs / msPerChar), 0, length);
}

export type Phase = 'intro' | 'menu' | 'battle' | 'dice' | 'no-win' | 'won';
export type Path = 'battle' | 'dice' | 'no-win';

export type GameState = {
  phase: Phase;
  patience: number;
  resolve: number;
  /** The line in the message box. */
  message: string;
  /** The last d20 face on the dice path. */
  lastRoll: number | null;
  /** The caller number on the hotline, which only ever grows. */
  holdPosition: number;
  escalations: number;
};

export type GameAction =
  | { type: 'start' }
  | { type: 'choose'; path: Path }
  | { type: 'menu' }
  /** `roll` varies the damage, `taunt` picks the subscription's answer; both in [0, 1). */
  | { type: 'move'; move: number; roll: number; taunt: number }
  | { type: 'roll-dice'; roll: number }
  | { type: 'escalate' };

export const INTRO_TEXT =
  'A wild SUBSCRIPTION appears! It has 120 resolve and would really rather you stayed. ' +
  'Battle it, roll the dice, or try your luck with the retention hotline.';
export const MENU_TEXT = 'What will YOU do?';
const BATTLE_TEXT = 'The subscription blocks the exit! Choose your move.';
const DICE_TEXT = `Roll a d${DICE_SIDES}. Roll ${DICE_TARGET} or more and the subscription folds.`;
const HOTLINE_TEXT = 'You call the retention hotline. Your call is important to us. You are caller number 1.';

export const INITIAL_STATE: GameState = {
  phase: 'intro',
  patience: PLAYER_PATIENCE,
  resolve: OPPONENT_RESOLVE,
  message: INTRO_TEXT,
  lastRoll: null,
  holdPosition: 1,
  escalations: 0,
};

const pick = <T>(list: readonly T[], roll: number): T =>
  list[clamp(Math.floor(roll * list.length), 0, list.length - 1)] as T;

/**
 * Phase changes and turns. Actions that make no sense in the current phase (a move outside a
 * battle, anything after winning) leave the state as it is.
 */
export function gameReducer(state: GameState, action: GameAction): GameState {
  switch (action.type) {
    case 'start':
      return state.phase === 'intro' ? { ...state, phase: 'menu', message: MENU_TEXT } : state;
    case 'menu':
      return state.phase === 'battle' || state.phase === 'dice' || state.phase === 'no-win'
        ? { ...state, phase: 'menu', message: MENU_TEXT }
        : state;
    case 'choose': {
      if (state.phase !== 'menu') return state;
      if (action.path === 'battle') {
        return {
          ...state,
          phase: 'battle',
          patience: PLAYER_PATIENCE,
          resolve: OPPONENT_RESOLVE,
          message: BATTLE_TEXT,
        };
      }
      if (action.path === 'dice') return { ...state, phase: 'dice', lastRoll: null, message: DICE_TEXT };
      return { ...state, phase: 'no-win', holdPosition: 1, escalations: 0, message: HOTLINE_TEXT };
    }
    case 'move': {
      const move = MOVES[action.move];
      if (state.phase !== 'battle' || !move) return state;
      const dealt = damage(move.damage, () => action.roll);
      const resolve = Math.max(0, state.resolve - dealt);
      const attack = `${move.flavour} You used ${move.name}! ${dealt} damage.`;
      if (resolve === 0) {
        return {
          ...state,
          phase: 'won',
          resolve,
          message: `${attack} The subscription's resolve is broken!`,
        };
      }
      // The subscription's turn: it taunts and does no damage, so patience stays where it is.
      return {
        ...state,
        resolve,
        message: `${attack}\nThe subscription ${pick(TAUNTS, action.taunt)}! Your patience holds.`,
      };
    }
    case 'roll-dice': {
      if (state.phase !== 'dice') return state;
      const face = diceFace(action.roll);
      if (face >= DICE_TARGET) {
        return {
          ...state,
          phase: 'won',
          resolve: 0,
          lastRoll: face,
          message: `You rolled a ${face}! A critical hit on the paperwork.`,
        };
      }
      return {
        ...state,
        lastRoll: face,
        message: `You rolled a ${face}. The subscription auto-renews out of spite. (You need ${DICE_TARGET} or more.)`,
      };
    }
    case 'escalate': {
      if (state.phase !== 'no-win') return state;
      const holdPosition = Math.min(state.holdPosition * 2 + 1, 999_999_999);
      const line = HOTLINE_LINES[state.escalations % HOTLINE_LINES.length] ?? '';
      return {
        ...state,
        holdPosition,
        escalations: state.escalations + 1,
        message: `${line} You are now caller number ${formatInteger(holdPosition)}.`,
      };
    }
  }
}

export type Point = { x: number; y: number };
export type Rect = { left: number; top: number; width: number; height: number };
export type Size = { width: number; height: number };

/** The distance from a point to the nearest point of a rectangle (0 inside it). */
export function distanceToRect(point: Point, rect: Rect): number {
  const dx = Math.max(rect.left - point.x, 0, point.x - (rect.left + rect.width));
  const dy = Math.max(rect.top - point.y, 0, point.y - (rect.top + rect.height));
  return Math.hypot(dx, dy);
}

/** Whether the pointer is close enough (under 80 px from the button's edge) to make it dodge. */
export function shouldDodge(pointer: Point, buttonRect: Rect): boolean {
  return distanceToRect(pointer, buttonRect) < DODGE_DISTANCE_PX;
}

/**
 * Where the button goes when it dodges: the top-left corner, in the box's coordinates, of a spot
 * inside the box at least DODGE_DISTANCE_PX from the pointer (a random one of those), or the
 * farthest spot when the box is too small for that.
 */
export function dodgePosition(pointer: Point, button: Size, box: Size, random: () => number): Point {
  const freeX = Math.max(0, box.width - button.width);
  const freeY = Math.max(0, box.height - button.height);
  const steps = [0, 0.25, 0.5, 0.75, 1];
  const spots = steps.flatMap((fx) =>
    steps.map((fy) => {
      const spot = { x: Math.round(fx * freeX), y: Math.round(fy * freeY) };
      return { spot, distance: distanceToRect(pointer, { left: spot.x, top: spot.y, ...button }) };
    }),
  );
  const safe = spots.filter((s) => s.distance >= DODGE_DISTANCE_PX);
  if (safe.length > 0) return pick(safe, random()).spot;
  return spots.reduce((best, s) => (s.distance > best.distance ? s : best)).spot;
}
