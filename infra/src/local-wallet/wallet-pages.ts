import { escapeHtml, localPage } from '../local-pages/local-page';

const page = (title: string, body: string) =>
  localPage(
    title,
    body,
    'code{font-size:.85rem;word-break:break-all}button{display:block;width:100%;margin-top:1rem;padding:.7rem 1.2rem;font-size:1rem;border:0;border-radius:6px;background:#2a5bd7;color:#fff;cursor:pointer}button.under{background:#8a2b2b}',
  );

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
