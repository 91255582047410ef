import { Fragment, type ReactNode, Suspense, useRef } from 'react';

/**
 * Hydrating a server-rendered page is one task in Preact, long enough on a slow phone to hold up
 * a tap (decision 0016). A slice is a part of the page that, during that first render only, waits
 * for a task of its own: Preact keeps the server's markup of a part that suspends while hydrating
 * and takes it over when the part is ready, so the work is shared out over short tasks. Any later
 * render (a navigation, an update) renders a slice's children at once.
 */
let hydrating = false;
let lastTurn: Promise<void> = Promise.resolve();

/** main.tsx: true around the call that hydrates the server's markup. */
export function setHydrating(on: boolean) {
  hydrating = on;
}

/** The next task after the slices before this one have had theirs: one slice a task, in order. */
function nextTurn(): Promise<void> {
  lastTurn = lastTurn.then(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return lastTurn;
}

function WaitForTurn({ children }: { children: ReactNode }) {
  const turn = useRef<Promise<void> | 'ready' | null>(null);
  if (turn.current === null) {
    turn.current = hydrating
      ? nextTurn().then(() => {
          turn.current = 'ready';
        })
      : 'ready';
  }
  if (turn.current !== 'ready') throw turn.current;
  return children;
}

/**
 * A comment in the server's markup: preact-render-to-string writes a Fragment's `UNSTABLE_comment`
 * as `<!--text-->`; in the browser the Fragment renders nothing.
 */
const ServerComment = Fragment as unknown as (props: { UNSTABLE_comment: string }) => null;

/**
 * The server's markup of a slice lies between `<!--$s-->` and `<!--/$s-->`, the marks Preact's
 * streamed hydration uses: a part that suspends while hydrating keeps everything between them.
 * Without them it keeps only its first element, so a slice of two elements (or of none) would
 * hand the rest of its markup to the parts after it, which render theirs anew.
 */
export function HydrationSlice({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <ServerComment UNSTABLE_comment="$s" />
      <WaitForTurn>{children}</WaitForTurn>
      <ServerComment UNSTABLE_comment="/$s" />
    </Suspense>
  );
}
