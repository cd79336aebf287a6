// Each production process's own configuration loader, so manifests are checked by the code that
// reads them at start-up: a missing, malformed or refused value (TRUST_PROXY=true) fails here.
import { generateKeyPairSync } from 'node:crypto';
import { loadConfig, trustGatewayOnly } from '@celebstyle/service-kit';
import {
  AccountsSettings,
  loadWorkerConfig as loadAccountsWorkerConfig,
} from '../../../services/accounts/src/config.ts';
import { loadCatalogConfig, loadCatalogWorkerConfig } from '../../../services/catalog/src/config.ts';
import * as linkValidation from '../../../services/link-validation/src/config.ts';
import * as newsletter from '../../../services/newsletter-support/src/config.ts';
import { loadGatewayConfig, trustProxyOption } from '../../../gateway/src/config.ts';

type Env = Record<string, string | undefined>;

export const CONFIG_LOADERS: Record<string, (env: Env) => void> = {
  catalog: (env) => loadCatalogConfig(env),
  'catalog-worker': (env) => loadCatalogWorkerConfig(env),
  accounts: (env) => trustGatewayOnly(loadConfig(AccountsSettings, env).TRUSTED_GATEWAY_ADDRESSES),
  'accounts-worker': (env) => loadAccountsWorkerConfig(env),
  'newsletter-support': (env) => trustGatewayOnly(newsletter.loadServerConfig(env).TRUSTED_GATEWAY_ADDRESSES),
  'newsletter-worker': (env) => newsletter.loadWorkerConfig(env),
  'link-validation': (env) => linkValidation.loadServerConfig(env),
  'link-validation-worker': (env) => linkValidation.loadWorkerConfig(env),
  gateway: (env) => trustProxyOption(loadGatewayConfig(env).TRUST_PROXY),
};

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const jwk = (key: typeof publicKey) => ({ ...key.export({ format: 'jwk' }), kid: 'k1', alg: 'EdDSA' });

/** What an operator puts into the Secrets (README), as the processes expect to read it. */
export const SAMPLE_SECRETS: Record<string, string> = {
  DATABASE_URL: 'postgres://celebstyle:secret@10.20.0.5:5432/celebstyle',
  REDIS_URL: 'redis://:secret@10.20.0.6:6379',
  AUTH_JWKS: JSON.stringify({ keys: [jwk(publicKey)] }),
  AUTH_PRIVATE_KEY: JSON.stringify(jwk(privateKey)),
  ADMIN_USERNAME: 'admin',
  ADMIN_EMAIL: 'admin@celebstyle.example',
  ADMIN_PASSWORD: 'a long first password',
  NEWSLETTER_SIGNING_SECRET: 'n'.repeat(48),
  SMTP_URL: 'smtps://mailer:secret@smtp.celebstyle.example:465',
};

/** Names that hold credentials: they belong in a Secret, never in a ConfigMap or in plain text. */
export const SECRET_NAME = /PASSWORD|SECRET|PRIVATE|TOKEN|API_KEY|DATABASE_URL|REDIS_URL|SMTP_URL|JWKS/;
