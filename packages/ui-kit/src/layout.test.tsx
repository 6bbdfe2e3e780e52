import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../testing/render-routes.tsx';
import { Cluster, Stack } from './layout.tsx';

const show = (element: React.ReactNode) => renderRoutes([{ path: '/', element }], '/');
const style = (name: string) => getComputedStyle(screen.getByLabelText(name));

describe('Stack', () => {
  it('puts its pieces one under another with 16 px between them unless told otherwise', () => {
    show(
      <>
        <Stack aria-label="Fields">
          <p>One</p>
          <p>Two</p>
        </Stack>
        <Stack aria-label="Tight" $gap={8}>
          <p>Three</p>
        </Stack>
      </>,
    );
    expect([style('Fields').display, style('Fields').gap]).toEqual(['grid', '16px']);
    expect(style('Tight').gap).toBe('8px');
    expect(screen.getByLabelText('Fields').textContent).toBe('OneTwo');
  });

  it('can be another element, keeping what it means to assistive technology', () => {
    show(
      <Stack as="section" aria-label="Trips">
        <h2>Upcoming</h2>
      </Stack>,
    );
    expect(screen.getByRole('region', { name: 'Trips' }).tagName).toBe('SECTION');
  });
});

describe('Cluster', () => {
  it('lays its pieces in a row that wraps, centred, with 8 px between them unless told otherwise', () => {
    show(
      <>
        <Cluster aria-label="Badges">
          <span>Verified</span>
          <span>Driver</span>
        </Cluster>
        <Cluster aria-label="Actions" $gap={12} $align="start" $justify="between">
          <button type="button">Edit</button>
        </Cluster>
      </>,
    );
    const badges = style('Badges');
    expect([badges.display, badges.flexWrap, badges.alignItems, badges.gap]).toEqual(['flex', 'wrap', 'center', '8px']);
    const actions = style('Actions');
    expect([actions.gap, actions.alignItems, actions.justifyContent]).toEqual(['12px', 'start', 'space-between']);
  });
});
