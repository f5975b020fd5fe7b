/** Text made safe to put in HTML, between tags or inside a quoted attribute. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A page of the local stand-ins that `npm start` runs beside the product (the payment processor,
 * the age wallet): one card on a grey ground, with the page's own rules after the shared ones.
 *
 * @example
 *   localPage('Test age wallet', '<h1>Test age wallet</h1>', 'button.under{background:#8a2b2b}')
 */
export function localPage(title: string, body: string, style: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f6;color:#1d1d22;margin:0;padding:2rem}
main{max-width:32rem;margin:auto;background:#fff;border-radius:10px;padding:1.5rem 2rem;box-shadow:0 2px 10px #0002}
h1{font-size:1.3rem}.note{font-size:.85rem;color:#555}.error{color:#b00020}
${style}
</style></head><body><main>${body}</main></body></html>`;
}
