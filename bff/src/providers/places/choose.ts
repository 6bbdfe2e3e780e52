import type { FastifyBaseLogger } from 'fastify';
import type { BffConfig } from '../../config.ts';
import { loadGazetteer } from './local.ts';
import { GooglePlaces } from './google.ts';
import type { PlacesProvider } from './port.ts';

/** Google Maps when a key is configured, otherwise the built-in gazetteer; the gazetteer is loaded either way (nearby stations). */
export async function openPlaces(config: BffConfig, log: FastifyBaseLogger): Promise<PlacesProvider> {
  const gazetteer = await loadGazetteer();
  if (!config.GOOGLE_MAPS_API_KEY) return gazetteer;
  return new GooglePlaces({
    apiKey: config.GOOGLE_MAPS_API_KEY,
    baseUrl: config.GOOGLE_MAPS_API_URL,
    timeoutMs: config.GOOGLE_MAPS_TIMEOUT_MS,
    gazetteer,
    onFallback: (reason, operation) => log.warn({ operation, reason }, 'Google Maps failed; answered with the straight-line estimate'),
  });
}
