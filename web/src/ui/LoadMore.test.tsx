// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadMore } from './LoadMore';

afterEach(cleanup);

describe('LoadMore', () => {
  it('is there only while more pages are, asks for the next one, and is busy while it loads', () => {
    const fetchNextPage = vi.fn();
    const { rerender } = render(
      <LoadMore
        pages={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage }}
        label="Older events"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Older events' }));
    expect(fetchNextPage).toHaveBeenCalledOnce();
    rerender(<LoadMore pages={{ hasNextPage: true, isFetchingNextPage: true, fetchNextPage }} />);
    expect((screen.getByRole('button', { name: 'Load More' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<LoadMore pages={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage }} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
