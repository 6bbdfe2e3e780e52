import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Endpoint } from '@krom/contracts/endpoint';

/** One endpoint as packages/contracts declares it, with the file (under src/) and name it is exported as. */
export type DeclaredEndpoint = { file: string; name: string; endpoint: Endpoint };

const contractsSource = join(import.meta.dirname, '../../packages/contracts/src');

/**
 * Every endpoint the contracts declare under `folder` (`api`, or `services` with one folder per
 * service), once each by method and path, read from the modules themselves so a new one is
 * included without being listed anywhere.
 */
export async function declaredEndpoints(folder: 'api' | 'services'): Promise<DeclaredEndpoint[]> {
  const files = (await readdir(join(contractsSource, folder), { recursive: true })).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  const found = new Map<string, DeclaredEndpoint>();
  for (const file of files.sort()) {
    const exports: Record<string, unknown> = await import(join(contractsSource, folder, file));
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value !== 'object' || value === null || !('caller' in value) || !('responses' in value)) continue;
      const endpoint = value as Endpoint;
      found.set(`${endpoint.method} ${endpoint.path}`, { file: `${folder}/${file}`, name, endpoint });
    }
  }
  return [...found.values()];
}
