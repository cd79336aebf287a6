import type { AlertTargetAnswer } from '@celebstyle/contracts';
import {
  createWorkerConnection,
  QueueName,
  type LinkHealthChangedEvent,
  type LinkOffer,
} from '@celebstyle/queue';
import { Queue } from 'bullmq';
import { waitFor } from '@celebstyle/service-kit/testing';
import { randomUUID } from 'node:crypto';
import type { Harness } from './app.ts';

/** A look of two items as link-validation would answer it: a sold-out coat, a $200 bag. */
export function newLook(): AlertTargetAnswer {
  return {
    postId: randomUUID(),
    title: 'Rachel Green at Central Perk',
    links: [
      {
        linkId: randomUUID(),
        text: 'Camel Coat',
        status: 'sold_out',
        stockStatus: 'out_of_stock',
        price: 100,
        currency: 'USD',
      },
      {
        linkId: randomUUID(),
        text: 'Leather Bag',
        status: 'active',
        stockStatus: 'in_stock',
        price: 200,
        currency: 'USD',
      },
    ],
  };
}

let clock = Date.parse('2026-11-27T00:00:00Z');

/** An event as link-validation's outbox publishes it for one link of `look`. */
export function healthEvent(
  look: AlertTargetAnswer,
  linkIndex: number,
  now: Partial<LinkOffer>,
  previous: Partial<LinkOffer> = {},
): LinkHealthChangedEvent {
  const link = look.links[linkIndex]!;
  const before: LinkOffer = {
    status: link.status as LinkOffer['status'],
    stockStatus: link.stockStatus,
    price: link.price,
    currency: link.currency,
    ...previous,
  };
  const after: LinkOffer = { ...before, ...now };
  clock += 1_000;
  return {
    postId: look.postId,
    linkId: link.linkId,
    ...after,
    checkedAt: new Date(clock).toISOString(),
    changed: ['status', 'stock', 'price'],
    previous: before,
    retailer: 'Shop A',
    postTitle: look.title,
    linkText: link.text,
    url: `https://shop-a.test/p/${linkIndex}?utm_source=x`,
    realUrl: null,
    cleanUrl: `https://shop-a.test/p/${linkIndex}`,
  };
}

/** Publishes events on the alerts' queue (as link-validation's outbox sweep) and waits until applied. */
export function alertEventPublisher(h: Pick<Harness, 'redisUrl' | 'keyPrefix'>) {
  const connection = createWorkerConnection(h.redisUrl);
  const queue = new Queue<LinkHealthChangedEvent>(QueueName.alertLinkHealthEvents, {
    connection,
    prefix: h.keyPrefix,
  });
  let sequence = 0;
  return {
    queue,
    async apply(event: LinkHealthChangedEvent, jobId = `health-${++sequence}`): Promise<void> {
      const job = await queue.add('link-health-changed', event, { jobId });
      const state = await waitFor(
        async () => {
          const state = await queue.getJobState(job.id!);
          if (state === 'completed' || state === 'unknown' || state === 'failed') return state;
          throw new Error(`event ${job.id} not applied (${state})`);
        },
        { timeoutMs: 15_000 },
      );
      if (state === 'failed') throw new Error(`event ${job.id} failed`);
    },
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
}
