// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TabPanel, Tabs } from './Tabs';

afterEach(cleanup);

function Harness() {
  const [current, setCurrent] = useState<'one' | 'two'>('one');
  return (
    <>
      <Tabs
        label="Sections"
        idPrefix="demo"
        tabs={[
          { id: 'one', label: 'One' },
          { id: 'two', label: 'Two' },
        ]}
        current={current}
        onChoose={setCurrent}
      />
      <TabPanel idPrefix="demo" id={current}>
        Panel {current}
      </TabPanel>
    </>
  );
}

describe('Tabs', () => {
  it('selects the chosen tab and labels its panel by it', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Two' }));
    expect(screen.getByRole('tab', { name: 'Two' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'One' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('tabpanel', { name: 'Two' }).textContent).toBe('Panel two');
  });
});
