import type { AlertTargetAnswer } from '@celebstyle/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * link-validation's internal GET /internal/alert-targets/{postId} on 127.0.0.1 (port 0), answering
 * from `looks`: what newsletter-support asks when a shopper sets an alert. The real route has its
 * own test in services/link-validation; this one lets a test set a look's links and prices.
 */
export class AlertTargetsServer {
  readonly looks = new Map<string, AlertTargetAnswer>();
  requests = 0;
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      this.requests += 1;
      const match = /^\/internal\/alert-targets\/([^/?]+)$/.exec(request.url ?? '');
      const look = match ? this.looks.get(decodeURIComponent(match[1]!)) : undefined;
      response.setHeader('content-type', 'application/json');
      if (!look) {
        response.statusCode = 404;
        response.end(
          JSON.stringify({
            statusCode: 404,
            error: 'Not Found',
            message: 'Post not found',
            code: 'NOT_FOUND',
          }),
        );
        return;
      }
      response.end(JSON.stringify(look));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
