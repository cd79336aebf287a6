export * from './token-signer.ts';
export { prometheusSample } from './prometheus-sample.ts';
export { freePort } from './free-port.ts';
