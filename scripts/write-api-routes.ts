import { writeFileSync } from 'node:fs';
import { apiRoutesSource } from '../packages/contracts/src/api-routes-source.ts';

/** Writes packages/contracts/src/api-routes.ts from the /api endpoints (after adding or changing one). */
const target = new URL('../packages/contracts/src/api-routes.ts', import.meta.url);
writeFileSync(target, await apiRoutesSource());
console.log(`Wrote ${target.pathname}`);
