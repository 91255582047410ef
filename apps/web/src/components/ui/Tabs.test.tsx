import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TabList, TabPanel } from './Tabs.tsx';

const TABS = [
  { id: 'designs', label: 'Designs' },
  { id: 'likes', label: 'Likes' },
] as const;

describe('tabs markup', () => {
  it('renders a named tablist with one tab stop, on the selected tab, which controls its panel', () => {
    const html = renderToStaticMarkup(
      <TabList label="Profile" idBase="p" tabs={TABS} selected="likes" onSelect={() => {}} />,
    );
    expect(html).toContain('role="tablist" aria-label="Profile"');
    expect(html).toMatch(/role="tab" id="p-tab-designs" aria-selected="false" tabindex="-1"/);
    expect(html).toMatch(
      /role="tab" id="p-tab-likes" aria-selected="true" aria-controls="p-panel-likes" tabindex="0"/,
    );
  });

  it('names the panel by its tab', () => {
    const html = renderToStaticMarkup(
      <TabPanel idBase="p" id="likes">
        liked
      </TabPanel>,
    );
    expect(html).toMatch(/role="tabpanel" id="p-panel-likes" aria-labelledby="p-tab-likes"/);
  });
});
