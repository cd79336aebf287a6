export * from './token-signer.ts';
export { prometheusSample } from './prometheus-sample.ts';
export { freePort } from './free-port.ts';
export { letTimePass, waitFor, type WaitForOptions } from './wait-for.ts';
export {
  startTestService,
  type TestService,
  type TestServiceOptions,
  type TestStores,
} from './test-service.ts';
