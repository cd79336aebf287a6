/** For the browser tests of web/ and admin-web/: a throw-away stack and Chromium. */
export { startE2eStack, type E2eStack, type E2eStackOptions } from './throwaway-stack.ts';
export { CHROMIUM_ARGS, launchBrowser, launchChromium, type Browser } from './browser.ts';
