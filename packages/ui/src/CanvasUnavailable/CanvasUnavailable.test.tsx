import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CanvasUnavailable } from './CanvasUnavailable';

describe('CanvasUnavailable', () => {
  it('names the reason as a heading and links back to the list', () => {
    render(
      <CanvasUnavailable
        title="Canvas not found."
        text="It may have been deleted."
        backHref="/canvases"
      />,
    );
    expect(screen.getByRole('region', { name: 'Canvas not found.' })).toBeInTheDocument();
    expect(screen.getByText('It may have been deleted.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your canvases' })).toHaveAttribute(
      'href',
      '/canvases',
    );
  });

  it('renders its link through the given renderer', () => {
    render(
      <CanvasUnavailable
        title="Not allowed!"
        text="Ask its owner to invite you."
        backHref="/livecanvases"
        backLabel="Back to live canvases"
        renderLink={({ href, children }) => <a href={`#${href}`}>{children}</a>}
      />,
    );
    expect(screen.getByRole('link', { name: 'Back to live canvases' })).toHaveAttribute(
      'href',
      '#/livecanvases',
    );
  });
});
