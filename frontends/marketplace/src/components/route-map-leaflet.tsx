import 'leaflet/dist/leaflet.css';
import { circleMarker, type LatLngTuple, latLngBounds, map as createMap, polyline, tileLayer } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTheme } from 'styled-components';
import type { RouteMapPoint } from './route-map.tsx';

/**
 * The route on map tiles, loaded only through route-map.tsx when VITE_MAP_TILE_URL is set (this
 * module brings Leaflet's script and stylesheet with it). Markers are vector circles, so no marker
 * images are downloaded; the map fits the route and does not capture the page's scrolling.
 */
export function LeafletRouteMap({
  points,
  tileUrl,
  tileAttribution,
  description,
}: {
  points: RouteMapPoint[];
  tileUrl: string;
  tileAttribution: string;
  description: string;
}) {
  const ref = useRef<HTMLElement>(null);
  const theme = useTheme();
  // The effect redraws only when the route itself changes, not on every render of the parent.
  const routeKey = JSON.stringify(points);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const route = JSON.parse(routeKey) as RouteMapPoint[];
    const leafletMap = createMap(element, { scrollWheelZoom: false, attributionControl: true });
    tileLayer(tileUrl, { attribution: tileAttribution, maxZoom: 18 }).addTo(leafletMap);
    const line: LatLngTuple[] = route.map((point) => [point.latitude, point.longitude]);
    polyline(line, { color: theme.color.primary, weight: 4, opacity: 0.9 }).addTo(leafletMap);
    for (const point of route) {
      const style =
        point.role === 'from'
          ? { radius: 8, color: '#ffffff', weight: 2.5, fillColor: theme.color.primary, fillOpacity: 1 }
          : point.role === 'to'
            ? { radius: 8, color: '#ffffff', weight: 2.5, fillColor: theme.color.text, fillOpacity: 1 }
            : { radius: 6, color: theme.color.primary, weight: 2.5, fillColor: '#ffffff', fillOpacity: 1 };
      circleMarker([point.latitude, point.longitude], style)
        .bindTooltip(point.name, { permanent: point.role !== 'stop', direction: 'top', offset: [0, -8] })
        .addTo(leafletMap);
    }
    leafletMap.fitBounds(latLngBounds(line), { padding: [32, 32] });
    return () => {
      leafletMap.remove();
    };
  }, [routeKey, tileUrl, tileAttribution, theme]);

  return <section ref={ref} aria-label={description} style={{ width: '100%', height: '100%' }} />;
}
