/*
 * The local USSD simulator's page: a phone's screen and keypad. Dial the short code to start a
 * session, type each answer on the keypad and press Send; every step goes to the phone's own
 * /ussd/step (which signs it and passes it to Krom's local USSD callback) and the screen shows
 * Krom's answer. A session that Krom ends (END) or the person hangs up on starts afresh.
 */

export const USSD_SHORT_CODE = '*713#';

export function ussdPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local USSD phone</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f4f0; color: #1a1a1a; }
  main { max-width: 20rem; margin: 0 auto; padding: 1rem; }
  label { display: block; font-weight: 600; margin: .5rem 0 .25rem; }
  input { font-size: 1.1rem; padding: .4rem; width: 100%; box-sizing: border-box; }
  #screen { background: #cfe3c8; border: 2px solid #333; border-radius: .4rem; min-height: 9rem; padding: .5rem; white-space: pre-wrap; font-family: monospace; margin: .75rem 0; }
  .keys { display: grid; grid-template-columns: repeat(3, 1fr); gap: .4rem; }
  button { font-size: 1.1rem; padding: .6rem; border-radius: .35rem; border: 1px solid #555; background: #fff; cursor: pointer; }
  .actions { display: grid; grid-template-columns: 1fr 1fr; gap: .4rem; margin-top: .4rem; }
  .send { background: #0b6b2f; color: #fff; border-color: #0b6b2f; }
</style>
</head>
<body><main>
<h1>Local USSD phone</h1>
<label for="number">This phone's number</label>
<input id="number" inputmode="tel" autocomplete="off" placeholder="024 123 4567">
<div id="screen" role="status" aria-live="polite">Dial ${USSD_SHORT_CODE} and press Send.</div>
<label for="entry">Input</label>
<input id="entry" autocomplete="off" value="${USSD_SHORT_CODE}">
<div class="keys">${['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'].map((key) => `<button type="button" data-key="${key}">${key}</button>`).join('')}</div>
<div class="actions"><button type="button" id="hangup">Hang up</button><button type="button" class="send" id="send">Send</button></div>
<script>
  const screen = document.getElementById('screen');
  const entry = document.getElementById('entry');
  let session = null;
  let inputs = [];
  const hangUp = (text) => { session = null; inputs = []; entry.value = '${USSD_SHORT_CODE}'; screen.textContent = text; };
  for (const key of document.querySelectorAll('[data-key]')) key.addEventListener('click', () => { entry.value += key.dataset.key; entry.focus(); });
  document.getElementById('hangup').addEventListener('click', () => hangUp('Dial ${USSD_SHORT_CODE} and press Send.'));
  document.getElementById('send').addEventListener('click', async () => {
    const typed = entry.value.trim();
    if (!session) {
      if (typed !== '${USSD_SHORT_CODE}') { screen.textContent = 'Dial ${USSD_SHORT_CODE} to reach Krom.'; return; }
      session = crypto.randomUUID();
    } else {
      inputs.push(typed);
    }
    entry.value = '';
    const response = await fetch('/ussd/step', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ number: document.getElementById('number').value, sessionId: session, text: inputs.join('*') }) });
    const answer = await response.json();
    if (!response.ok) { hangUp(answer.message || 'Connection problem or invalid MMI code.'); return; }
    if (answer.end) { hangUp(answer.text); entry.value = '${USSD_SHORT_CODE}'; } else screen.textContent = answer.text;
  });
</script>
</main></body>
</html>
`;
}
