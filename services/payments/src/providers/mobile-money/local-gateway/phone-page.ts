import { formatCedis, toDecimalCedis } from '@krom/contracts/money';
import type { GatewayMovement, GatewaySwitches } from './gateway-books.ts';

/*
 * The mobile money phone: plain HTML forms, no script, so it works in any browser and at 360 px.
 * One page per number: the prompts waiting on its owner (with the voucher step for Telecel),
 * the money it received (payouts and refunds) and its history.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const NETWORKS: Record<GatewayMovement['network'], string> = { mtn: 'MTN MoMo', telecel: 'Telecel Cash', airteltigo: 'AirtelTigo Money' };

const cedis = (pesewas: number) => formatCedis(toDecimalCedis(pesewas));

const when = (date: Date) => `<time datetime="${date.toISOString()}">${escapeHtml(date.toLocaleString('en-GB', { timeZone: 'Africa/Accra', dateStyle: 'medium', timeStyle: 'short' }))}</time>`;

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f4f0; color: #1a1a1a; }
  main { max-width: 30rem; margin: 0 auto; padding: 1rem; }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
  h3 { font-size: 1rem; margin: 0; }
  .card { background: #fff; border: 1px solid #ccc; border-radius: .5rem; padding: .75rem; margin: 0 0 .75rem; }
  .card p { margin: .25rem 0; }
  form { margin: .5rem 0 0; }
  label { display: block; font-weight: 600; margin: 0 0 .25rem; }
  input { font-size: 1.1rem; padding: .5rem; width: 8rem; max-width: 100%; box-sizing: border-box; }
  button { font-size: 1rem; padding: .55rem 1rem; margin: .25rem .25rem 0 0; border-radius: .35rem; border: 1px solid #333; cursor: pointer; }
  .approve { background: #0b6b2f; color: #fff; border-color: #0b6b2f; }
  .decline { background: #fff; color: #8a1111; border-color: #8a1111; }
  .error { color: #8a1111; font-weight: 600; }
  ul { list-style: none; padding: 0; margin: 0; }
  li { border-bottom: 1px solid #ddd; padding: .4rem 0; }
  a { color: #0645ad; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>
${body}
</main></body>
</html>
`;
}

/** `/phone`: where a developer types the number whose phone to open, and flips the gateway's switches. */
export function numberPage(options: { switches: GatewaySwitches; error?: string | undefined; typed?: string | undefined }): string {
  const { failPayouts, failRefunds } = options.switches;
  const error = options.error ? `<p class="error" id="number-error" role="alert">${escapeHtml(options.error)}</p>` : '';
  return page(
    'Mobile money phone',
    `<h1>Mobile money phone</h1>
<p>The local gateway's stand-in for a customer's phone: payment prompts sent to a number appear on its page.</p>
<form method="get" action="/phone">
<label for="number">Phone number</label>
${error}
<input id="number" name="number" type="tel" inputmode="tel" autocomplete="tel" required value="${escapeHtml(options.typed ?? '')}"${options.error ? ' aria-invalid="true" aria-describedby="number-error"' : ''}>
<button type="submit">Open phone</button>
</form>
<h2>Gateway</h2>
<form method="post" action="/phone/switches">
<input type="hidden" name="failPayouts" value="${failPayouts ? 'off' : 'on'}">
<p>Payouts ${failPayouts ? 'are refused by the network' : 'reach the wallet'}.</p>
<button type="submit">${failPayouts ? 'Let payouts through' : 'Refuse every payout'}</button>
</form>
<form method="post" action="/phone/switches">
<input type="hidden" name="failRefunds" value="${failRefunds ? 'off' : 'on'}">
<p>Refunds ${failRefunds ? 'are refused by the network' : 'reach the wallet'}.</p>
<button type="submit">${failRefunds ? 'Let refunds through' : 'Refuse every refund'}</button>
</form>`,
  );
}

function prompt(movement: GatewayMovement, error: string | undefined): string {
  const id = movement.reference;
  const errorId = `error-${id}`;
  const errorLine = error ? `<p class="error" id="${errorId}" role="alert">${escapeHtml(error)}</p>` : '';
  const invalid = error ? ` aria-invalid="true" aria-describedby="${errorId}"` : '';
  const step =
    movement.status === 'needs_otp'
      ? `<p>Telecel texted you a voucher code: <strong>${escapeHtml(movement.voucherCode ?? '')}</strong></p>
<form method="post" action="/prompts/${id}/voucher">
<label for="voucher-${id}">Voucher code</label>
${errorLine}
<input id="voucher-${id}" name="voucher" inputmode="numeric" autocomplete="one-time-code" required${invalid}>
<button type="submit">Send code</button>
</form>`
      : `<form method="post" action="/prompts/${id}/approve">
<label for="pin-${id}">PIN (4 digits)</label>
${errorLine}
<input id="pin-${id}" name="pin" type="password" inputmode="numeric" autocomplete="off" maxlength="4" required${invalid}>
<button type="submit" class="approve" aria-describedby="title-${id}">Approve</button>
</form>`;
  return `<article class="card" aria-labelledby="title-${id}">
<h3 id="title-${id}">Pay ${escapeHtml(cedis(movement.amount))} to Krom</h3>
<p>${escapeHtml(movement.description)}</p>
<p>${NETWORKS[movement.network]} · ${when(movement.createdAt)}</p>
${step}
<form method="post" action="/prompts/${id}/decline">
<button type="submit" class="decline" aria-describedby="title-${id}">Decline</button>
</form>
</article>`;
}

const HISTORY_WORDS: Record<GatewayMovement['kind'], string> = { collection: 'Paid', payout: 'Received', refund: 'Refunded' };
const STATUS_WORDS: Record<GatewayMovement['status'], string> = { needs_otp: 'waiting on the voucher code', pending: 'waiting on your PIN', succeeded: 'done', failed: 'failed' };

/** `/phone/{number}`: the number's prompts, received money and history; `errors` by reference, for a form refused. */
export function phonePage(phone: string, movements: GatewayMovement[], errors: Record<string, string> = {}): string {
  const waiting = movements.filter((m) => m.kind === 'collection' && (m.status === 'pending' || m.status === 'needs_otp'));
  const received = movements.filter((m) => m.kind !== 'collection' && m.status === 'succeeded');
  const prompts = waiting.length > 0 ? waiting.map((m) => prompt(m, errors[m.reference])).join('\n') : '<p>No payment prompts.</p>';
  const receivedList =
    received.length > 0
      ? `<ul>${received
          .map((m) => `<li><strong>${escapeHtml(cedis(m.amount))}</strong> ${m.kind === 'refund' ? 'refunded by Krom' : 'from Krom'}: ${escapeHtml(m.description)} · ${when(m.settledAt ?? m.createdAt)}</li>`)
          .join('')}</ul>`
      : '<p>Nothing received yet.</p>';
  const history =
    movements.length > 0
      ? `<ul>${movements
          .map((m) => `<li>${HISTORY_WORDS[m.kind]} ${escapeHtml(cedis(m.amount))}: ${escapeHtml(m.description)}, ${STATUS_WORDS[m.status]}${m.message ? ` (${escapeHtml(m.message)})` : ''} · ${when(m.createdAt)}</li>`)
          .join('')}</ul>`
      : '<p>No movements yet.</p>';
  return page(
    `Mobile money phone ${phone}`,
    `<h1>Mobile money phone</h1>
<p><strong>${escapeHtml(phone)}</strong> · <a href="/phone/${escapeHtml(phone)}">Refresh</a> · <a href="/phone">Another number</a></p>
<section aria-labelledby="prompts"><h2 id="prompts">Payment prompts</h2>
${prompts}
</section>
<section aria-labelledby="received"><h2 id="received">Money received</h2>
${receivedList}
</section>
<section aria-labelledby="history"><h2 id="history">History</h2>
${history}
</section>`,
  );
}
