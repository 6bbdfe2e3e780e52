import type { PublishedRemoteRoutes, RemoteRouteModule } from '@krom/ui-kit/remote-route.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withRemoteRoutes } from '../../remote-routes-element.ts';
import { createAppRoutes } from '../create-routes.tsx';
import { parsePublishedRoutes, publishedRoutes } from '../published-routes.ts';
import { discoverRemoteRoutes, type RemoteDefinition } from '../remote-route-discovery.ts';

/** A page as the web server answers it, with the routes the remotes published (server/remote-routes.ts). */
function pageWith(routes: PublishedRemoteRoutes[]): Document {
  const html = withRemoteRoutes('<!doctype html><html><head></head><body><div id="root"></div></body></html>', routes);
  return new DOMParser().parseFromString(html, 'text/html');
}

function SeatScreen() {
  return <h1>Pick your seat</h1>;
}

const seatRoutes: RemoteRouteModule = {
  routes: [{ path: '/trips/:tripId/seats', lazy: async () => ({ Component: SeatScreen }) }],
};

afterEach(() => vi.restoreAllMocks());

describe("the remotes' routes in the page", () => {
  it('route a path only a redeployed remote serves to the module its manifest names', async () => {
    const page = pageWith([{ name: 'trips', module: './seat-routes', paths: ['/trips/:tripId/seats'] }]);
    const load = vi.fn(async (_name: string, _module: string) => seatRoutes);
    const remotes: RemoteDefinition[] = publishedRoutes(page).map((manifest) => ({ manifest, load: () => load(manifest.name, manifest.module) }));
    renderRoutes((queryClient) => createAppRoutes({ queryClient }), '/trips/t-9/seats', { patchRoutesOnNavigation: discoverRemoteRoutes(remotes) });
    expect(await screen.findByRole('heading', { name: 'Pick your seat' })).toBeTruthy();
    expect(load).toHaveBeenCalledWith('trips', './seat-routes');
  });

  it('show Page Not Found for a path no published manifest declares', async () => {
    const load = vi.fn(async () => seatRoutes);
    const remotes: RemoteDefinition[] = publishedRoutes(pageWith([{ name: 'trips', module: './routes', paths: ['/trips'] }])).map((manifest) => ({ manifest, load }));
    renderRoutes((queryClient) => createAppRoutes({ queryClient }), '/trips/t-9/seats', { patchRoutesOnNavigation: discoverRemoteRoutes(remotes) });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('are none on a page the web server did not answer', () => {
    expect(publishedRoutes(new DOMParser().parseFromString('<body></body>', 'text/html'))).toEqual([]);
  });

  it('keep a path that holds markup as it was written', () => {
    expect(publishedRoutes(pageWith([{ name: 'odd', module: './routes', paths: ['/a</script>'] }]))[0]?.paths).toEqual(['/a</script>']);
  });

  it('are refused when they are not name, module and paths', () => {
    expect(() => parsePublishedRoutes({ name: 'trips' })).toThrow('not a list');
    expect(() => parsePublishedRoutes([{ name: 'trips', paths: ['/trips'] }])).toThrow('The routes of the trips frontend are not name, module and paths.');
    expect(() => parsePublishedRoutes([{ name: 'trips', module: './routes', paths: [7] }])).toThrow('trips');
  });
});
