// @vitest-environment jsdom
import { MAX_ALT_CHARS } from '@nocturne/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SlideEditor } from './SlideEditor';
import type { DraftSlide } from './story-form-rules';

afterEach(cleanup);

const slide: DraftSlide = { file: null, text: 'The lanterns went out.', alt: '' };

describe('SlideEditor', () => {
  it("asks for the image's description with a hint that says how, and reports what the creator writes", () => {
    const onChange = vi.fn();
    render(<SlideEditor index={2} slide={slide} canRemove={false} onChange={onChange} onRemove={vi.fn()} />);
    const field = screen.getByRole('textbox', { name: 'Image description for slide 3' });
    expect(field.getAttribute('maxlength')).toBe(String(MAX_ALT_CHARS));
    const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('Describe what the image shows for readers who cannot see it');
    expect(hint?.textContent).toContain(`0/${MAX_ALT_CHARS}`);

    fireEvent.change(field, { target: { value: 'A hand over a lantern' } });
    expect(onChange).toHaveBeenCalledWith({ ...slide, alt: 'A hand over a lantern' });
  });

  it('shows the description a saved slide has, with its length', () => {
    render(
      <SlideEditor
        index={0}
        slide={{ ...slide, alt: 'A pier at night' }}
        canRemove={false}
        onChange={vi.fn()}
        onRemove={vi.fn()}
      />,
    );
    const field = screen.getByRole('textbox', {
      name: 'Image description for slide 1',
    }) as HTMLTextAreaElement;
    expect(field.value).toBe('A pier at night');
    expect(screen.getByText(/15\/250/)).toBeTruthy();
  });
});
