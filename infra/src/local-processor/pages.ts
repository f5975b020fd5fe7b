import { escapeHtml, localPage } from '../local-pages/local-page';
import type { ProcessorTransaction } from './processor-ledger';

/** The test cards of the hosted payment page, as the page lists them. */
export const TEST_CARDS = {
  approve: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  secondStep: '4000 0000 0000 3220',
} as const;

const page = (title: string, body: string) =>
  localPage(
    title,
    body,
    'label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem;border:0;border-radius:6px;background:#2a5bd7;color:#fff;cursor:pointer}button.secondary{background:#777}table{border-collapse:collapse;width:100%}td,th{padding:.3rem;border-bottom:1px solid #ddd;text-align:left;font-size:.9rem}',
  );

/** The hosted payment page: the order, the card form and the test cards. */
export function paymentPage(order: Record<string, string>, error?: string): string {
  const hidden = Object.entries(order)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return page(
    'Local processor: pay',
    `<h1>Local payment processor</h1>
<p>${escapeHtml(order.description ?? '')}: <strong>${escapeHtml(order.priceAmount ?? '')} ${escapeHtml(order.priceCurrency ?? '')}</strong></p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/pay">${hidden}
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="off" required>
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" value="12/34" required>
<label for="cvc">CVC</label><input id="cvc" name="cvc" value="123" required>
<button type="submit">Pay ${escapeHtml(order.priceAmount ?? '')} ${escapeHtml(order.priceCurrency ?? '')}</button>
</form>
<p class="note">Test cards: ${TEST_CARDS.approve} approves, ${TEST_CARDS.decline} is declined,
${TEST_CARDS.secondStep} asks for a second step. This is the embedded processor of the development
setup: nothing is charged, and the card number never leaves this page's server.</p>`,
  );
}

/** The second step a card may ask for (as a bank's confirmation would). */
export function secondStepPage(order: Record<string, string>): string {
  const hidden = Object.entries(order)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return page(
    'Local processor: confirm',
    `<h1>Your bank asks you to confirm</h1>
<p>Confirm the payment of <strong>${escapeHtml(order.priceAmount ?? '')} ${escapeHtml(order.priceCurrency ?? '')}</strong>.</p>
<form method="post" action="/pay/confirm">${hidden}<button type="submit" name="answer" value="confirm">Confirm</button>
<button type="submit" class="secondary" name="answer" value="cancel">Cancel</button></form>`,
  );
}

/** The processor's own page: its sales, each refundable or chargeable back. */
export function salesPage(
  transactions: readonly ProcessorTransaction[],
  delivered: (id: string) => string | undefined,
): string {
  const rows = [...transactions]
    .reverse()
    .map((t) => {
      const reversed = transactions.some((o) => o.saleId === t.saleId && o.kind !== 'sale');
      const actions =
        t.kind === 'sale' && !reversed
          ? `<form method="post" action="/sales/${escapeHtml(t.saleId)}/refund" style="display:inline"><button type="submit">Refund</button></form>
<form method="post" action="/sales/${escapeHtml(t.saleId)}/chargeback" style="display:inline"><button type="submit" class="secondary">Charge back</button></form>`
          : '';
      return `<tr><td>${escapeHtml(t.at.slice(0, 19).replace('T', ' '))}</td><td>${escapeHtml(t.kind)}</td><td>${escapeHtml(t.saleId)}</td>
<td>${escapeHtml(t.transactionId)}</td><td>${escapeHtml(t.amount)} ${escapeHtml(t.currency)}</td><td>${delivered(t.transactionId) ? 'OK' : 'sending'}</td><td>${actions}</td></tr>`;
    })
    .join('');
  return page(
    'Local processor: sales',
    `<h1>Local processor: sales</h1>
<table><thead><tr><th>When (UTC)</th><th>Kind</th><th>Sale</th><th>Transaction</th><th>Amount</th><th>Notice</th><th></th></tr></thead>
<tbody>${rows || '<tr><td colspan="7">No sales yet.</td></tr>'}</tbody></table>`,
  );
}
