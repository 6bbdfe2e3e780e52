import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';

export type RouteMapPoint = { name: string; latitude: number; longitude: number; role: 'from' | 'stop' | 'to' };

/** Leaflet (its script and stylesheet) downloads only when a tile source is configured and a map is shown. */
const LeafletRouteMap = lazy(() => import('./route-map-leaflet.tsx').then((m) => ({ default: m.LeafletRouteMap })));

const roleWords: Record<RouteMapPoint['role'], string> = { from: 'departure', stop: 'stop', to: 'destination' };

/** What the map shows, in words, in order: the name a screen reader reads for it. */
export function describeRoute(points: readonly RouteMapPoint[], label = 'Route map'): string {
  return `${label}: ${points.map((point) => `${point.name} (${roleWords[point.role]})`).join(', ')}`;
}

/**
 * A ride's route: departure, stops and destination joined in order. With a tile server
 * configured (VITE_MAP_TILE_URL, VITE_MAP_TILE_ATTRIBUTION) it is a Leaflet map; without one it
 * is a schematic drawn from the coordinates alone, never an empty grey box. Points without
 * coordinates are left out; with fewer than 2 left nothing is drawn. `attribution` is the place
 * data's licence line, shown under the map when the parent passes it.
 */
export function RouteMap({ points, label, attribution }: { points: RouteMapPoint[]; label?: string; attribution?: string }) {
  const located = points.filter((point) => Number.isFinite(point.latitude) && Number.isFinite(point.longitude));
  if (located.length < 2) return null;
  const tileUrl: string | undefined = import.meta.env.VITE_MAP_TILE_URL || undefined;
  const tileAttribution: string = import.meta.env.VITE_MAP_TILE_ATTRIBUTION ?? '';
  const description = describeRoute(located, label);
  const schematic = <SchematicRouteMap points={located} description={description} />;
  return (
    <Figure>
      <Frame>
        {tileUrl ? (
          <Suspense fallback={schematic}>
            <LeafletRouteMap points={located} tileUrl={tileUrl} tileAttribution={tileAttribution} description={description} />
          </Suspense>
        ) : (
          schematic
        )}
      </Frame>
      {attribution ? <Attribution>{attribution}</Attribution> : null}
    </Figure>
  );
}

const KM_PER_DEGREE = 111.32;
const DEFAULT_SIZE = { width: 340, height: 220 };
const PADDING = { x: 30, y: 30 };
const FONT_SIZE = 12;
const MAX_LABEL_CHARS = 22;
/** The smallest area drawn, in degrees, so points in one town still sit apart. */
const MIN_SPAN = 0.05;

type Box = { left: number; top: number; right: number; bottom: number };
type PlacedLabel = { text: string; x: number; y: number; anchor: 'start' | 'middle' | 'end'; box: Box };

const shorten = (name: string) => (name.length > MAX_LABEL_CHARS ? `${name.slice(0, MAX_LABEL_CHARS - 1).trimEnd()}…` : name);
/** System fonts differ by phone; this errs wide so a label never leaves the box. */
const textWidth = (text: string, bold: boolean) => text.length * FONT_SIZE * (bold ? 0.62 : 0.58);
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const overlapArea = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * An equirectangular projection (longitude scaled by the cosine of the mean latitude, so
 * distances look right at Ghana's latitudes) fitted to the points' bounding box with padding.
 */
export function projectRoute(points: readonly RouteMapPoint[], width: number, height: number) {
  const meanLatitude = points.reduce((sum, point) => sum + point.latitude, 0) / points.length;
  const cosine = Math.cos((meanLatitude * Math.PI) / 180);
  const xs = points.map((point) => point.longitude * cosine);
  const ys = points.map((point) => point.latitude);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = Math.max(maxX - minX, MIN_SPAN);
  const spanY = Math.max(maxY - minY, MIN_SPAN);
  const scale = Math.min((width - 2 * PADDING.x) / spanX, (height - 2 * PADDING.y) / spanY);
  const centreX = (minX + maxX) / 2;
  const centreY = (minY + maxY) / 2;
  const projected = points.map((point, index) => ({
    ...point,
    x: width / 2 + ((xs[index] as number) - centreX) * scale,
    y: height / 2 - ((ys[index] as number) - centreY) * scale,
  }));
  return { projected, kmPerPixel: KM_PER_DEGREE / scale };
}

/** Small boxes along the route line, every few pixels, so labels can keep off it. */
function lineBoxes(projected: readonly { x: number; y: number }[]): Box[] {
  const boxes: Box[] = [];
  for (let index = 1; index < projected.length; index++) {
    const a = projected[index - 1] as { x: number; y: number };
    const b = projected[index] as { x: number; y: number };
    const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 5));
    for (let step = 0; step <= steps; step++) {
      const x = a.x + ((b.x - a.x) * step) / steps;
      const y = a.y + ((b.y - a.y) * step) / steps;
      boxes.push({ left: x - 2, top: y - 2, right: x + 2, bottom: y + 2 });
    }
  }
  return boxes;
}

/**
 * Each town's name beside its marker, inside the box and clear of the other labels and markers
 * where any such place exists, and off the route line where it can be: right or left (towards
 * the middle first), above, below, then the four diagonals.
 */
export function placeLabels(projected: readonly (RouteMapPoint & { x: number; y: number })[], width: number, height: number): PlacedLabel[] {
  const markers: Box[] = projected.map(({ x, y }) => ({ left: x - 8, top: y - 8, right: x + 8, bottom: y + 8 }));
  const line = lineBoxes(projected);
  const placed: PlacedLabel[] = [];
  const inside = (box: Box) => box.left >= 2 && box.right <= width - 2 && box.top >= 2 && box.bottom <= height - 2;
  projected.forEach((point, index) => {
    const text = shorten(point.name);
    const w = textWidth(text, point.role !== 'stop');
    const h = FONT_SIZE + 2;
    const at = (dx: number, dy: number, anchor: PlacedLabel['anchor']): Omit<PlacedLabel, 'text'> => {
      const left = anchor === 'start' ? point.x + dx : anchor === 'end' ? point.x + dx - w : point.x + dx - w / 2;
      // `dy` is the label's vertical centre relative to the marker; text sits on its baseline.
      const top = point.y + dy - h / 2;
      return { x: point.x + dx, y: top + h - 3, anchor, box: { left, top, right: left + w, bottom: top + h } };
    };
    const right = at(11, 0, 'start');
    const left = at(-11, 0, 'end');
    const candidates = [
      ...(point.x < width / 2 ? [right, left] : [left, right]),
      at(0, -17, 'middle'),
      at(0, 17, 'middle'),
      at(8, -13, 'start'),
      at(-8, -13, 'end'),
      at(8, 13, 'start'),
      at(-8, 13, 'end'),
    ];
    const hard = [...placed.map((label) => label.box), ...markers.filter((_, other) => other !== index)];
    const hits = (box: Box, obstacles: Box[]) => obstacles.filter((obstacle) => overlaps(box, obstacle)).length;
    const cost = (box: Box) => hard.reduce((sum, other) => sum + overlapArea(box, other), 0) * 10 + hits(box, line);
    const fits = candidates.filter((candidate) => inside(candidate.box));
    const clearOfLabels = fits.filter((candidate) => hits(candidate.box, hard) === 0);
    const chosen =
      clearOfLabels.find((candidate) => hits(candidate.box, line) === 0) ??
      [...clearOfLabels].sort((a, b) => hits(a.box, line) - hits(b.box, line))[0] ??
      [...fits].sort((a, b) => cost(a.box) - cost(b.box))[0] ??
      clampInside(candidates[0] as Omit<PlacedLabel, 'text'>, width, height);
    placed.push({ text, ...chosen });
  });
  return placed;
}

/** A label that fits nowhere (a very long name in a narrow box) is pulled inside, starting at the left edge. */
function clampInside(candidate: Omit<PlacedLabel, 'text'>, width: number, height: number): Omit<PlacedLabel, 'text'> {
  const w = candidate.box.right - candidate.box.left;
  const left = Math.min(Math.max(2, candidate.box.left), Math.max(2, width - 2 - w));
  const top = Math.min(Math.max(2, candidate.box.top), height - 2 - (candidate.box.bottom - candidate.box.top));
  const box = { left, top, right: left + w, bottom: top + (candidate.box.bottom - candidate.box.top) };
  return { x: left, y: box.bottom - 3, anchor: 'start', box };
}

/** A round distance for the scale bar that takes at most a quarter of the width. */
function scaleBar(kmPerPixel: number, width: number): { km: number; pixels: number } | null {
  const steps = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500];
  const fitting = steps.filter((km) => km / kmPerPixel <= width / 4);
  const km = fitting.at(-1);
  return km === undefined ? null : { km, pixels: km / kmPerPixel };
}

/** The drawing used without a tile server (and while Leaflet loads): sized to its box, so text stays at 12 px. */
function SchematicRouteMap({ points, description }: { points: RouteMapPoint[]; description: string }) {
  const ref = useRef<SVGSVGElement>(null);
  const [size, setSize] = useState(DEFAULT_SIZE);

  useLayoutEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    const measure = () => {
      const { width, height } = svg.getBoundingClientRect();
      if (width > 0 && height > 0) setSize((current) => (current.width === Math.round(width) && current.height === Math.round(height) ? current : { width: Math.round(width), height: Math.round(height) }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(svg);
    return () => observer.disconnect();
  }, []);

  const { width, height } = size;
  const { projected, kmPerPixel } = projectRoute(points, width, height);
  const labels = placeLabels(projected, width, height);
  const bar = scaleBar(kmPerPixel, width);
  const line = projected.map(({ x, y }) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');

  return (
    <Svg ref={ref} role="img" aria-label={description} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="xMidYMid meet">
      <rect x="0" y="0" width={width} height={height} fill="#eef3ef" />
      <polyline points={line} fill="none" stroke="#ffffff" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
      <polyline points={line} fill="none" stroke="#0a7a4b" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      {projected.map((point) =>
        point.role === 'from' ? (
          <circle key={`${point.role}-${point.x}-${point.y}`} data-role="from" cx={point.x} cy={point.y} r="7" fill="#0a7a4b" stroke="#ffffff" strokeWidth="2.5" />
        ) : point.role === 'to' ? (
          <g key={`${point.role}-${point.x}-${point.y}`} data-role="to">
            <circle cx={point.x} cy={point.y} r="8" fill="#16211b" stroke="#ffffff" strokeWidth="2.5" />
            <circle cx={point.x} cy={point.y} r="3" fill="#ffffff" />
          </g>
        ) : (
          <circle key={`${point.role}-${point.x}-${point.y}`} data-role="stop" cx={point.x} cy={point.y} r="5" fill="#ffffff" stroke="#0a7a4b" strokeWidth="2.5" />
        ),
      )}
      {labels.map((label, index) => (
        <text
          // biome-ignore lint/suspicious/noArrayIndexKey: labels follow the points' order, which is their identity here
          key={index}
          x={label.x}
          y={label.y}
          textAnchor={label.anchor}
          fontSize={FONT_SIZE}
          fontWeight={points[index]?.role === 'stop' ? 500 : 700}
          fill="#16211b"
          stroke="#eef3ef"
          strokeWidth="3"
          strokeLinejoin="round"
          paintOrder="stroke"
        >
          {label.text}
        </text>
      ))}
      <g transform={`translate(${width - 20} 12)`} fill="#55635b">
        <path d="M0 0l5 12-5-3-5 3z" />
        <text x="0" y="24" fontSize="10" fontWeight="700" textAnchor="middle">
          N
        </text>
      </g>
      {bar ? (
        <g transform={`translate(10 ${height - 10})`} stroke="#55635b" fill="#55635b">
          <path d={`M0 -5v5h${bar.pixels.toFixed(1)}v-5`} fill="none" strokeWidth="1.5" />
          <text x={bar.pixels + 5} y="0" fontSize="10" stroke="none">
            {bar.km} km
          </text>
        </g>
      ) : null}
    </Svg>
  );
}

const Figure = styled.figure`
  display: grid;
  gap: 6px;
  margin: 0;
`;

/** A fixed height from the first paint: the map never pushes the page about as it loads. */
const Frame = styled.div`
  position: relative;
  height: 220px;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #eef3ef;

  ${({ theme }) => theme.media.md} {
    height: 300px;
  }
`;

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: 100%;
  max-width: none;
`;

const Attribution = styled.figcaption`
  font-size: 0.75rem;
  color: ${({ theme }) => theme.color.muted};
`;
