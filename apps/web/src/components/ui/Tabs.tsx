import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { scrollDeltaToShow, useScrollEdges } from './scroll-edges.ts';
import styles from './Tabs.module.css';
import { type TabItem, tabIndexAfterKey } from './tabs.ts';

/** The ids that tie a tab to its panel. */
export function tabIds(base: string, id: string) {
  return { tab: `${base}-tab-${id}`, panel: `${base}-panel-${id}` };
}

type TabListProps<Id extends string> = {
  /** Names the list for screen readers ("Dashboard sections"). */
  label: string;
  /** Prefix of the tab and panel ids; unique on the page. */
  idBase: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect(id: Id): void;
  /** Shown after the tabs in the same bar (links that look like tabs but lead elsewhere). */
  after?: ReactNode;
};

/** How far from a faded edge the selected tab is kept, so the fade never hides it (px). */
const EDGE_CLEARANCE = 40;

/**
 * A row of tabs (WAI-ARIA tabs pattern): one tab stop for the whole list, arrow keys, Home and End
 * move between tabs and show them at once. On narrow screens the row scrolls sideways: a fade and
 * an arrow mark the side where more tabs are, and the selected tab is always scrolled into view.
 */
export function TabList<Id extends string>({
  label,
  idBase,
  tabs,
  selected,
  onSelect,
  after,
}: TabListProps<Id>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const rowRef = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(rowRef);
  const selectedIndex = tabs.findIndex((tab) => tab.id === selected);

  // Sideways only: a tab chosen from the address must not also scroll the page down to the row.
  useEffect(() => {
    const row = rowRef.current;
    const tab = buttons.current[selectedIndex];
    if (!row || !tab) return;
    row.scrollLeft += scrollDeltaToShow(
      tab.getBoundingClientRect(),
      row.getBoundingClientRect(),
      EDGE_CLEARANCE,
    );
  }, [selectedIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // From the focused tab, not `selected`: two quick presses arrive before the first re-renders.
    const focused = buttons.current.indexOf(event.target as HTMLButtonElement);
    const current = focused >= 0 ? focused : selectedIndex;
    const next = tabIndexAfterKey(event.key, current, tabs.length);
    const tab = next === null ? undefined : tabs[next];
    if (next === null || !tab) return;
    event.preventDefault();
    onSelect(tab.id);
    buttons.current[next]?.focus({ preventScroll: true });
  };

  return (
    <div
      className={styles.frame}
      data-more-before={edges.start || undefined}
      data-more-after={edges.end || undefined}
    >
      <div ref={rowRef} className={styles.bar}>
        <div role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
          {tabs.map((tab, i) => {
            const ids = tabIds(idBase, tab.id);
            const active = tab.id === selected;
            return (
              <button
                key={tab.id}
                ref={(element) => {
                  buttons.current[i] = element;
                }}
                type="button"
                role="tab"
                id={ids.tab}
                aria-selected={active}
                // Only the shown panel is in the page.
                aria-controls={active ? ids.panel : undefined}
                tabIndex={active ? 0 : -1}
                className={`${styles.tab} ${active ? styles.active : ''}`}
                onClick={() => onSelect(tab.id)}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        {after}
      </div>
    </div>
  );
}

/** The panel of the selected tab, named by its tab. */
export function TabPanel({ idBase, id, children }: { idBase: string; id: string; children: ReactNode }) {
  const ids = tabIds(idBase, id);
  return (
    <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} className={styles.panel}>
      {children}
    </div>
  );
}

/** Links styled like tabs, for entries of the bar that go to another screen. */
export function TabLinks({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav aria-label={label} className={styles.links}>
      {children}
    </nav>
  );
}

export const tabLinkClass = styles.tab;
