import { type ReactNode, useEffect, useRef, useState } from 'react';
import { DODGE_LIMIT, dodgePosition, shouldDodge } from './game-rules.ts';
import styles from './UnsubscribeGame.module.css';

type Spot = { fx: number; fy: number };

/**
 * A button that runs from the mouse: when the pointer comes within 80 px it jumps to another spot
 * inside its box. Only pointer movement makes it move: focus and keys never do, so Tab and
 * Enter/Space always reach it. Touch is left alone (a finger has no hover), it tires after a few
 * dodges, and with `enabled` off (reduced motion) it stays put.
 */
export function DodgingButton(props: {
  children: ReactNode;
  onClick(): void;
  enabled: boolean;
  random: () => number;
}) {
  const { children, onClick, enabled, random } = props;
  const areaRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Where the button sits, as a share of the free room in the box (0.5, 0.5 is the middle), so it
  // stays inside the box however the box is resized.
  const [spot, setSpot] = useState<Spot>({ fx: 0.5, fy: 0.5 });
  // Where it is going, at once: pointer events can come faster than React renders the last move.
  const target = useRef(spot);
  const [dodges, setDodges] = useState(0);
  const tired = dodges >= DODGE_LIMIT;
  const active = enabled && !tired;

  useEffect(() => {
    if (!active) return;
    const onPointerMove = (event: PointerEvent) => {
      const area = areaRef.current;
      const button = buttonRef.current;
      if (event.pointerType === 'touch' || !area || !button) return;
      const box = area.getBoundingClientRect();
      const size = { width: button.offsetWidth, height: button.offsetHeight };
      const freeX = Math.max(0, box.width - size.width);
      const freeY = Math.max(0, box.height - size.height);
      const pointer = { x: event.clientX - box.left, y: event.clientY - box.top };
      const { fx, fy } = target.current;
      if (!shouldDodge(pointer, { left: fx * freeX, top: fy * freeY, ...size })) return;
      const next = dodgePosition(pointer, size, { width: box.width, height: box.height }, random);
      target.current = { fx: freeX > 0 ? next.x / freeX : 0.5, fy: freeY > 0 ? next.y / freeY : 0.5 };
      setSpot(target.current);
      setDodges((count) => count + 1);
    };
    document.addEventListener('pointermove', onPointerMove);
    return () => document.removeEventListener('pointermove', onPointerMove);
  }, [active, random]);

  const x = `${spot.fx * 100}%`;
  const y = `${spot.fy * 100}%`;
  return (
    <>
      <div ref={areaRef} className={styles.dodgeArea}>
        <button
          ref={buttonRef}
          type="button"
          className={`${styles.action} ${styles.unsubscribe}`}
          style={{ left: x, top: y, transform: `translate(-${x}, -${y})` }}
          onClick={onClick}
        >
          {children}
        </button>
      </div>
      {enabled && tired && <p className={styles.hint}>The button is out of breath. It gives up running.</p>}
    </>
  );
}
