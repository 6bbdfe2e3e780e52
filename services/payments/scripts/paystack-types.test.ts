import { readFileSync } from 'node:fs';
import { parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, PAYSTACK_OPERATIONS, paystackTypes, prunePaystackDocument } from './paystack-types.ts';

/*
 * The generator is run on a small made-up document (fixtures/paystack-mini.yaml), not on
 * Paystack's: a fresh clone has no copy of that, and the committed types are checked here only
 * against the list of operations they must have been made for.
 */
const fixture = readFileSync(new URL('./fixtures/paystack-mini.yaml', import.meta.url), 'utf8');
const fixtureOperations = { '/charge': ['post'], '/charge/{reference}': ['get'], '/refund': ['post'] } as const;
const FIXTURE_COMMIT = '0123456789abcdef0123456789abcdef01234567';
type Document = Parameters<typeof prunePaystackDocument>[0];
const fixtureDocument = () => parseYaml(fixture) as Document;

const keysOf = (value: unknown) => Object.keys(value as object);

describe("cutting Paystack's document down to the adapter's operations", () => {
  it('keeps the listed operations and every component they reach, through other components too, and nothing else', () => {
    const pruned = prunePaystackDocument(fixtureDocument(), fixtureOperations);
    const { paths, components } = pruned as { paths: Record<string, object>; components: Record<string, object> };

    expect(keysOf(paths)).toEqual(['/charge', '/charge/{reference}', '/refund']);
    expect(keysOf(paths['/refund'])).toEqual(['post']);
    // MobileMoney is reached only through ChargeCreate, Error only through a response; in the document's order.
    expect(keysOf(components.schemas)).toEqual(['ChargeCreate', 'MobileMoney', 'ChargeResponse', 'Error']);
    expect(keysOf(components.responses)).toEqual(['Ok', 'Unauthorized']);
    expect(keysOf(components.parameters)).toEqual(['Reference']);
    expect(keysOf(components.securitySchemes)).toEqual(['bearerAuth']);
    expect(keysOf(pruned)).toEqual(['openapi', 'info', 'servers', 'security', 'paths', 'components']);
  });

  it('refuses a listed operation the document does not have, and a reference to nothing', () => {
    expect(() => prunePaystackDocument(fixtureDocument(), { '/charge/submit_otp': ['post'] })).toThrow('The document has no path /charge/submit_otp');
    expect(() => prunePaystackDocument(fixtureDocument(), { '/charge': ['get'] })).toThrow('The document has no GET /charge');
    const dangling = fixtureDocument();
    (dangling.components as { schemas: Record<string, unknown> }).schemas.MobileMoney = { $ref: '#/components/schemas/Wallet' };
    expect(() => prunePaystackDocument(dangling, fixtureOperations)).toThrow('#/components/schemas/Wallet refers to nothing in the document');
  });

  it("writes the types of what is kept, under a header naming the source's commit and licence", async () => {
    const text = await paystackTypes(fixture, FIXTURE_COMMIT, { operations: fixtureOperations, silent: true });

    expect(text).toContain(`dist/paystack.yaml at commit ${FIXTURE_COMMIT}`);
    expect(text).toContain('Copyright (c) 2022 PaystackOSS');
    expect(text).toMatch(/MobileMoney: \{\s+phone\?: string;\s+provider\?: string;\s+\};/);
    expect(text).toContain('mobile_money?: components["schemas"]["MobileMoney"];');
    // An object without properties takes any fields (a charge's metadata), not none.
    expect(text).toContain('metadata?: Record<string, unknown>;');
    for (const pruned of ['Unused', 'TransferCreate', 'RefundList', 'refund_list', '/transfer', 'basicAuth']) expect(text).not.toContain(pruned);
    // The whole text, kept beside the fixture: remade with `npx vitest run -u <this file>` when the generator changes on purpose.
    await expect(text).toMatchFileSnapshot('./fixtures/paystack-mini.gen.ts');
  });

  it('refuses a commit that is not one', async () => {
    await expect(paystackTypes(fixture, '9678dea', { operations: fixtureOperations, silent: true })).rejects.toThrow('A commit is 40 hex digits');
  });
});

describe("the committed types of Paystack's document", () => {
  const committed = readFileSync(GENERATED_FILE, 'utf8');

  it('were made for the operations the script lists now (remake them after changing the list)', () => {
    const pathsBlock = committed.slice(committed.indexOf('export interface paths {'), committed.indexOf('export type webhooks'));
    const made: Record<string, string[]> = {};
    for (const [, path, body] of pathsBlock.matchAll(/^ {4}"([^"]+)": \{\n([\s\S]*?)^ {4}\};/gm)) {
      made[path as string] = [...(body as string).matchAll(/^ {8}(\w+): operations\[/gm)].map(([, method]) => method as string);
    }
    expect(made).toEqual(Object.fromEntries(Object.entries(PAYSTACK_OPERATIONS).map(([path, methods]) => [path, [...methods].sort()])));
  });

  it('name the commit of the document they were made from, in the header and its command', () => {
    const commit = /dist\/paystack\.yaml at commit ([0-9a-f]{40})\n/.exec(committed)?.[1];
    expect(commit).toBeDefined();
    expect(committed).toContain(`npm run paystack:types -w @krom/payments-service -- /tmp/paystack.yaml ${commit}`);
    expect(committed).toContain('Copyright (c) 2022 PaystackOSS');
  });
});
