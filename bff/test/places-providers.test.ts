import { randomBytes } from 'node:crypto';
import { gazetteerAttribution, googleAttribution } from '@krom/contracts/http/places';
import { afterAll, beforeAll } from 'vitest';
import { GooglePlaces } from '../src/providers/places/google.ts';
import { loadGazetteer } from '../src/providers/places/local.ts';
import { startFakeGoogle } from './fake-google-maps.ts';
import { describePlacesProvider } from './places-provider-suite.ts';

/** The places port's shared suite: the built-in gazetteer, and Google against a local stand-in of its web services. */
const apiKey = `AIza-test-${randomBytes(8).toString('hex')}`;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
beforeAll(async () => {
  google = await startFakeGoogle(apiKey);
});
afterAll(async () => {
  await google?.app.close();
});

describePlacesProvider({ name: 'gazetteer', open: loadGazetteer, attribution: gazetteerAttribution, measuredRoute: false });
describePlacesProvider({
  name: 'Google',
  open: async () => new GooglePlaces({ apiKey, baseUrl: google.url, timeoutMs: 30_000, gazetteer: await loadGazetteer() }),
  attribution: googleAttribution,
  measuredRoute: true,
});
