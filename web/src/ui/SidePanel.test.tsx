// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SidePanel } from './SidePanel';

afterEach(cleanup);

describe('SidePanel', () => {
  it('is a dialog labelled by its title, beside the page (not modal), that Escape closes', () => {
    const onClose = vi.fn();
    render(
      <SidePanel open onClose={onClose} title="alice@example.com">
        <p>Premium</p>
      </SidePanel>,
    );
    const panel = screen.getByRole('dialog', { name: 'alice@example.com' });
    expect(panel.classList.contains('side-panel')).toBe(true);
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
