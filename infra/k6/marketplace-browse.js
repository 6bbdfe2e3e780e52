// Journey: guests browse the marketplace (GET /api/rides, the listing's search, and
// GET /api/places/autocomplete, the location picker) through the web origin, at fixed rates.
//   k6 run -e BASE_URL=http://localhost:8080 -e SEARCH_RATE=300 -e TYPING_RATE=100 -e DURATION=1m infra/k6/marketplace-browse.js
// Searches cycle through popular corridors on the next few days (what the rides service keeps
// answers for); the picker through letters people type, typos included. Both are limited per
// client address (RATE_LIMIT_BROWSE_PER_MINUTE, RATE_LIMIT_PLACES_PER_MINUTE): raise them for the run.
import { check } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { BASE_URL, jsonBody } from './web-origin.js';

const SEARCH_RATE = Number(__ENV.SEARCH_RATE || 300);
const TYPING_RATE = Number(__ENV.TYPING_RATE || 100);
const DURATION = __ENV.DURATION || '1m';

const arrivals = (rate, exec) => ({
  executor: 'constant-arrival-rate',
  exec,
  rate,
  timeUnit: '1s',
  duration: DURATION,
  preAllocatedVUs: Math.max(5, Math.ceil(rate / 10)),
  maxVUs: Math.max(20, rate),
});

export const options = {
  scenarios: { search: arrivals(SEARCH_RATE, 'search'), typing: arrivals(TYPING_RATE, 'typing') },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{endpoint:rides-search}': ['p(95)<25', 'p(99)<100'],
    'http_req_duration{endpoint:places-autocomplete}': ['p(95)<10', 'p(99)<50'],
    checks: ['rate>0.99'],
    dropped_iterations: ['count==0'],
  },
};

const corridors = [
  ['Accra', 'Kumasi'],
  ['Kumasi', 'Accra'],
  ['Accra', 'Cape Coast'],
  ['Accra', 'Ho'],
  ['Kumasi', 'Tamale'],
  ['Accra', 'Takoradi'],
  ['Tema', 'Koforidua'],
  ['Kumasi', 'Sunyani'],
];
const typed = ['kum', 'kuma', 'accr', 'acra', 'tema', 'kaso', 'takor', 'nkawk', 'kejet', 'cape c', 'tamal', 'sunya', 'kofori', 'techim', 'winne', 'obuas', 'madin', 'circl', 'legon', 'ho m'];

const dayAhead = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function search() {
  const n = exec.scenario.iterationInTest;
  const [from, to] = corridors[n % corridors.length];
  const date = dayAhead(1 + (Math.floor(n / corridors.length) % 5));
  const response = http.get(`${BASE_URL}/api/rides?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&date=${date}&seats=1&page=1`, {
    tags: { endpoint: 'rides-search' },
  });
  const body = jsonBody(response);
  check(response, { 'search answered 200 with a page of rides': (r) => r.status === 200 && Array.isArray(body?.rides) && typeof body?.total === 'number' });
}

export function typing() {
  const text = typed[exec.scenario.iterationInTest % typed.length];
  const response = http.get(`${BASE_URL}/api/places/autocomplete?q=${encodeURIComponent(text)}`, { tags: { endpoint: 'places-autocomplete' } });
  const body = jsonBody(response);
  check(response, { 'picker answered 200 with suggestions': (r) => r.status === 200 && Array.isArray(body?.suggestions) });
}
