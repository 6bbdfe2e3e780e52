// Journey: visitors join the pre-launch waitlist (POST /api/waitlist through the web origin).
//   k6 run -e BASE_URL=http://localhost:8080 -e RATE=10 -e DURATION=1m infra/k6/waitlist-join.js
// Every sign-up is new: a unique e-mail and a unique valid Ghana number (0, a digit 2-9, 8 digits).
// Each sign-up sends an SMS: run this only against a system on the local SMS provider (no TWILIO_*).
import { check } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { BASE_URL, jsonBody, jsonWriteHeaders } from './web-origin.js';

const RATE = Number(__ENV.RATE || 10);
const DURATION = __ENV.DURATION || '1m';

export const options = {
  scenarios: {
    // Arrivals at a fixed rate, as visitors come whether or not the system keeps up.
    join: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: DURATION,
      preAllocatedVUs: Math.max(5, RATE),
      maxVUs: Math.max(20, RATE * 5),
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{endpoint:waitlist-join}': ['p(95)<500', 'p(99)<1000'],
    checks: ['rate>0.99'],
    // An arrival k6 could not start means the system fell behind the offered rate.
    dropped_iterations: ['count==0'],
  },
};

// Numbers 0 to 8e8 - 1 map one-to-one onto 0[2-9]dddddddd; each run starts at a random offset so
// repeated runs against one database do not reuse numbers.
const PHONE_SPACE = 8e8;

export function setup() {
  return { runId: Date.now().toString(36), phoneOffset: Math.floor(Math.random() * PHONE_SPACE) };
}

function ghanaPhone(index) {
  const value = index % PHONE_SPACE;
  return `0${2 + Math.floor(value / 1e8)}${String(value % 1e8).padStart(8, '0')}`;
}

export default function (data) {
  const n = exec.scenario.iterationInTest;
  const body = {
    name: `Load Visitor ${n}`,
    email: `k6-${data.runId}-${n}@example.com`,
    phone: ghanaPhone(data.phoneOffset + n),
  };
  const response = http.post(`${BASE_URL}/api/waitlist`, JSON.stringify(body), {
    headers: jsonWriteHeaders,
    tags: { endpoint: 'waitlist-join' },
  });
  const answer = jsonBody(response);
  check(response, {
    'joined (201) or already on the list (200)': (r) => r.status === 201 || r.status === 200,
    'answers with the sign-up id': () => typeof answer?.id === 'string',
  });
}
