// Journey: staff sign in and read the waitlist and the admin users, again and again, as the /admin
// page does (POST /api/admin/login, then GET /api/admin/waitlist and GET /api/admin/users).
//   k6 run -e BASE_URL=http://localhost:8080 -e ADMIN_USERNAME=ops -e ADMIN_PASSWORD=... infra/k6/admin-waitlist.js
// Each virtual user signs in once; its cookie jar keeps the session for the later calls.
import { check, sleep } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { BASE_URL, jsonBody, jsonWriteHeaders } from './web-origin.js';

const ADMIN_USERNAME = __ENV.ADMIN_USERNAME;
const ADMIN_PASSWORD = __ENV.ADMIN_PASSWORD;

export const options = {
  scenarios: {
    staff: {
      executor: 'constant-vus',
      vus: Number(__ENV.VUS || 5),
      duration: __ENV.DURATION || '1m',
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    // Password hashing is slow on purpose; reading lists is not.
    'http_req_duration{endpoint:admin-login}': ['p(95)<1500'],
    'http_req_duration{endpoint:admin-waitlist}': ['p(95)<500'],
    'http_req_duration{endpoint:admin-users}': ['p(95)<300'],
    checks: ['rate>0.99'],
  },
};

function signIn() {
  const response = http.post(
    `${BASE_URL}/api/admin/login`,
    JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
    { headers: jsonWriteHeaders, tags: { endpoint: 'admin-login' } },
  );
  return check(response, { 'signed in as the admin': (r) => r.status === 200 && jsonBody(r)?.admin?.username !== undefined });
}

/** Stops before any load when the credentials are missing or wrong, rather than failing every call. */
export function setup() {
  if (!ADMIN_USERNAME || !ADMIN_PASSWORD) {
    exec.test.abort('Pass -e ADMIN_USERNAME=... -e ADMIN_PASSWORD=... (an existing admin; see infra/README.md)');
  }
  if (!signIn()) exec.test.abort(`Could not sign in as "${ADMIN_USERNAME}" at ${BASE_URL}/api/admin/login`);
}

// Per virtual user: each has its own JavaScript runtime and cookie jar.
let signedIn = false;

export default function () {
  if (!signedIn) {
    signedIn = signIn();
    if (!signedIn) {
      sleep(1);
      return;
    }
  }
  const waitlist = http.get(`${BASE_URL}/api/admin/waitlist`, { tags: { endpoint: 'admin-waitlist' } });
  const users = http.get(`${BASE_URL}/api/admin/users`, { tags: { endpoint: 'admin-users' } });
  check(waitlist, { 'waitlist listed': (r) => r.status === 200 && Array.isArray(jsonBody(r)) });
  check(users, { 'admin users listed': (r) => r.status === 200 && Array.isArray(jsonBody(r)) });
  // A session that ended (idle or absolute limit) answers 401: sign in again next time.
  if (waitlist.status === 401 || users.status === 401) signedIn = false;
  // A person reads the table before the next refresh.
  sleep(1);
}
