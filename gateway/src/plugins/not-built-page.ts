/** What a visitor sees when the gateway runs before a web app was built: the fix, not a blank page. */
export function notBuiltPage(what: string, workspace: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The ${what} is not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>The ${what} is not built yet</h1>
<p>The gateway found no <code>${workspace}/dist/index.html</code>. Build it with
<code>npm run build -w ${workspace}</code> (or start everything with <code>npm start</code>, which builds
what is missing), then reload this page. The API under <code>/api</code> works meanwhile.</p>
</body></html>
`;
}
