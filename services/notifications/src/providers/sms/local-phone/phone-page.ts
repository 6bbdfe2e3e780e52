/*
 * The local SMS phone's pages: plain HTML forms that work at 360 px, and a few lines of script that
 * refresh the conversation while the page is open (Krom's replies come a moment after the text).
 */

/** One line of a number's conversation: a text it sent Krom, or one Krom sent it. */
export type PhoneMessage = { direction: 'sent' | 'received'; text: string; at: string; note?: string | undefined };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f4f0; color: #1a1a1a; }
  main { max-width: 30rem; margin: 0 auto; padding: 1rem; }
  h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
  label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
  input, textarea { font-size: 1.1rem; padding: .5rem; width: 100%; box-sizing: border-box; }
  button { font-size: 1rem; padding: .55rem 1rem; margin: .5rem 0 0; border-radius: .35rem; border: 1px solid #0b6b2f; background: #0b6b2f; color: #fff; cursor: pointer; }
  .error { color: #8a1111; font-weight: 600; }
  ol { list-style: none; padding: 0; margin: 1rem 0; }
  li { max-width: 85%; margin: .4rem 0; padding: .5rem .7rem; border-radius: .6rem; white-space: pre-wrap; overflow-wrap: anywhere; }
  li.sent { margin-left: auto; background: #0b6b2f; color: #fff; }
  li.received { background: #fff; border: 1px solid #ccc; }
  li small { display: block; opacity: .75; margin-top: .2rem; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
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

const errorLine = (error: string | undefined) => (error ? `<p class="error" id="form-error" role="alert">${escapeHtml(error)}</p>` : '');
const invalid = (error: string | undefined) => (error ? ' aria-invalid="true" aria-describedby="form-error"' : '');

/** `/sms`: any number and a message, sent to Krom from that number. */
export function startPage(options: { error?: string | undefined; number?: string; text?: string } = {}): string {
  return page(
    'SMS phone',
    `<h1>SMS phone</h1>
<p>Krom's local stand-in for any phone: text Krom from a number and see its replies. Send HELP for the commands.</p>
<form method="post" action="/sms">
${errorLine(options.error)}
<label for="number">Phone number</label>
<input id="number" name="number" type="tel" inputmode="tel" autocomplete="tel" required value="${escapeHtml(options.number ?? '')}"${invalid(options.error)}>
<label for="text">Message</label>
<textarea id="text" name="text" rows="2" required>${escapeHtml(options.text ?? '')}</textarea>
<button type="submit">Send</button>
</form>`,
  );
}

function conversation(messages: PhoneMessage[]): string {
  if (messages.length === 0) return '<p>No messages yet.</p>';
  return `<ol>${messages
    .map((m) => `<li class="${m.direction}"><span class="visually-hidden">${m.direction === 'sent' ? 'You' : 'Krom'}: </span>${escapeHtml(m.text)}<small>${escapeHtml(new Date(m.at).toLocaleString('en-GB', { timeZone: 'Africa/Accra', dateStyle: 'medium', timeStyle: 'short' }))}${m.note ? ` · ${escapeHtml(m.note)}` : ''}</small></li>`)
    .join('')}</ol>`;
}

/** `/sms/{number}`: that number's conversation with Krom, and a box to text it again. */
export function numberPage(phone: string, messages: PhoneMessage[], error?: string): string {
  return page(
    `SMS phone ${phone}`,
    `<h1>SMS phone</h1>
<p><strong>${escapeHtml(phone)}</strong> · <a href="/sms">Another number</a></p>
<section id="conversation" aria-live="polite" aria-label="Conversation with Krom">${conversation(messages)}</section>
<form method="post" action="/sms/${escapeHtml(phone)}">
${errorLine(error)}
<label for="text">Message</label>
<textarea id="text" name="text" rows="2" required${invalid(error)}></textarea>
<button type="submit">Send</button>
</form>
<script>
setInterval(async () => {
  const response = await fetch(location.pathname, { cache: 'no-store' }).catch(() => undefined);
  if (!response?.ok) return;
  const next = new DOMParser().parseFromString(await response.text(), 'text/html').getElementById('conversation');
  const current = document.getElementById('conversation');
  if (next && current && next.innerHTML !== current.innerHTML) current.innerHTML = next.innerHTML;
}, 2000);
</script>`,
  );
}
