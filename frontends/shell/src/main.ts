// Async boundary: the federation runtime must resolve shared singletons before any React code runs.
import('./bootstrap.tsx');
