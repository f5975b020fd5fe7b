// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accepts, DropZone } from './DropZone';

afterEach(cleanup);

const png = new File(['x'], 'one.png', { type: 'image/png' });
const pdf = new File(['x'], 'two.pdf', { type: 'application/pdf' });

describe('DropZone', () => {
  it('takes dropped files of the accepted type only', () => {
    const onFiles = vi.fn();
    render(<DropZone label="Drop images" accept="image/*" multiple onFiles={onFiles} />);
    const zone = screen.getByText('Drop images').closest('label')!;
    fireEvent.drop(zone, { dataTransfer: { files: [png, pdf] } });
    expect(onFiles).toHaveBeenCalledWith([png]);
  });

  it('is a labelled file input, and a drop of nothing usable calls nobody', () => {
    const onFiles = vi.fn();
    render(<DropZone label="Drop images" accept="image/*" onFiles={onFiles} />);
    expect(screen.getByLabelText('Drop images').getAttribute('type')).toBe('file');
    fireEvent.drop(screen.getByText('Drop images'), { dataTransfer: { files: [pdf] } });
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('matches exact types and wildcards', () => {
    expect(accepts('image/*', png)).toBe(true);
    expect(accepts('image/*,application/pdf', pdf)).toBe(true);
    expect(accepts('image/jpeg', png)).toBe(false);
    expect(accepts(undefined, pdf)).toBe(true);
  });
});
