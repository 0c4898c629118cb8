/**
 * A plain Hebrew page for errors met by a browser posting a form without JavaScript (an expired
 * XSRF token, too many attempts): the message and a way back, instead of a JSON body.
 */
/** Text for HTML content and attribute values (also used by the e-mails of server/mail/). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function wantsHtml(accept: string | undefined, path: string): boolean {
  return !path.startsWith("/api/") && (accept ?? "").includes("text/html");
}

export function errorPageHtml(message: string): string {
  return `<!doctype html>
<html lang="he" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(message)}</title>
<style>body{font-family:system-ui,Arial,sans-serif;background:#fdf7ee;color:#2a1a0f;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:32rem;padding:2rem;text-align:center}a{color:#85200f;font-weight:600}</style></head>
<body><main><h1>${escapeHtml(message)}</h1><p>רעננו את הדף הקודם ונסו שוב, או <a href="/">חזרו לדף הבית</a>.</p></main></body></html>`;
}
