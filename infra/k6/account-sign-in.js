// Journey: people sign in (POST /api/auth/login, an argon2id check each) and the app reads who is
// signed in (GET /api/auth/user, as the shell does on every page), through the web origin.
//   k6 run -e BASE_URL=http://localhost:8080 -e USER_EMAIL=ama@example.com -e USER_PASSWORD=... infra/k6/account-sign-in.js
// USER_EMAIL / USER_PASSWORD name an existing account (sign up once in the browser). Sign-ins all
// come from k6's one address: raise the BFF's RATE_LIMIT_PUBLIC_PER_MINUTE above SIGN_IN_RATE × 60
// for the run, or most sign-ins are refused with 429.
import { check, sleep } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { BASE_URL, jsonBody, jsonWriteHeaders } from './web-origin.js';

const USER_EMAIL = __ENV.USER_EMAIL;
const sameEmail = (email) => typeof email === 'string' && email.toLowerCase() === String(USER_EMAIL).trim().toLowerCase();
const USER_PASSWORD = __ENV.USER_PASSWORD;
const SIGN_IN_RATE = Number(__ENV.SIGN_IN_RATE || 5);
const DURATION = __ENV.DURATION || '1m';

export const options = {
  scenarios: {
    // Sign-ins arrive at a fixed rate; each is one password check on the identity service.
    sign_in: {
      executor: 'constant-arrival-rate',
      exec: 'signIn',
      rate: SIGN_IN_RATE,
      timeUnit: '1s',
      duration: DURATION,
      preAllocatedVUs: Math.max(5, SIGN_IN_RATE * 2),
      maxVUs: Math.max(20, SIGN_IN_RATE * 10),
    },
    // Signed-in people moving between pages: each asks who is signed in.
    current_user: {
      executor: 'constant-vus',
      exec: 'browse',
      vus: Number(__ENV.VUS || 10),
      duration: DURATION,
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    // Password hashing is slow on purpose; reading the session is not.
    'http_req_duration{endpoint:user-login}': ['p(95)<1500'],
    'http_req_duration{endpoint:current-user}': ['p(95)<300'],
    checks: ['rate>0.99'],
    dropped_iterations: ['count==0'],
  },
};

function login() {
  const response = http.post(`${BASE_URL}/api/auth/login`, JSON.stringify({ email: USER_EMAIL, password: USER_PASSWORD }), {
    headers: jsonWriteHeaders,
    tags: { endpoint: 'user-login' },
  });
  return check(response, { 'signed in as the account': (r) => r.status === 200 && sameEmail(jsonBody(r)?.email) });
}

/** Stops before any load when the credentials are missing or wrong, rather than failing every call. */
export function setup() {
  if (!USER_EMAIL || !USER_PASSWORD) {
    exec.test.abort('Pass -e USER_EMAIL=... -e USER_PASSWORD=... (an existing account; see infra/README.md)');
  }
  if (!login()) exec.test.abort(`Could not sign in as "${USER_EMAIL}" at ${BASE_URL}/api/auth/login`);
}

export function signIn() {
  login();
}

// Per virtual user: its own cookie jar holds its session.
let signedIn = false;

export function browse() {
  if (!signedIn) {
    signedIn = login();
    if (!signedIn) {
      sleep(1);
      return;
    }
  }
  const response = http.get(`${BASE_URL}/api/auth/user`, { tags: { endpoint: 'current-user' } });
  check(response, { 'current user read': (r) => r.status === 200 && sameEmail(jsonBody(r)?.email) });
  // A session that ended (idle or absolute limit) answers 401: sign in again next time.
  if (response.status === 401) signedIn = false;
  sleep(1);
}
