import { gazetteerAttribution } from '@krom/contracts/http/places';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { placeLabels, projectRoute, RouteMap, type RouteMapPoint } from '../route-map.tsx';

const accraToKumasi: RouteMapPoint[] = [
  { name: 'Accra', latitude: 5.6037, longitude: -0.187, role: 'from' },
  { name: 'Nkawkaw', latitude: 6.5506, longitude: -0.7667, role: 'stop' },
  { name: 'Konongo', latitude: 6.6167, longitude: -1.2167, role: 'stop' },
  { name: 'Kumasi', latitude: 6.6885, longitude: -1.6244, role: 'to' },
];

function showMap(points: RouteMapPoint[], attribution?: string) {
  return renderRoutes([{ path: '/', element: <RouteMap points={points} {...(attribution ? { attribution } : {})} /> }], '/');
}

afterEach(() => vi.unstubAllEnvs());

describe('RouteMap without a tile server (a schematic drawing)', () => {
  it('draws the towns in order with distinct departure, stop and destination markers, and names them for screen readers', () => {
    vi.stubEnv('VITE_MAP_TILE_URL', '');
    const { container } = showMap(accraToKumasi, gazetteerAttribution);
    const map = screen.getByRole('img', {
      name: 'Route map: Accra (departure), Nkawkaw (stop), Konongo (stop), Kumasi (destination)',
    });
    expect([...map.querySelectorAll('text')].slice(0, 4).map((label) => label.textContent)).toEqual(['Accra', 'Nkawkaw', 'Konongo', 'Kumasi']);
    expect([...map.querySelectorAll('[data-role]')].map((marker) => marker.getAttribute('data-role'))).toEqual(['from', 'stop', 'stop', 'to']);
    // One line through the points in order: west-bound, so x falls from Accra to Kumasi.
    const xs = (map.querySelector('polyline')?.getAttribute('points') ?? '').split(' ').map((pair) => Number(pair.split(',')[0]));
    expect(xs).toHaveLength(4);
    expect([...xs].sort((a, b) => b - a)).toEqual(xs);
    expect(screen.getByText(gazetteerAttribution)).toBeTruthy();
    expect(container.querySelector('.leaflet-container')).toBeNull();
  });

  it('draws nothing with fewer than 2 places that have coordinates', () => {
    const { container } = showMap([accraToKumasi[0] as RouteMapPoint, { name: 'Kumasi', latitude: Number.NaN, longitude: Number.NaN, role: 'to' }], gazetteerAttribution);
    expect(container.querySelector('figure')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByText(gazetteerAttribution)).toBeNull();
  });
});

describe('the schematic projection', () => {
  it('fits the route inside the padded box, keeping north up and east right', () => {
    const { projected } = projectRoute(accraToKumasi, 340, 220);
    for (const point of projected) {
      expect(point.x).toBeGreaterThanOrEqual(29.9);
      expect(point.x).toBeLessThanOrEqual(310.1);
      expect(point.y).toBeGreaterThanOrEqual(29.9);
      expect(point.y).toBeLessThanOrEqual(190.1);
    }
    const [accra, , , kumasi] = projected;
    expect(kumasi!.y).toBeLessThan(accra!.y);
    expect(kumasi!.x).toBeLessThan(accra!.x);
  });

  it('keeps every label inside the box and clear of the others, even for long names and close towns', () => {
    const crowded: RouteMapPoint[] = [
      { name: 'Kaneshie Station, Accra Central Business District', latitude: 5.5656, longitude: -0.2364, role: 'from' },
      { name: 'Kasoa', latitude: 5.5345, longitude: -0.4168, role: 'stop' },
      { name: 'Winneba Junction', latitude: 5.3622, longitude: -0.6282, role: 'stop' },
      { name: 'Cape Coast', latitude: 5.1053, longitude: -1.2466, role: 'to' },
    ];
    for (const [width, height] of [
      [328, 220],
      [640, 300],
    ] as const) {
      const { projected } = projectRoute(crowded, width, height);
      const labels = placeLabels(projected, width, height);
      expect(labels[0]?.text).toBe('Kaneshie Station, Acc…');
      for (const label of labels) {
        expect(label.box.left).toBeGreaterThanOrEqual(2);
        expect(label.box.right).toBeLessThanOrEqual(width - 2);
        expect(label.box.top).toBeGreaterThanOrEqual(2);
        expect(label.box.bottom).toBeLessThanOrEqual(height - 2);
      }
      labels.forEach((label, index) => {
        for (const other of labels.slice(index + 1)) {
          const apart = label.box.right <= other.box.left || other.box.right <= label.box.left || label.box.bottom <= other.box.top || other.box.bottom <= label.box.top;
          expect(apart).toBe(true);
        }
      });
    }
  });

  it('keeps the labels of a plain route off its line', () => {
    for (const [width, height] of [
      [328, 220],
      [640, 300],
    ] as const) {
      const { projected } = projectRoute(accraToKumasi, width, height);
      const labels = placeLabels(projected, width, height);
      const onLine = (box: (typeof labels)[number]['box']) =>
        projected.slice(1).some((end, index) => {
          const start = projected[index]!;
          return Array.from({ length: 51 }, (_, step) => step / 50).some((t) => {
            const x = start.x + (end.x - start.x) * t;
            const y = start.y + (end.y - start.y) * t;
            return x > box.left && x < box.right && y > box.top && y < box.bottom;
          });
        });
      expect(labels.filter((label) => onLine(label.box)).map((label) => label.text)).toEqual([]);
    }
  });

  it('gives two points in the same place room rather than dividing by zero', () => {
    const { projected } = projectRoute(
      [
        { name: 'Tema', latitude: 5.67, longitude: -0.0166, role: 'from' },
        { name: 'Tema', latitude: 5.67, longitude: -0.0166, role: 'to' },
      ],
      340,
      220,
    );
    expect(projected.every((point) => Number.isFinite(point.x) && Number.isFinite(point.y))).toBe(true);
  });
});

describe('RouteMap with a tile server configured', () => {
  it('loads the Leaflet map lazily, showing the schematic until it is ready', async () => {
    vi.stubEnv('VITE_MAP_TILE_URL', 'https://tiles.example.test/{z}/{x}/{y}.png');
    vi.stubEnv('VITE_MAP_TILE_ATTRIBUTION', '© Example tiles');
    const { container } = showMap(accraToKumasi);
    expect(screen.getByRole('img', { name: /^Route map: Accra \(departure\)/ })).toBeTruthy();
    const map = await screen.findByRole('region', { name: /^Route map: Accra \(departure\)/ });
    // The region is in the page as soon as the lazy module renders; Leaflet mounts into it in an effect after that.
    await waitFor(() => expect(map.classList.contains('leaflet-container')).toBe(true));
    expect(container.querySelector('img.leaflet-tile, .leaflet-tile-container')).toBeTruthy();
    expect(screen.getByText('© Example tiles', { exact: false })).toBeTruthy();
  });
});
