import { lookup } from 'node:dns/promises';
import { HostNotFoundError } from './address-policy.ts';

/** Resolves a host name to every address it has (the connector checks them all). */
export type HostResolver = (hostname: string) => Promise<string[]>;

const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ENODATA', 'EAI_NONAME', 'EAI_FAIL', 'ESERVFAIL']);

/** The machine's resolver (getaddrinfo), every address of both families. */
export const systemResolver: HostResolver = async (hostname) => {
  try {
    const answers = await lookup(hostname, { all: true, verbatim: true });
    return answers.map((answer) => answer.address);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code && NOT_FOUND_CODES.has(code)) throw new HostNotFoundError(hostname, code);
    throw error;
  }
};
