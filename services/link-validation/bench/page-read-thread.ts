/**
 * One reader of the page read bench in a thread of its own (BENCH_APART=1): its own engine, so what
 * the other reader does to code they share (htmlparser2's tokenizer) cannot make it faster or
 * slower, as in a worker that only checks links. Answers each round with its CPU ms per page.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { cpuMsPerPage, READERS, type ReaderName } from './page-readers.ts';

const { reader, pages } = workerData as { reader: ReaderName; pages: Uint8Array[] };
const buffers = pages.map((bytes) => Buffer.from(bytes));
parentPort!.on('message', (times: number) => {
  parentPort!.postMessage(
    cpuMsPerPage(READERS[reader], buffers, times, (previous) => process.threadCpuUsage(previous)),
  );
});
