import { render, waitFor } from '@testing-library/preact';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydrationSlice, setHydrating } from './hydration-slice.tsx';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}

const page = (
  <main>
    <h1>Title</h1>
    <HydrationSlice>
      <Counter name="first" />
    </HydrationSlice>
    <HydrationSlice>
      <Counter name="second" />
    </HydrationSlice>
  </main>
);

/** Slices of two elements and of none, each followed by another part. */
const unevenPage = (
  <main>
    <HydrationSlice>
      <Counter name="first" />
      <p>beside it</p>
    </HydrationSlice>
    <HydrationSlice>{null}</HydrationSlice>
    <HydrationSlice>
      <Counter name="second" />
    </HydrationSlice>
    <p>after</p>
  </main>
);

describe('hydration slices', () => {
  it("take over the server's markup a part per task, keeping every element, then answer", async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const serverElements = [...container.querySelectorAll('*')];
    const [first, second] = container.querySelectorAll('button');

    setHydrating(true);
    hydrateRoot(container, page);
    setHydrating(false);
    // Until its turn, a slice is the server's markup, untouched.
    expect(container.textContent).toBe('Titlefirst 0second 0');

    for (const button of [first, second]) {
      await waitFor(() => {
        button?.click();
        expect(button?.textContent).toMatch(/ [1-9]/);
      });
    }
    expect(serverElements.every((element) => element.isConnected)).toBe(true);
    expect(container.querySelectorAll('*')).toHaveLength(serverElements.length);
    container.remove();
  });

  it("keep all of a slice's markup, whatever number of elements it has", async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(unevenPage);
    document.body.append(container);
    const serverElements = [...container.querySelectorAll('*')];
    const second = container.querySelectorAll('button')[1];

    setHydrating(true);
    hydrateRoot(container, unevenPage);
    setHydrating(false);
    // The last slice has had its turn once its button answers.
    await waitFor(() => {
      second?.click();
      expect(second?.textContent).toMatch(/ [1-9]/);
    });
    expect(serverElements.filter((element) => !element.isConnected)).toEqual([]);
    expect(container.textContent).toMatch(/^first 0beside itsecond [1-9]+after$/);
    container.remove();
  });

  it('render at once outside hydration (a navigation shows no empty slice)', () => {
    const { container } = render(page);
    expect(container.textContent).toBe('Titlefirst 0second 0');
  });
});
