const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f6;color:#1d1d22;margin:0;padding:2rem}
main{max-width:32rem;margin:auto;background:#fff;border-radius:10px;padding:1.5rem 2rem;box-shadow:0 2px 10px #0002}
h1{font-size:1.3rem}code{font-size:.85rem;word-break:break-all}
button{display:block;width:100%;margin-top:1rem;padding:.7rem 1.2rem;font-size:1rem;border:0;border-radius:6px;background:#2a5bd7;color:#fff;cursor:pointer}
button.under{background:#8a2b2b}.note{font-size:.85rem;color:#555}.error{color:#b00020}
</style></head><body><main>${body}</main></body></html>`;
}

/** The wallet's consent page: who asks, for what, and the tester's two answers. */
export function consentPage(request: string, verifier: string): string {
  const hidden = `<input type="hidden" name="request" value="${escapeHtml(request)}">`;
  return page(
    'Test age wallet',
    `<h1>Test age wallet (local)</h1>
<p>A service asks for proof that you are over 18: the <code>age_over_18</code> attribute of an
<code>eu.europa.ec.av.1</code> age attestation, and nothing else.</p>
<p class="note">Asked by <code>${escapeHtml(verifier)}</code></p>
<p class="note">This is a test wallet with its own test issuer. It presents a real signed
attestation; choose what it says.</p>
<form method="post" action="/present">${hidden}
<button type="submit" name="answer" value="over-18">Present: over 18 (age_over_18 true)</button>
<button type="submit" name="answer" value="under-18" class="under">Present: under 18 (age_over_18 false)</button>
</form>`,
  );
}

/** What the wallet shows when it cannot send the browser back. */
export function problemPage(detail: string): string {
  return page(
    'Test age wallet',
    `<h1>Test age wallet (local)</h1><p class="error" role="alert">${escapeHtml(detail)}</p>`,
  );
}
