/** For the browser tests of web/ and admin-web/: a throw-away stack, Chromium and an SMTP inbox. */
export { startE2eStack, type E2eStack, type E2eStackOptions } from './throwaway-stack.ts';
export { addressesOf, type StackAddresses } from './stack-addresses.ts';
export { CHROMIUM_ARGS, launchBrowser, launchChromium, type Browser } from './browser.ts';
export { headerOf, SmtpInbox, type ReceivedMail } from './smtp-inbox.ts';
