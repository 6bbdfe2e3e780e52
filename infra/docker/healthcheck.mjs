// Container health probe: exits 0 when the process in this container answers its readiness
// path with a 2xx. Written in Node because the slim image has neither curl nor wget.
// Usage: node healthcheck.mjs [path]   (path defaults to /health/ready; port from PORT)
const port = process.env.PORT ?? '8080';
const path = process.argv[2] ?? '/health/ready';

try {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(4000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
