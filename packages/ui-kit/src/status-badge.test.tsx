import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../testing/render-routes.tsx';
import { StatusBadge, type StatusTone } from './status-badge.tsx';
import { theme } from './theme.ts';

const show = (element: React.ReactNode) => renderRoutes([{ path: '/', element }], '/');
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

describe('StatusBadge', () => {
  it('says its status in words, each tone in its own colours', () => {
    const tones: [StatusTone, string][] = [
      ['neutral', 'Completed'],
      ['info', 'Refunded'],
      ['success', 'Active'],
      ['warning', 'Pending'],
      ['danger', 'Cancelled'],
    ];
    show(
      <>
        {tones.map(([tone, word]) => (
          <StatusBadge key={tone} tone={tone}>
            {word}
          </StatusBadge>
        ))}
      </>,
    );
    const looks = tones.map(([, word]) => {
      const style = getComputedStyle(screen.getByText(word));
      return `${style.color} on ${style.backgroundColor}`;
    });
    expect(new Set(looks).size).toBe(5);
    expect(looks[2]).toBe(`${rgb(theme.color.primary)} on ${rgb(theme.color.primarySoft)}`);
    expect(looks[4]).toBe(`${rgb(theme.color.danger)} on ${rgb(theme.color.dangerSoft)}`);
  });

  it('is neutral unless told, and passes on what marks it (a title, a data attribute)', () => {
    show(
      <StatusBadge title="Rejected 2 times before" data-status="pending">
        Resubmitted
      </StatusBadge>,
    );
    const badge = screen.getByTitle('Rejected 2 times before');
    expect(badge.textContent).toBe('Resubmitted');
    expect(badge.getAttribute('data-status')).toBe('pending');
    expect(getComputedStyle(badge).color).toBe(rgb(theme.color.muted));
  });

  it('keeps its drawing from screen readers: the word alone is read', () => {
    show(
      <StatusBadge tone="success" icon={<svg data-testid="tick" />}>
        Verified
      </StatusBadge>,
    );
    const badge = screen.getByText('Verified');
    expect(badge.textContent).toBe('Verified');
    expect(screen.getByTestId('tick').closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
