// The images' HEALTHCHECK (no curl in node:*-slim): exit 0 when this container's HTTP process
// answers GET /healthz on PORT (set per role in deploy/Dockerfile), else 1.
const port = process.env.PORT;
if (!port) {
  console.error('healthcheck: PORT is not set');
  process.exit(1);
}
try {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(3_000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
