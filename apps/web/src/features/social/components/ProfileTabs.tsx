import { type KeyboardEvent, useRef } from 'react';
import { tabIndexAfterKey } from '../profile-tabs.ts';
import styles from './ProfileTabs.module.css';

export type TabItem<T extends string> = { id: T; label: string };

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const tabPanelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

/**
 * A row of tabs (WAI-ARIA tabs pattern): one tab stop for the row, the arrow keys and Home/End
 * move between tabs and show each at once. The page renders the panels with `tabPanelId`.
 */
export function ProfileTabs<T extends string>(props: {
  label: string;
  idPrefix: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
}) {
  const { label, idPrefix, tabs, selected, onSelect } = props;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabIndexAfterKey(index, event.key, tabs.length);
    const tab = next === null ? undefined : tabs[next];
    if (next === null || !tab) return;
    event.preventDefault();
    refs.current[next]?.focus();
    onSelect(tab.id);
  };

  return (
    <div className={styles.tablist} role="tablist" aria-label={label}>
      {tabs.map((tab, index) => {
        const isSelected = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.id)}
            aria-selected={isSelected}
            aria-controls={tabPanelId(idPrefix, tab.id)}
            tabIndex={isSelected ? 0 : -1}
            className={`${styles.tab} ${isSelected ? styles.selected : ''}`}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
