/** Where the web server publishes the remotes' locations, read by the browser at run time. */
export const REMOTES_CONFIG_PATH = '/remotes.json';

/** The body of /remotes.json: each remote's federation entry (remoteEntry.js) URL, by remote name. */
export type RemotesConfig = Record<string, { entry: string }>;

/**
 * Checks a /remotes.json body. By hand rather than with zod: this runs in the browser, and zod
 * would be the biggest thing a first visit to a remote's page downloads from the shell.
 */
export function parseRemotesConfig(body: unknown): RemotesConfig {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error(`${REMOTES_CONFIG_PATH} is not an object of remotes.`);
  }
  for (const [name, remote] of Object.entries(body)) {
    const entry = (remote as { entry?: unknown } | null)?.entry;
    if (typeof entry !== 'string' || entry === '') {
      throw new Error(`${REMOTES_CONFIG_PATH} gives no entry URL for the ${name} frontend.`);
    }
  }
  return body as RemotesConfig;
}
