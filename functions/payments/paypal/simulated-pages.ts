import type { HttpEvent, HttpResult } from '../../lib/http';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function htmlPage(statusCode: number, title: string, main: string): HttpResult {
  return {
    statusCode,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    body: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fa;color:#1a1a1a}
main{max-width:32rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.5rem;margin-top:0}
fieldset{border:1px solid #ccd;border-radius:6px;margin:1.5rem 0;padding:1rem}
label{display:block;margin:.5rem 0}
.buttons{display:flex;gap:1rem}
button{font-size:1rem;padding:.75rem 1.25rem;border-radius:24px;border:2px solid #003087;cursor:pointer}
button[value=agree]{background:#003087;color:#fff}
button[value=cancel]{background:#fff;color:#003087}
button:focus-visible{outline:3px solid #ffc439;outline-offset:2px}
.note{font-size:.875rem;color:#555}
</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>
`,
  };
}

/** A form or JSON body as string fields. */
export function formFields(event: HttpEvent): Record<string, string> {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const type = (event.headers?.['content-type'] ?? '').toLowerCase();
  if (type.includes('application/json')) {
    try {
      const value = JSON.parse(text) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(value).map(([key, field]) => [key, typeof field === 'string' ? field : String(field)]),
      );
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}
