// The web server's Content-Security-Policy allows no eval. zod (each copy, as it loads) reads this
// and skips its `new Function` probe, which the browser reports as a violation even though it is caught.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
// Async boundary: the federation runtime must resolve shared singletons before any React code runs.
import('./bootstrap.tsx');
