// Async boundary: shared singletons resolve before any React code runs (standalone mode only).
import('./bootstrap.tsx');
